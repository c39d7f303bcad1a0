import Foundation
import PrimeTimeCore
import PrimeTimeFixtures

@testable import PrimeTimeTerminal

/// Both apps, in one of their designs, with a data directory of their own, manual time and a
/// fixed date, as a script runs them.
@MainActor
func makeController(
  _ directory: TemporaryDirectory,
  thinking: Duration = .zero,
  design: Design = .current
) -> (Controller, VanillaPane, ComposablePane) {
  let settings = PaneSettings(
    dataDirectory: directory.url,
    now: { Date(timeIntervalSinceReferenceDate: 0) },
    manualTime: true,
    nthPrimeDelay: thinking
  )
  let vanilla = VanillaPane(settings: settings, design: design)
  let composable = ComposablePane(settings: settings, design: design)
  return (Controller(panes: [vanilla, composable]), vanilla, composable)
}

/// How long a test lets both apps finish what a step started, before it fails naming the step.
///
/// Longer than the terminal's own 10 seconds: in a ThreadSanitizer run of the whole suite on two
/// cores, five waits of `ScreenTextTests` that take half a second alone all ran out at 10 seconds,
/// together. A hang still fails here, naming the step, before the suites' one-minute limit.
let settleLimit = Duration.seconds(50)

/// Runs a script on both apps and returns its frames, one string each.
@MainActor
func frames(
  _ script: String,
  in directory: TemporaryDirectory,
  width: Int = 100,
  thinking: Duration = .zero,
  design: Design = .current
) async throws -> [String] {
  let (controller, _, _) = makeController(directory, thinking: thinking, design: design)
  var frames: [String] = []
  try await Script(script).run(
    controller,
    frame: Frame(formatTime: { _ in "00:00:00" }),
    width: width,
    settleLimit: settleLimit
  ) {
    frames.append($0)
  }
  return frames
}

/// The text of one side (0: vanilla, 1: composable) of a frame's side-by-side part.
func side(_ index: Int, of frame: String) -> [String] {
  frame.split(separator: "\n").compactMap { line in
    let cells = line.components(separatedBy: " │ ")
    guard cells.count == 2 else { return nil }
    return cells[index].trimmingCharacters(in: .whitespaces)
  }
}
