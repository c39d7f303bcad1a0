import Foundation
import Observation
import PrimeTimeCore

/// The whole app's model: the counter screen and the favourites list, which share one
/// ``Favorites``, and the logged-in user.
///
/// Each screen has a model of its own that owns its logic; this one builds them, hands each its
/// dependencies, and gives both the same favourites. The dependencies come in through the
/// initializer with no defaults: the app passes the live ones, a test passes stubs.
///
/// ```swift
/// let app = PrimeTimeModel(nthPrime: .live, file: .live, now: Date.init)
/// app.counter.incrementButtonTapped()
/// app.counter.isPrimeButtonTapped()
/// ```
@MainActor
@Observable
public final class PrimeTimeModel {
  /// The counter screen's model.
  public let counter: PrimeCounterModel
  /// The favourites list's model.
  public let favoritesList: FavoritePrimesModel
  /// The logged-in user, if any.
  public var loggedInUser: User?

  /// Creates the app.
  ///
  /// - Parameters:
  ///   - count: The counter's starting value.
  ///   - favoritePrimes: The favourites to start with.
  ///   - activityFeed: The feed to start with.
  ///   - loggedInUser: The logged-in user, if any.
  ///   - nthPrime: Answers the nth-prime question.
  ///   - file: Reads and writes the favourites file.
  ///   - now: The date stamped on each activity.
  public init(
    count: Int = 0,
    favoritePrimes: [Int] = [],
    activityFeed: [Activity] = [],
    loggedInUser: User? = nil,
    nthPrime: NthPrimeClient,
    file: FavoritesFileClient,
    now: @escaping @Sendable () -> Date
  ) {
    let favorites = Favorites(primes: favoritePrimes, activityFeed: activityFeed, now: now)
    self.counter = PrimeCounterModel(count: count, favorites: favorites, nthPrime: nthPrime)
    self.favoritesList = FavoritePrimesModel(favorites: favorites, file: file)
    self.loggedInUser = loggedInUser
  }

  /// The favourites, as every screen sees them.
  public var favorites: Favorites { counter.favorites }
}

/// The root screen: a link to each screen, and each screen built on its model.
///
/// ```swift
/// let root = PrimeTimeScreen(model: app)
/// root.counter.screen.button("+")?.action()
/// ```
@MainActor
public struct PrimeTimeScreen {
  /// The app's model.
  public let model: PrimeTimeModel

  /// Creates the screen.
  ///
  /// - Parameter model: The app's model.
  public init(model: PrimeTimeModel) {
    self.model = model
  }

  /// The link titles, in order.
  public var links: [String] { ["Counter demo", "Favorite primes"] }

  /// The "Counter demo" destination.
  public var counter: PrimeCounterScreen { PrimeCounterScreen(model: model.counter) }

  /// The "Favorite primes" destination.
  public var favoritePrimes: FavoritePrimesScreen {
    FavoritePrimesScreen(model: model.favoritesList)
  }

  /// What the root screen shows: a link to each screen.
  public var screen: Screen { .root(links: links) }
}
