import PrimeTimeDrivers
import PrimeTimeFixtures
import Testing

/// The vanilla app driven as a UI test drives it: hosted, through its screens' buttons and labels.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct VanillaUITests {
  @Test(arguments: Scenarios.app)
  func scenario(_ scenario: AppScenario) async throws {
    let app = VanillaAppDriver(
      count: scenario.count,
      favoritePrimes: scenario.favoritePrimes,
      file: scenario.makeFile()
    ).ui
    try await playThroughScreens(scenario, on: app)
  }

  /// The test `CounterTests.primeModal_presentedFromCounter` shows a unit test cannot write.
  @Test func primeModal_presentedFromCounter() async throws {
    let driver = VanillaAppDriver(count: 7)
    try await saveFromTheModalShowsInFavorites(driver.ui)
  }
}
