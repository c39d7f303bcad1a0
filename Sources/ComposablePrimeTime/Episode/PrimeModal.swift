import ComposableArchitecture
import PrimeTimeCore

/// The "Is this prime?" modal: saves the count to, or removes it from, the favourites.
///
/// Its state is a copy of the count and the favourites, handed over when it is presented; the
/// counter copies the favourites back after each of its actions (see ``Counter``).
///
/// ```swift
/// await store.send(.saveFavoritePrimeTapped) { $0.favoritePrimes = [7] }
/// ```
public struct PrimeModal: Reducer {
  /// The modal's state.
  public struct State: Equatable, Sendable {
    /// The number being asked about.
    public var count: Int
    /// The favourites (a copy of the app's).
    public var favoritePrimes: [Int]

    /// Creates the state.
    public init(count: Int, favoritePrimes: [Int]) {
      self.count = count
      self.favoritePrimes = favoritePrimes
    }

    /// Whether the count is prime.
    public var isPrime: Bool { PrimeTimeCore.isPrime(count) }

    /// Whether the count is a favourite already.
    public var isFavorite: Bool { favoritePrimes.contains(count) }

    /// "7 is prime 🎉" or "8 is not prime :(".
    public var message: String { isPrime ? "\(count) is prime 🎉" : "\(count) is not prime :(" }
  }

  /// What the user did in the modal.
  public enum Action: Equatable, Sendable {
    /// "Save to favorite primes" tapped.
    case saveFavoritePrimeTapped
    /// "Remove from favorite primes" tapped.
    case removeFavoritePrimeTapped
  }

  /// Creates the reducer.
  public init() {}

  /// Changes the favourites. (The activity feed is recorded by ``AppFeature``'s higher-order
  /// reducer, not here.)
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .saveFavoritePrimeTapped:
      // Only a prime can be a favourite: the file would refuse anything else.
      guard state.isPrime else { return .none }
      state.favoritePrimes.append(state.count)
    case .removeFavoritePrimeTapped:
      state.favoritePrimes.removeAll { $0 == state.count }
    }
    return .none
  }
}

extension PrimeModal.Action: CasePathable {
  /// The case paths of `PrimeModal.Action`.
  public struct AllCasePaths: Sendable {
    /// `.saveFavoritePrimeTapped`.
    public let saveFavoritePrimeTapped = AnyCasePath<PrimeModal.Action, Void>(
      embed: { .saveFavoritePrimeTapped },
      extract: { if case .saveFavoritePrimeTapped = $0 { () } else { nil } }
    )
    /// `.removeFavoritePrimeTapped`.
    public let removeFavoritePrimeTapped = AnyCasePath<PrimeModal.Action, Void>(
      embed: { .removeFavoritePrimeTapped },
      extract: { if case .removeFavoritePrimeTapped = $0 { () } else { nil } }
    )
  }

  /// The case paths.
  public static let allCasePaths = AllCasePaths()
}

// MARK: - Screen

/// The "is this prime?" modal: its message and buttons, reading and sending through its store.
///
/// ```swift
/// counterView.primeModal?.saveFavoritePrime()
/// ```
@MainActor
public struct IsPrimeModalView {
  /// The modal's store.
  public let store: StoreOf<PrimeModal>

  /// Creates the screen.
  ///
  /// - Parameter store: The modal's store.
  public init(store: StoreOf<PrimeModal>) {
    self.store = store
  }

  /// "7 is prime 🎉" or "8 is not prime :(".
  public var message: String { store.state.message }

  /// Whether the count is prime (the save/remove buttons show only then).
  public var isPrime: Bool { store.state.isPrime }

  /// Whether the count is a favourite (shows "Remove" rather than "Save").
  public var isFavorite: Bool { store.state.isFavorite }

  /// "Save to favorite primes" tapped.
  public func saveFavoritePrime() { store.send(.saveFavoritePrimeTapped) }

  /// "Remove from favorite primes" tapped.
  public func removeFavoritePrime() { store.send(.removeFavoritePrimeTapped) }

  /// What the modal shows, laid out as its `body` would lay it out.
  public var screen: Screen {
    .primeModal(
      message: message,
      isPrime: isPrime,
      isFavorite: isFavorite,
      save: saveFavoritePrime,
      remove: removeFavoritePrime
    )
  }
}
