import ComposableArchitecture
import Foundation
import PrimeTimeCore

/// The whole app's feature: the counter screen and the favourites list, which share one list of
/// favourites, the logged-in user, and the activity feed.
///
/// The app makes the favourites once (`Shared(value:)`) and hands the same list to both
/// screens; the counter hands it on to the modal it presents. The children tell the app what
/// they did with delegate actions, and the app records each in the activity feed, stamped by
/// `\.date`.
///
/// ```swift
/// let store = Store(initialState: PrimeTimeFeature.State()) { PrimeTimeFeature() }
/// store.send(.counter(.incrementButtonTapped))
/// ```
public struct PrimeTimeFeature: Reducer {
  /// The app's state.
  public struct State: Equatable, Sendable {
    /// The counter screen.
    public var counter: PrimeCounterFeature.State
    /// The favourites list.
    public var favoritesList: FavoritePrimesFeature.State
    /// The logged-in user, if any.
    public var loggedInUser: User?
    /// What the user did to their favourites, oldest first.
    public var activityFeed: [Activity]

    /// Creates the app's state, with one list of favourites shared by its screens.
    ///
    /// - Parameters:
    ///   - count: The counter's starting value.
    ///   - favoritePrimes: The favourites to start with.
    ///   - activityFeed: The feed to start with.
    ///   - loggedInUser: The logged-in user, if any.
    public init(
      count: Int = 0,
      favoritePrimes: [Int] = [],
      activityFeed: [Activity] = [],
      loggedInUser: User? = nil
    ) {
      let favorites = Shared(value: favoritePrimes)
      self.counter = PrimeCounterFeature.State(count: count, favoritePrimes: favorites)
      self.favoritesList = FavoritePrimesFeature.State(favoritePrimes: favorites)
      self.loggedInUser = loggedInUser
      self.activityFeed = activityFeed
    }

    /// The favourites, as every screen sees them.
    public var favoritePrimes: [Int] { counter.favoritePrimes }
  }

  /// An action of one of the app's screens.
  public enum Action: Equatable, Sendable {
    /// An action of the counter screen.
    case counter(PrimeCounterFeature.Action)
    /// An action of the favourites list.
    case favoritesList(FavoritePrimesFeature.Action)
  }

  @Dependency(\.date) var date

  /// Creates the reducer.
  public init() {}

  /// The screens, and the activity feed their delegate actions feed.
  public var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: \.counter) { PrimeCounterFeature() }
    Scope(state: \.favoritesList, action: \.favoritesList) { FavoritePrimesFeature() }
    Reduce { state, action in
      switch action {
      case .counter(.primeModal(.presented(.delegate(.savedFavoritePrime(let prime))))):
        state.activityFeed.append(Activity(timestamp: date.now, type: .addedFavoritePrime(prime)))
        return .none
      case .counter(.primeModal(.presented(.delegate(.removedFavoritePrime(let prime))))):
        state.activityFeed.append(
          Activity(timestamp: date.now, type: .removedFavoritePrime(prime))
        )
        return .none
      case .favoritesList(.delegate(.deletedFavoritePrimes(let primes))):
        for prime in primes {
          state.activityFeed.append(
            Activity(timestamp: date.now, type: .removedFavoritePrime(prime))
          )
        }
        return .none
      case .counter, .favoritesList:
        return .none
      }
    }
  }
}

extension PrimeTimeFeature.Action: CasePathable {
  /// The case paths of `PrimeTimeFeature.Action`.
  public struct AllCasePaths: Sendable {
    /// `.counter`.
    public let counter = AnyCasePath<PrimeTimeFeature.Action, PrimeCounterFeature.Action>(
      embed: { .counter($0) },
      extract: { if case .counter(let action) = $0 { action } else { nil } }
    )
    /// `.favoritesList`.
    public let favoritesList = AnyCasePath<PrimeTimeFeature.Action, FavoritePrimesFeature.Action>(
      embed: { .favoritesList($0) },
      extract: { if case .favoritesList(let action) = $0 { action } else { nil } }
    )
  }

  /// The case paths.
  public static let allCasePaths = AllCasePaths()
}

// MARK: - Screen

/// The root screen: a link to each screen, each given its part of the app's store.
///
/// ```swift
/// let root = PrimeTimeScreen(store: store)
/// root.counter.screen.button("+")?.action()
/// ```
@MainActor
public struct PrimeTimeScreen {
  /// The app's store.
  public let store: StoreOf<PrimeTimeFeature>

  /// Creates the screen.
  ///
  /// - Parameter store: The app's store.
  public init(store: StoreOf<PrimeTimeFeature>) {
    self.store = store
  }

  /// The link titles, in order.
  public var links: [String] { ["Counter demo", "Favorite primes"] }

  /// The "Counter demo" destination.
  public var counter: PrimeCounterScreen {
    PrimeCounterScreen(store: store.scope(state: \.counter, action: \.counter))
  }

  /// The "Favorite primes" destination.
  public var favoritePrimes: FavoritePrimesScreen {
    FavoritePrimesScreen(store: store.scope(state: \.favoritesList, action: \.favoritesList))
  }

  /// What the root screen shows: a link to each screen.
  public var screen: Screen { .root(links: links) }
}
