import Foundation
import PrimeTimeFixtures
import Testing

@testable import PrimeTimeTerminal

/// The full-screen frame and the status line that compares the apps.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct FrameTests {
  let frame = Frame(formatTime: { _ in "00:00:00" })

  /// Every line fills the window exactly (an emoji takes two columns), at any size.
  @Test(arguments: [(60, 16), (100, 40), (173, 51)])
  func everyLineFillsTheWindow(width: Int, height: Int) throws {
    let directory = try TemporaryDirectory()
    let (controller, _, _) = makeController(directory)
    for key: Character in ["+", "+", "p"] { _ = controller.handle(.character(key)) }
    let lines = frame.screen(controller, width: width, height: height)
    #expect(lines.count == height)
    #expect(lines.allSatisfy { displayWidth($0) == width })
    #expect(lines.contains { $0.contains("2 is prime 🎉") })
  }

  @Test func belowTheMinimumItSaysHowLarge() throws {
    let directory = try TemporaryDirectory()
    let (controller, _, _) = makeController(directory)
    let lines = frame.screen(controller, width: 50, height: 10)
    #expect(lines.count == 10)
    #expect(lines[0].hasPrefix("PrimeTime needs a window of at least 60×16;"))
    #expect(lines[1].hasPrefix("this one is 50×10."))
  }

  /// The status line names the first line where the apps differ, on any screen.
  @Test func theStatusLineNamesTheFirstDifference() throws {
    let directory = try TemporaryDirectory()
    let (controller, vanilla, _) = makeController(directory)
    #expect(frame.status(controller) == "✓ both apps show the same on every screen")
    // Only one app changes.
    switch vanilla.app {
    case .current(let model): model.counter.count = 5
    case .episode(let state, _, _): state.count = 5
    }
    #expect(
      frame.status(controller)
        == "✗ Counter demo differs at line 3: vanilla “5”, composable “0”"
    )
  }

  /// An unknown key is a hint, never an error, and the help lists the screen's keys.
  @Test func unknownKeysHintAndHelpLists() throws {
    let directory = try TemporaryDirectory()
    let (controller, _, _) = makeController(directory)
    #expect(controller.handle(.character("z")))
    #expect(controller.hint == "“z” does nothing on Counter demo — press ? for the keys")
    _ = controller.handle(.character("?"))
    let lines = frame.screen(controller, width: 100, height: 30).joined(separator: "\n")
    #expect(lines.contains("── keys on Counter demo"))
    #expect(lines.contains("What is the nth prime?"))
    #expect(!controller.handle(.character("q")))
  }
}
