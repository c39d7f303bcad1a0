import PrimeTimeCore
import Testing

@testable import PrimeTimeTerminal

/// Reading keys from a raw terminal, and scripts from text.
struct KeyAndScriptTests {
  @Test func rawBytesBecomeKeys() {
    #expect(Key.decode(Array("+p".utf8)) == [.character("+"), .character("p")])
    #expect(Key.decode([0x1B, 0x5B, 0x41, 0x1B, 0x5B, 0x42]) == [.up, .down])
    #expect(Key.decode([0x1B]) == [.escape])
    #expect(Key.decode([0x0D, 0x7F, 0x09, 0x03]) == [.enter, .backspace, .tab, .interrupt])
    // The other arrows and function keys are dropped; a multi-byte character stays whole.
    #expect(Key.decode([0x1B, 0x5B, 0x43, 0x1B, 0x5B, 0x31, 0x35, 0x7E]) == [])
    #expect(Key.decode(Array("é".utf8)) == [.character("é")])
  }

  @Test func scriptLinesAreKeysIntentsAndWaits() throws {
    let script = try Script("# a comment\n+\n\nnth-prime\nenter\nwait 2\nwait 3s\n")
    #expect(script.steps.map(\.line) == [2, 4, 5, 6, 7])
    #expect(
      script.steps.map(\.step) == [
        .key(.character("+")), .key(.character("n")), .key(.enter), .wait(seconds: 2),
        .wait(seconds: 3),
      ]
    )
  }

  /// A bad line is named with its number, and nothing of the script is read past it.
  @Test func aBadLineIsReportedWithItsNumber() {
    #expect {
      try Script("+\n+\njump\n+")
    } throws: { error in
      let error = error as? ScriptError
      return error?.line == 3
        && error?.description.hasPrefix("script line 3: “jump” is not a key") == true
    }
    #expect {
      try Script("wait\n")
    } throws: { ($0 as? ScriptError)?.line == 1 }
    #expect {
      try Script("wait s3")
    } throws: { ($0 as? ScriptError)?.line == 1 }
    #expect {
      try Script("+\nwait 99999")
    } throws: {
      ($0 as? ScriptError)?.description
        == "script line 2: “wait 99999”: wait takes a whole number of seconds from 0 to 3600, as in “wait 2”"
    }
  }

  /// A step whose work does not finish stops the script with an error naming its line, instead
  /// of drawing the next frame over unfinished work. (A limit of zero: the pane is never idle,
  /// so the first look already fails, with no real time spent waiting.)
  @MainActor
  @Test func aStepThatNeverSettlesStopsTheScriptNamingTheLine() async {
    let controller = Controller(panes: [BusyPane()])
    var frames: [String] = []
    await #expect {
      try await Script("+\nwait 1").run(
        controller,
        frame: Frame(formatTime: { _ in "" }),
        width: 80,
        settleLimit: .zero
      ) { frames.append($0) }
    } throws: { error in
      (error as? ScriptError)
        == ScriptError(line: 1, problem: "“+”: the apps were still busy after 0 seconds")
    }
    // The start was drawn; the unfinished step was not.
    #expect(frames.count == 1)
    #expect(Script.words(.seconds(10)) == "10 seconds")
    #expect(Script.words(.seconds(1)) == "1 second")
    #expect(Script.words(.milliseconds(250)) == "250 ms")
  }

  @Test func textFitsItsColumns() {
    #expect(displayWidth("7 is prime 🎉") == 13)
    #expect(fit("7 is prime 🎉", to: 14) == "7 is prime 🎉 ")
    #expect(fit("abcdef", to: 4) == "abc…")
    #expect(displayWidth(fit("2 is prime 🎉🎉🎉", to: 12)) == 12)
  }
}

/// A pane whose work never finishes.
@MainActor
private final class BusyPane: AppPane {
  let name = "busy"
  let counterScreen = Screen(title: "Counter demo", items: [])
  let favoritesScreen = Screen(title: "Favorite primes", items: [])
  let activityFeed: [Activity] = []
  let stackRootScreen = Screen(title: "Navigation stack", items: [])
  let stackTopScreen: Screen? = nil
  let log: [String] = []
  let isIdle = false
  func stackBack() {}
  func willTap(_ title: String, on tab: Tab) {}
  func noteChanges() {}
  func advance(by duration: Duration) async {}
}
