import Foundation
import PrimeTimeCore
import PrimeTimeFixtures
import VanillaPrimeTime

/// Drives the vanilla app as it is written today (``PrimeTimeModel`` and its screens) as a user
/// would, through its screens (see ``UIApp``), with the fixtures' date, nth-prime answers and an
/// in-memory favourites file.
@MainActor
public final class CurrentVanillaAppDriver: AppDriver {
  /// The app's model, read for the parity snapshot (a UI test could not read it).
  public let model: PrimeTimeModel
  /// The app as a UI test sees it.
  public let ui: UIApp

  /// Creates the app with its starting state and a favourites file.
  public init(
    count: Int = 0,
    favoritePrimes: [Int] = [],
    file: InMemoryFavoritesFile = InMemoryFavoritesFile()
  ) {
    let model = PrimeTimeModel(
      count: count,
      favoritePrimes: favoritePrimes,
      loggedInUser: Fixtures.user,
      nthPrime: NthPrimeClient { Fixtures.nthPrime($0) },
      file: FavoritesFileClient(load: file.loadPrimes, save: file.savePrimes),
      now: { Fixtures.date }
    )
    let root = PrimeTimeScreen(model: model)
    self.model = model
    ui = UIApp(
      root: { root.screen },
      destinations: [
        "Counter demo": { root.counter.screen },
        "Favorite primes": { root.favoritePrimes.screen },
      ],
      settle: {
        // The tasks a tap started: the model keeps each one, so waiting is exact.
        await model.counter.nthPrimeTask?.value
        await model.favoritesList.saveTask?.value
        await model.favoritesList.loadTask?.value
      }
    )
  }

  public func perform(_ intent: AppIntent) async throws {
    try await ui.perform(intent)
  }

  public var snapshot: AppSnapshot {
    AppSnapshot(
      count: model.counter.count,
      favoritePrimes: model.favorites.primes,
      loggedInUser: model.loggedInUser,
      activityFeed: model.favorites.activityFeed,
      alertNthPrime: model.counter.alert,
      isNthPrimeButtonDisabled: model.counter.isNthPrimeButtonDisabled,
      isPrimeModalShown: model.counter.primeModal != nil,
      favoritesAlertMessage: model.favoritesList.alertMessage
    )
  }
}
