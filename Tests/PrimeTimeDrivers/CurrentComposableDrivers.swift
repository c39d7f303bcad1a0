import ComposableArchitecture
import ComposablePrimeTime
import Foundation
import PrimeTimeCore
import PrimeTimeFixtures

/// Drives the composable app as it is written today (``PrimeTimeFeature`` and its screens) as a
/// user would, through its screens (see ``UIApp``), with the fixtures' date, nth-prime answers
/// and an in-memory favourites file.
@MainActor
public final class CurrentComposableAppDriver: AppDriver {
  let store: StoreOf<PrimeTimeFeature>
  /// The app as a UI test sees it.
  public let ui: UIApp

  /// Creates the app with its starting state and a favourites file.
  public init(
    count: Int = 0,
    favoritePrimes: [Int] = [],
    file: InMemoryFavoritesFile = InMemoryFavoritesFile()
  ) {
    let store = Store(
      initialState: PrimeTimeFeature.State(
        count: count,
        favoritePrimes: favoritePrimes,
        loggedInUser: Fixtures.user
      )
    ) {
      PrimeTimeFeature()
    } withDependencies: {
      $0.useFixtures(file: file)
    }
    self.store = store
    let root = PrimeTimeScreen(store: store)
    ui = UIApp(
      root: { root.screen },
      destinations: [
        "Counter demo": { root.counter.screen },
        "Favorite primes": { root.favoritePrimes.screen },
      ],
      settle: { await store._finishAllEffects() }
    )
  }

  public func perform(_ intent: AppIntent) async throws {
    try await ui.perform(intent)
  }

  public var snapshot: AppSnapshot {
    let state = store.state
    return AppSnapshot(
      count: state.counter.count,
      favoritePrimes: state.favoritePrimes,
      loggedInUser: state.loggedInUser,
      activityFeed: state.activityFeed,
      // What the alert says is what a user sees; the answer is the title's last word.
      alertNthPrime: state.counter.alert.map { alert in
        PrimeAlert(prime: Int(alert.title.string.split(separator: " ").last ?? "") ?? 0)
      },
      isNthPrimeButtonDisabled: state.counter.isNthPrimeButtonDisabled,
      isPrimeModalShown: state.counter.primeModal != nil,
      favoritesAlertMessage: state.favoritesList.alert?.title.string
    )
  }
}
