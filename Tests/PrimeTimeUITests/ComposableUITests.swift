import PrimeTimeDrivers
import PrimeTimeFixtures
import Testing

/// The composable app driven as a UI test drives it: through its screens' buttons and labels.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ComposableUITests {
  @Test(arguments: Scenarios.app)
  func scenario(_ scenario: AppScenario) async throws {
    let app = ComposableAppDriver(
      count: scenario.count,
      favoritePrimes: scenario.favoritePrimes,
      file: scenario.makeFile()
    ).ui
    try await playThroughScreens(scenario, on: app)
  }

  /// The same integration, which the composable unit suite also writes with a TestStore.
  @Test func primeModal_presentedFromCounter() async throws {
    let driver = ComposableAppDriver(count: 7)
    try await saveFromTheModalShowsInFavorites(driver.ui)
  }
}
