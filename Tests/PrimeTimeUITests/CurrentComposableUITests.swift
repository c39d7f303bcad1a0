import PrimeTimeDrivers
import PrimeTimeFixtures
import Testing

/// The composable app as it is written today, driven as a UI test drives it: through its
/// screens' buttons and labels only.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct CurrentComposableUITests {
  @Test(arguments: Scenarios.app)
  func scenario(_ scenario: AppScenario) async throws {
    let app = CurrentComposableAppDriver(
      count: scenario.count,
      favoritePrimes: scenario.favoritePrimes,
      file: scenario.makeFile()
    ).ui
    try await playThroughScreens(scenario, on: app)
  }

  @Test func primeModal_presentedFromCounter() async throws {
    let driver = CurrentComposableAppDriver(count: 7)
    try await saveFromTheModalShowsInFavorites(driver.ui)
  }
}
