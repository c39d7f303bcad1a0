import Clocks
import Foundation

/// One step of a script: a key, or time passing.
public enum ScriptStep: Equatable, Sendable {
  /// Press a key.
  case key(Key)
  /// Let this many seconds pass on the apps' clocks (timers, "load and go").
  case wait(seconds: Int)
}

/// A script line that is not a step, or a step that could not finish.
public struct ScriptError: Error, Equatable, CustomStringConvertible {
  /// The line's number, from 1.
  public let line: Int
  /// What is wrong.
  public let problem: String

  public var description: String { "script line \(line): \(problem)" }
}

/// A script: one step per line.
///
/// A line is a key (one character such as `+`, or a name: `enter`, `esc`, `up`, `down`,
/// `backspace`, `tab`, `space`), an intent word standing for its key (`counter`, `favorites`,
/// `stack`, `increment`, `decrement`, `is-prime`, `nth-prime`, `save`, `close`, `ok`, `delete`,
/// `load`, `back`, `quit`), or `wait N` (N seconds, at most 3,600). Blank lines and lines
/// starting with `#` are skipped.
public struct Script: Sendable {
  /// The steps, each with its line number and text.
  public let steps: [(line: Int, text: String, step: ScriptStep)]

  /// The intent words and the keys they stand for.
  public static let intents: [String: Key] = [
    "counter": .character("1"), "favorites": .character("2"), "stack": .character("3"),
    "increment": .character("+"), "decrement": .character("-"), "is-prime": .character("p"),
    "nth-prime": .character("n"), "save": .character("s"), "close": .character("x"),
    "ok": .enter, "delete": .character("d"), "load": .character("l"),
    "back": .character("b"), "quit": .character("q"),
  ]

  /// Reads a script; the first bad line stops the reading.
  ///
  /// - Parameter text: The script.
  /// - Throws: The first line that is not a step, with its number.
  public init(_ text: String) throws(ScriptError) {
    var steps: [(Int, String, ScriptStep)] = []
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      guard !line.isEmpty, !line.hasPrefix("#") else { continue }
      steps.append((index + 1, line, try Self.step(line, number: index + 1)))
    }
    self.steps = steps
  }

  private static func step(_ line: String, number: Int) throws(ScriptError) -> ScriptStep {
    if line.count == 1, let character = line.first { return .key(.character(character)) }
    let lowered = line.lowercased()
    if let key = Key.names[lowered] ?? intents[lowered] { return .key(key) }
    let words = lowered.split(separator: " ")
    if words.first == "wait" {
      let amount =
        words.count == 2 ? String(words[1].hasSuffix("s") ? words[1].dropLast() : words[1]) : ""
      guard let seconds = Int(amount), (0...3_600).contains(seconds) else {
        throw ScriptError(
          line: number,
          problem: "“\(line)”: wait takes a whole number of seconds from 0 to 3600, as in “wait 2”"
        )
      }
      return .wait(seconds: seconds)
    }
    throw ScriptError(
      line: number,
      problem:
        "“\(line)” is not a key, an intent or a wait. Keys: one character, or "
        + Key.names.keys.sorted().joined(separator: ", ") + ". Intents: "
        + intents.keys.sorted().joined(separator: ", ") + "."
    )
  }

  /// Performs the steps and writes a frame after each (and one before the first).
  ///
  /// After each step it waits until both apps have finished what the step started (timers and
  /// "load and go" sleep on a clock that only `wait` moves), so every frame is the same on
  /// every run.
  ///
  /// - Parameters:
  ///   - controller: The apps and the keys.
  ///   - frame: The drawing.
  ///   - width: The frames' columns.
  ///   - settleLimit: How long a step's work may take before the script stops with an error:
  ///     10 seconds by default (the tests allow more: a sanitized build beside the rest of the
  ///     suite on two cores can take that long to finish a step).
  ///   - write: Where each frame goes.
  /// - Throws: A step whose work did not finish within `settleLimit`.
  @MainActor
  public func run(
    _ controller: Controller,
    frame: Frame,
    width: Int,
    settleLimit: Duration = .seconds(10),
    write: (String) -> Void
  ) async throws(ScriptError) {
    var seen = controller.panes.map { $0.log.count }
    func show(_ title: String) {
      let logs = controller.panes.map(\.log)
      let new = zip(logs, seen).map { Array($0.dropFirst($1)) }
      seen = logs.map(\.count)
      write(([title] + frame.text(controller, width: width, newLog: new)).joined(separator: "\n"))
    }
    show("== start")
    for (line, text, step) in steps {
      switch step {
      case .key(let key):
        guard controller.handle(key) else {
          show("== line \(line): \(text) (quit)")
          return
        }
      case .wait(let seconds):
        // A second at a time, each tick handled before the next: as time passes on a device.
        for _ in 0..<seconds {
          for pane in controller.panes { await pane.advance(by: .seconds(1)) }
          try await settle(line: line, text: text, controller, within: settleLimit)
          controller.noteChanges()
        }
      }
      try await settle(line: line, text: text, controller, within: settleLimit)
      controller.noteChanges()
      show("== line \(line): \(text)")
    }
  }

  /// Waits until both apps have finished what the step started.
  @MainActor
  private func settle(
    line: Int,
    text: String,
    _ controller: Controller,
    within limit: Duration
  ) async throws(ScriptError) {
    await Clocks.settle()
    guard await waitUntil(timeout: limit, { controller.isIdle }) else {
      throw ScriptError(
        line: line,
        problem: "“\(text)”: the apps were still busy after \(Self.words(limit))"
      )
    }
    await Clocks.settle()
  }

  /// A limit in words: "10 seconds", "1 second", "250 ms".
  static func words(_ limit: Duration) -> String {
    let (seconds, attoseconds) = limit.components
    if attoseconds == 0 { return seconds == 1 ? "1 second" : "\(seconds) seconds" }
    return "\(seconds * 1000 + attoseconds / 1_000_000_000_000_000) ms"
  }
}
