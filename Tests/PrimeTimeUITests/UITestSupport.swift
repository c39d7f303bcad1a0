import PrimeTimeCore
import PrimeTimeDrivers
import PrimeTimeFixtures
import Testing

/// Plays `scenario` on an app through its screens only, then checks what the screens show
/// against what the scenario says the user must see.
///
/// What no screen shows (the activity feed, the logged-in user) is out of a UI test's reach.
@MainActor
func playThroughScreens(_ scenario: AppScenario, on app: UIApp) async throws {
  for intent in scenario.intents {
    try await app.perform(intent)
  }
  var expected = AppSnapshot(
    count: scenario.count,
    favoritePrimes: scenario.favoritePrimes,
    loggedInUser: Fixtures.user,
    activityFeed: [],
    alertNthPrime: nil,
    isNthPrimeButtonDisabled: false,
    isPrimeModalShown: false,
    favoritesAlertMessage: nil
  )
  scenario.expected?(&expected)
  let shown = try app.visible
  let wanted = VisibleSnapshot(expected: expected)
  #expect(shown.counter == wanted.counter, "the counter screen")
  #expect(shown.favorites == wanted.favorites, "the favourites screen")
}

/// The integration the vanilla unit suite cannot write: present the prime modal from the
/// counter, save, swipe it away, and find the prime on the favourites screen.
@MainActor
func saveFromTheModalShowsInFavorites(_ app: UIApp) async throws {
  try app.show("Counter demo")
  try await app.tap("Is this prime?")
  try await app.tap("Save to favorite primes")
  try await app.dismissSheet()
  try app.show("Favorite primes")
  #expect(app.screen.rows == ["7"])
}
