import ComposableArchitecture
import PrimeTimeCore

/// The "Is this prime?" modal as a child that owns no favourites: it reports a save or a remove
/// to its parent, and the parent changes the one list there is — so a save or a remove costs
/// the same with 10 favourites or 100,000.
///
/// ``PrimeModal`` is the episode's design and stays the app's: its state holds a copy of the
/// favourites, handed over when it is presented, and ``Counter`` copies them back after each of
/// its actions. Two values then share one array's storage, so the first change to either copies
/// the whole list. Here the modal keeps only what it shows (the count, and whether it is a
/// favourite) and answers each tap with a delegate action; ``FavoritesCounter`` applies it to its
/// own list, which nothing else holds, so the append happens in place. A remove looks for the
/// count from the end, where the favourite just saved is, and removes that one copy.
///
/// ```swift
/// await store.send(.primeModal(.presented(.saveFavoritePrimeTapped))) {
///   $0.primeModal?.isFavorite = true
/// }
/// await store.receive(.primeModal(.presented(.delegate(.saveFavoritePrime(7))))) {
///   $0.favoritePrimes = [7]
/// }
/// ```
///
/// What it costs: one more action per tap, and a parent that must remember to apply it — a test
/// of the modal alone sees the delegate action, not the favourites changing.
public struct PrimeModalReporting: Reducer {
  /// The modal's state: what it shows, and nothing it does not own.
  public struct State: Equatable, Sendable {
    /// The number being asked about.
    public var count: Int
    /// Whether the count is a favourite (set by the parent when it presents the modal).
    public var isFavorite: Bool

    /// Creates the state.
    public init(count: Int, isFavorite: Bool) {
      self.count = count
      self.isFavorite = isFavorite
    }

    /// Whether the count is prime.
    public var isPrime: Bool { PrimeTimeCore.isPrime(count) }

    /// "7 is prime 🎉" or "8 is not prime :(".
    public var message: String { isPrime ? "\(count) is prime 🎉" : "\(count) is not prime :(" }
  }

  /// What the user did in the modal, and what it reports to its parent.
  public enum Action: Equatable, Sendable {
    /// "Save to favorite primes" tapped.
    case saveFavoritePrimeTapped
    /// "Remove from favorite primes" tapped.
    case removeFavoritePrimeTapped
    /// For the parent.
    case delegate(Delegate)

    /// What the parent must do.
    public enum Delegate: Equatable, Sendable {
      /// Add this prime to the favourites.
      case saveFavoritePrime(Int)
      /// Remove this number from the favourites.
      case removeFavoritePrime(Int)
    }
  }

  /// Creates the reducer.
  public init() {}

  /// Updates what the modal shows and reports the change.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .saveFavoritePrimeTapped:
      // Only a prime can be a favourite: the file would refuse anything else.
      guard state.isPrime else { return .none }
      state.isFavorite = true
      return .send(.delegate(.saveFavoritePrime(state.count)))
    case .removeFavoritePrimeTapped:
      state.isFavorite = false
      return .send(.delegate(.removeFavoritePrime(state.count)))
    case .delegate:
      return .none
    }
  }
}

/// A counter that owns the favourites and presents ``PrimeModalReporting``: the parent side of
/// the design that copies no list.
///
/// ```swift
/// let store = Store(initialState: FavoritesCounter.State(count: 7)) { FavoritesCounter() }
/// store.send(.isPrimeButtonTapped)
/// store.send(.primeModal(.presented(.saveFavoritePrimeTapped)))
/// store.state.favoritePrimes  // [7]
/// ```
public struct FavoritesCounter: Reducer {
  /// The counter's state, with the one list of favourites.
  public struct State: Equatable, Sendable {
    /// The count.
    public var count: Int
    /// The favourite primes.
    public var favoritePrimes: [Int]
    /// The prime modal, when presented.
    @PresentationState public var primeModal: PrimeModalReporting.State?

    /// Creates the state.
    public init(
      count: Int = 0,
      favoritePrimes: [Int] = [],
      primeModal: PrimeModalReporting.State? = nil
    ) {
      self.count = count
      self.favoritePrimes = favoritePrimes
      self.primeModal = primeModal
    }
  }

  /// What the user did, or what the modal reported.
  public enum Action: Equatable, Sendable {
    /// "Is this prime?" tapped.
    case isPrimeButtonTapped
    /// An action of the prime modal, or its dismissal.
    case primeModal(PresentationAction<PrimeModalReporting.Action>)
  }

  /// Creates the reducer.
  public init() {}

  /// Presents the modal and applies what it reports.
  public var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .isPrimeButtonTapped:
        state.primeModal = PrimeModalReporting.State(
          count: state.count,
          isFavorite: state.favoritePrimes.contains(state.count)
        )
        return .none
      case .primeModal(.presented(.delegate(.saveFavoritePrime(let prime)))):
        state.favoritePrimes.append(prime)
        return .none
      case .primeModal(.presented(.delegate(.removeFavoritePrime(let number)))):
        if let index = state.favoritePrimes.lastIndex(of: number) {
          state.favoritePrimes.remove(at: index)
        }
        return .none
      case .primeModal:
        return .none
      }
    }
    .ifLet(\.$primeModal, action: \.primeModal) {
      PrimeModalReporting()
    }
  }
}

extension FavoritesCounter.Action: CasePathable {
  /// The case paths of `FavoritesCounter.Action`.
  public struct AllCasePaths: Sendable {
    /// `.primeModal`.
    public let primeModal = AnyCasePath<
      FavoritesCounter.Action, PresentationAction<PrimeModalReporting.Action>
    >(
      embed: { .primeModal($0) },
      extract: { if case .primeModal(let action) = $0 { action } else { nil } }
    )
  }

  /// The case paths.
  public static let allCasePaths = AllCasePaths()
}

extension PrimeModalReporting.Action: CasePathable {
  /// The case paths of `PrimeModalReporting.Action`.
  public struct AllCasePaths: Sendable {
    /// `.delegate`.
    public let delegate = AnyCasePath<
      PrimeModalReporting.Action, PrimeModalReporting.Action.Delegate
    >(
      embed: { .delegate($0) },
      extract: { if case .delegate(let delegate) = $0 { delegate } else { nil } }
    )
  }

  /// The case paths.
  public static let allCasePaths = AllCasePaths()
}
