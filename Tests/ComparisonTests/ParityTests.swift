import Clocks
import PrimeTimeCore
import PrimeTimeDrivers
import PrimeTimeFixtures
import Testing

/// Scenario parity: every fixture scenario, run on both apps, gives identical snapshots at
/// every step (and the expected outcome where the scenario states one).
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ParityTests {
  @Test(arguments: Scenarios.app)
  func appScenario(_ scenario: AppScenario) async throws {
    try await Self.run(
      scenario,
      vanilla: VanillaAppDriver(
        count: scenario.count,
        favoritePrimes: scenario.favoritePrimes,
        file: scenario.makeFile()
      ),
      composable: ComposableAppDriver(
        count: scenario.count,
        favoritePrimes: scenario.favoritePrimes,
        file: scenario.makeFile()
      )
    )
  }

  /// The two apps as they are written today: every scenario ends the same, step by step.
  @Test(arguments: Scenarios.app)
  func appScenario_currentDesigns(_ scenario: AppScenario) async throws {
    try await Self.run(
      scenario,
      vanilla: CurrentVanillaAppDriver(
        count: scenario.count,
        favoritePrimes: scenario.favoritePrimes,
        file: scenario.makeFile()
      ),
      composable: CurrentComposableAppDriver(
        count: scenario.count,
        favoritePrimes: scenario.favoritePrimes,
        file: scenario.makeFile()
      )
    )
  }

  /// Plays `scenario` on both drivers, comparing their snapshots before the first step and after
  /// every step, and the end with the scenario's expected outcome.
  static func run(
    _ scenario: AppScenario,
    vanilla: any AppDriver,
    composable: any AppDriver
  ) async throws {
    #expect(vanilla.snapshot == composable.snapshot, "before the first step")
    let initial = vanilla.snapshot
    for (step, intent) in scenario.intents.enumerated() {
      #expect(vanilla.snapshot.offers(intent), "step \(step): \(intent) is not on screen")
      try await vanilla.perform(intent)
      try await composable.perform(intent)
      #expect(
        vanilla.snapshot == composable.snapshot,
        "step \(step) (\(intent)):\n  vanilla:    \(vanilla.snapshot)\n  composable: \(composable.snapshot)"
      )
    }
    if let expected = scenario.expected {
      var snapshot = initial
      expected(&snapshot)
      let final = vanilla.snapshot
      // Fields the scenario does not mention keep their starting values, except the count, the
      // feed and the alert state, which the steps may change on the way.
      #expect(
        final.favoritePrimes == snapshot.favoritePrimes
          || snapshot.favoritePrimes == initial.favoritePrimes
      )
      #expect(
        final.activityFeed == snapshot.activityFeed || snapshot.activityFeed == initial.activityFeed
      )
      #expect(final.count == snapshot.count || snapshot.count == initial.count)
      #expect(
        final.alertNthPrime == snapshot.alertNthPrime
          || snapshot.alertNthPrime == initial.alertNthPrime
      )
      #expect(
        final.favoritesAlertMessage == snapshot.favoritesAlertMessage
          || snapshot.favoritesAlertMessage == initial.favoritesAlertMessage
      )
    }
  }

  @Test(arguments: Scenarios.stack)
  func stackScenario(_ scenario: StackScenario) async {
    await withMainSerialExecutor {
      let vanilla = VanillaStackDriver()
      let composable = ComposableStackDriver()
      for (step, intent) in scenario.intents.enumerated() {
        await vanilla.perform(intent)
        await composable.perform(intent)
        #expect(
          vanilla.snapshot == composable.snapshot,
          "step \(step) (\(intent)):\n  vanilla:    \(vanilla.snapshot)\n  composable: \(composable.snapshot)"
        )
      }
      if let expected = scenario.expected {
        #expect(vanilla.snapshot == expected)
      }
    }
  }
}
