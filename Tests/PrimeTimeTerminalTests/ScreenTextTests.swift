import Clocks
import Foundation
import PrimeTimeCore
import PrimeTimeFixtures
import Testing

@testable import PrimeTimeTerminal

/// Each screen of both apps as the terminal draws it, as text: what a user sees, checked line by
/// line on both sides.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ScreenTextTests {
  /// Both apps draw exactly `expected` on `tab` (one app's drawing can never stand in for the
  /// other's: each side is checked).
  func expectBoth(_ controller: Controller, on tab: Tab, _ expected: [String]) {
    for pane in controller.panes {
      let lines = pane.lines(on: tab, selectedRow: controller.selectedRow) { _ in "00:00:00" }
      #expect(lines == expected, "\(pane.name)")
    }
  }

  @Test(arguments: Design.allCases) func counterAtStart(_ design: Design) throws {
    let directory = try TemporaryDirectory()
    let (controller, _, _) = makeController(directory, design: design)
    expectBoth(
      controller,
      on: .counter,
      ["# Counter demo", "[-]", "0", "[+]", "[Is this prime?]", "[What is the 0th prime?]"]
    )
  }

  /// While the nth-prime engine answers, the button is disabled in both apps (checked before
  /// the answer can arrive: it needs the main actor, which this test holds); then the alert.
  @Test(arguments: Design.allCases) func nthPrimeButtonDisabledWhileAskingThenTheAlert(
    _ design: Design
  ) async throws {
    let directory = try TemporaryDirectory()
    let (controller, _, _) = makeController(directory, design: design)
    for _ in 0..<7 { _ = controller.handle(.character("+")) }
    _ = controller.handle(.character("n"))
    expectBoth(
      controller,
      on: .counter,
      [
        "# Counter demo", "[-]", "7", "[+]", "[Is this prime?]",
        "[What is the 7th prime?] (disabled)", "Asking for the 7th prime…", "[Cancel]",
      ]
    )
    _ = controller.handle(.character("n"))
    #expect(controller.hint == "“What is the 7th prime?” is disabled right now")
    #expect(await waitUntilIdle(controller))
    expectBoth(
      controller,
      on: .counter,
      [
        "# Counter demo", "[-]", "7", "[+]", "[Is this prime?]", "[What is the 7th prime?]",
        "alert: The 7th prime is 17", "  [Ok]",
      ]
    )
    _ = controller.handle(.character("+"))
    #expect(controller.hint == "an alert is up: press enter for Ok")
    _ = controller.handle(.enter)
    expectBoth(
      controller,
      on: .counter,
      ["# Counter demo", "[-]", "7", "[+]", "[Is this prime?]", "[What is the 7th prime?]"]
    )
  }

  /// "Cancel" while asking: both buttons come back at once, and no alert follows (the
  /// composable effect is cancelled; the vanilla answer arrives and is dropped).
  @Test(arguments: Design.allCases) func cancellingTheNthPrimeQuestion(_ design: Design)
    async throws
  {
    let directory = try TemporaryDirectory()
    let (controller, _, _) = makeController(directory, design: design)
    for _ in 0..<7 { _ = controller.handle(.character("+")) }
    _ = controller.handle(.character("n"))
    _ = controller.handle(.character("c"))
    let enabled = [
      "# Counter demo", "[-]", "7", "[+]", "[Is this prime?]", "[What is the 7th prime?]",
    ]
    expectBoth(controller, on: .counter, enabled)
    #expect(await waitUntilIdle(controller))
    expectBoth(controller, on: .counter, enabled)
    _ = controller.handle(.character("c"))
    #expect(controller.hint == "no “Cancel” on this screen")
  }

  /// With a thinking delay (`--think 2`) the question waits on the clock, so a script can show
  /// "Asking…", cancel it, let the delay run out (no answer in either app), and ask again.
  @Test(arguments: Design.allCases) func aThinkingDelayShowsAskingAndCancelInAScript(
    _ design: Design
  ) async throws {
    let directory = try TemporaryDirectory()
    let script = (Array(repeating: "+", count: 7) + ["n", "c", "wait 3", "n", "wait 2"])
      .joined(separator: "\n")
    let frames = try await frames(script, in: directory, thinking: .seconds(2), design: design)
    let asking = ["[What is the 7th prime?] (disabled)", "Asking for the 7th prime…", "[Cancel]"]
    for app in 0...1 {
      // The screen only, not the log under it (a state diff there may name an `alert:` field).
      let screens = frames.map { side(app, of: $0).prefix { $0 != "── log" } }
      #expect(screens[8].contains(asking[0]) && screens[8].contains(asking[1]))
      #expect(screens[8].contains(asking[2]))
      for index in [9, 10] {
        #expect(screens[index].contains("[What is the 7th prime?]"))
        #expect(!screens[index].contains(asking[1]))
        #expect(!screens[index].contains { $0.hasPrefix("alert:") })
      }
      #expect(screens[11].contains(asking[1]))
      #expect(screens[12].contains("alert: The 7th prime is 17"))
    }
    // The cancelled question never answers: after the wait, the composable log has received no
    // response, and the vanilla log shows no late change.
    #expect(frames.count == 13)
    #expect(!frames[10].contains("nthPrimeResponse"))
    #expect(!side(0, of: frames[10]).contains { $0.contains("◦") })
  }

  @Test(arguments: Design.allCases) func primeModalSaveThenRemove(_ design: Design) throws {
    let directory = try TemporaryDirectory()
    let (controller, _, _) = makeController(directory, design: design)
    for key in ["+", "+", "p"] { _ = controller.handle(.character(Character(key))) }
    let counter = [
      "# Counter demo", "[-]", "2", "[+]", "[Is this prime?]", "[What is the 2nd prime?]",
    ]
    expectBoth(
      controller,
      on: .counter,
      counter + ["sheet:", "  # Is this prime?", "  2 is prime 🎉", "  [Save to favorite primes]"]
    )
    _ = controller.handle(.character("s"))
    expectBoth(
      controller,
      on: .counter,
      counter + [
        "sheet:", "  # Is this prime?", "  2 is prime 🎉", "  [Remove from favorite primes]",
      ]
    )
    _ = controller.handle(.escape)
    expectBoth(controller, on: .counter, counter)
    expectBoth(
      controller,
      on: .favorites,
      ["# Favorite primes", "▸ - 2", "[Save]", "[Load]", "Activity:", "  00:00:00 saved 2"]
    )
  }

  /// Deleting the selected row, and the alert a corrupt favourites file raises on Load (each app
  /// names its own file).
  @Test(arguments: Design.allCases) func favoritesDeleteAndTheLoadAlert(_ design: Design)
    async throws
  {
    let directory = try TemporaryDirectory()
    let (controller, vanilla, composable) = makeController(directory, design: design)
    for key: Character in ["+", "+", "p", "s", "x", "+", "p", "s", "x", "2", "d"] {
      _ = controller.handle(.character(key))
    }
    expectBoth(
      controller,
      on: .favorites,
      [
        "# Favorite primes", "▸ - 3", "[Save]", "[Load]", "Activity:", "  00:00:00 saved 2",
        "  00:00:00 saved 3", "  00:00:00 removed 2",
      ]
    )
    for app in ["vanilla", "composable"] {
      let folder = directory.url.appendingPathComponent(app)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data("not json".utf8).write(to: folder.appendingPathComponent("favorite-primes.json"))
    }
    _ = controller.handle(.character("l"))
    #expect(await waitUntilIdle(controller))
    for pane in [vanilla as any AppPane, composable] {
      let alert = try #require(pane.favoritesScreen.alert, "\(pane.name)")
      #expect(alert.title.contains("\(pane.name)/favorite-primes.json"), "\(alert.title)")
    }
    _ = controller.handle(.enter)
    #expect(vanilla.favoritesScreen.alert == nil && composable.favoritesScreen.alert == nil)
  }

  /// The stack's root with its summary, and each pushed screen on top.
  @Test(arguments: Design.allCases) func stackScreensAndTheSummary(_ design: Design) async throws {
    let directory = try TemporaryDirectory()
    let (controller, _, _) = makeController(directory, design: design)
    for key: Character in ["3", "c", "+", "+", "c", "+", "+", "+", "r", "b", "f", "a"] {
      _ = controller.handle(.character(key))
      #expect(await waitUntilIdle(controller))
    }
    expectBoth(
      controller,
      on: .stack,
      [
        "# Navigation stack", "Sum: 5", "- Counter 2", "- Counter 3", "- Number fact 3",
        "[Counter]", "[Number fact]", "[Prime number]", "on top:", "  # Number fact",
        "  Number: [-] 3 [+]", "  3 is the 2nd prime.", "  [Get fact]",
      ]
    )
    _ = controller.handle(.character("b"))
    _ = controller.handle(.character("b"))
    _ = controller.handle(.character("r"))
    expectBoth(
      controller,
      on: .stack,
      [
        "# Navigation stack", "Sum: 2", "- Counter 2", "- Prime number 2", "[Counter]",
        "[Number fact]", "[Prime number]", "on top:", "  # Prime number", "  2 is the 1st prime",
      ]
    )
  }

  /// On a number fact screen, + and − are its stepper's: the number changes through the
  /// stepper's binding, and the fact about the old number goes.
  @Test(arguments: Design.allCases) func theNumberFactStepper(_ design: Design) async throws {
    let directory = try TemporaryDirectory()
    let (controller, _, _) = makeController(directory, design: design)
    for key: Character in ["3", "f", "a", "+"] {
      _ = controller.handle(.character(key))
      #expect(await waitUntilIdle(controller))
    }
    expectBoth(
      controller,
      on: .stack,
      [
        "# Navigation stack", "Sum: 0", "- Number fact 1", "[Counter]", "[Number fact]",
        "[Prime number]", "on top:", "  # Number fact", "  Number: [-] 1 [+]", "  [Get fact]",
      ]
    )
  }

  /// A fact asked for keeps both panes busy until it arrives (checked before it can arrive: the
  /// fact's task needs the main actor, which this test holds), and a script waiting for idle
  /// then sees it on the screen.
  @Test(arguments: Design.allCases) func aFactAskedForKeepsBothPanesBusyUntilItArrives(
    _ design: Design
  ) async throws {
    let directory = try TemporaryDirectory()
    let (controller, vanilla, composable) = makeController(directory, design: design)
    for key: Character in ["3", "f"] {
      _ = controller.handle(.character(key))
      #expect(await waitUntilIdle(controller))
    }
    let fact = "  0 is not prime."
    func shown(_ pane: any AppPane) -> [String] {
      pane.lines(on: .stack, selectedRow: controller.selectedRow) { _ in "00:00:00" }
    }
    #expect(!shown(vanilla).contains(fact) && !shown(composable).contains(fact))
    _ = controller.handle(.character("a"))
    #expect(!vanilla.isIdle)
    #expect(!composable.isIdle)
    #expect(await waitUntilIdle(controller))
    for pane in controller.panes {
      #expect(shown(pane).contains(fact), "\(pane.name): \(shown(pane))")
    }
  }

  /// Waits for the work a key started (the live nth-prime engine answers on another thread), as
  /// a test store's `receive` waits for an effect's action: bounded, and yielding first.
  private func waitUntilIdle(_ controller: Controller) async -> Bool {
    await waitUntil(timeout: settleLimit) { controller.isIdle }
  }
}
