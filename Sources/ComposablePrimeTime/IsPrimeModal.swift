import ComposableArchitecture
import PrimeTimeCore

/// The "Is this prime?" modal's feature: says whether the count is prime and, if so, saves it to
/// or removes it from the favourites.
///
/// It holds the app's favourites themselves (`@Shared`), not a copy, and tells its parent what
/// it did with a delegate action; the parent records the activity.
///
/// ```swift
/// await store.send(.saveFavoritePrimeTapped) { $0.$favoritePrimes.withLock { $0 = [7] } }
/// await store.receive(.delegate(.savedFavoritePrime(7)))
/// ```
public struct PrimeModalFeature: Reducer {
  /// The modal's state.
  public struct State: Equatable, Sendable {
    /// The number being asked about.
    public let count: Int
    /// The app's favourites, shared.
    @Shared public var favoritePrimes: [Int]

    /// Creates the state.
    ///
    /// - Parameters:
    ///   - count: The number being asked about.
    ///   - favoritePrimes: The app's favourites.
    public init(count: Int, favoritePrimes: Shared<[Int]>) {
      self.count = count
      self._favoritePrimes = favoritePrimes
    }

    /// Whether the count is prime.
    public var isPrime: Bool { PrimeTimeCore.isPrime(count) }

    /// Whether the count is a favourite already.
    public var isFavorite: Bool { favoritePrimes.contains(count) }

    /// "7 is prime 🎉" or "8 is not prime :(".
    public var message: String { isPrime ? "\(count) is prime 🎉" : "\(count) is not prime :(" }
  }

  /// What the user did in the modal, and what it tells its parent.
  public enum Action: Equatable, Sendable {
    /// What the modal tells its parent.
    case delegate(Delegate)
    /// "Remove from favorite primes" tapped.
    case removeFavoritePrimeTapped
    /// "Save to favorite primes" tapped.
    case saveFavoritePrimeTapped

    /// What the modal did to the favourites.
    public enum Delegate: Equatable, Sendable {
      /// A prime was removed.
      case removedFavoritePrime(Int)
      /// A prime was saved.
      case savedFavoritePrime(Int)
    }
  }

  /// Creates the reducer.
  public init() {}

  /// Changes the favourites and tells the parent.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .delegate:
      return .none
    case .removeFavoritePrimeTapped:
      let count = state.count
      state.$favoritePrimes.withLock { $0.removeAll { $0 == count } }
      return .send(.delegate(.removedFavoritePrime(count)))
    case .saveFavoritePrimeTapped:
      // Only a prime can be a favourite: the file would refuse anything else.
      guard state.isPrime else { return .none }
      let count = state.count
      state.$favoritePrimes.withLock { $0.append(count) }
      return .send(.delegate(.savedFavoritePrime(count)))
    }
  }
}

// MARK: - Screen

/// The modal's screen: its message and buttons, each sending the action named for it.
///
/// ```swift
/// PrimeModalScreen(store: store).screen.button("Save to favorite primes")?.action()
/// ```
@MainActor
public struct PrimeModalScreen {
  /// The modal's store.
  public let store: StoreOf<PrimeModalFeature>

  /// Creates the screen.
  ///
  /// - Parameter store: The modal's store.
  public init(store: StoreOf<PrimeModalFeature>) {
    self.store = store
  }

  /// What the modal shows, laid out as its `body` would lay it out.
  public var screen: Screen {
    let store = store
    let state = store.state
    return .primeModal(
      message: state.message,
      isPrime: state.isPrime,
      isFavorite: state.isFavorite,
      save: { store.send(.saveFavoritePrimeTapped) },
      remove: { store.send(.removeFavoritePrimeTapped) }
    )
  }
}
