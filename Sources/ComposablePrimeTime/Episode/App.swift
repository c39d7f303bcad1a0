import ComposableArchitecture
import Foundation
import PrimeTimeCore

/// The whole PrimeTime app: the counter (with its prime modal) and the favourite primes,
/// with the activity feed recorded by a higher-order reducer.
///
/// The state is one value with a single copy of each field; each screen's state is a get/set
/// projection of it (``State/counter``, ``State/favoritePrimesScreen``), so the favourites stay
/// consistent across screens.
///
/// ```swift
/// let store = Store(initialState: AppFeature.State()) { AppFeature() }
/// store.send(.counter(.incrementButtonTapped))
/// ```
public struct AppFeature: Reducer {
  /// The app's state.
  public struct State: Equatable, Sendable {
    /// The counter's value.
    public var count: Int
    /// The favourite primes.
    public var favoritePrimes: [Int]
    /// The logged-in user, if any.
    public var loggedInUser: User?
    /// What the user did to their favourites, oldest first.
    public var activityFeed: [Activity]
    /// The "nth prime" alert, when shown.
    public var alertNthPrime: PrimeAlert?
    /// Whether the nth-prime button is disabled.
    public var isNthPrimeButtonDisabled: Bool
    /// The prime modal, when presented.
    @PresentationState public var primeModal: PrimeModal.State?
    /// The favourites screen's error alert, when shown.
    public var favoritePrimesAlertMessage: String?

    /// Creates the state.
    public init(
      count: Int = 0,
      favoritePrimes: [Int] = [],
      loggedInUser: User? = nil,
      activityFeed: [Activity] = [],
      alertNthPrime: PrimeAlert? = nil,
      isNthPrimeButtonDisabled: Bool = false,
      primeModal: PrimeModal.State? = nil,
      favoritePrimesAlertMessage: String? = nil
    ) {
      self.count = count
      self.favoritePrimes = favoritePrimes
      self.loggedInUser = loggedInUser
      self.activityFeed = activityFeed
      self.alertNthPrime = alertNthPrime
      self.isNthPrimeButtonDisabled = isNthPrimeButtonDisabled
      self.primeModal = primeModal
      self.favoritePrimesAlertMessage = favoritePrimesAlertMessage
    }

    /// The counter screen's state, projected from the app's.
    public var counter: Counter.State {
      get {
        Counter.State(
          count: count,
          favoritePrimes: favoritePrimes,
          alertNthPrime: alertNthPrime,
          isNthPrimeButtonDisabled: isNthPrimeButtonDisabled,
          primeModal: primeModal
        )
      }
      set {
        count = newValue.count
        favoritePrimes = newValue.favoritePrimes
        alertNthPrime = newValue.alertNthPrime
        isNthPrimeButtonDisabled = newValue.isNthPrimeButtonDisabled
        primeModal = newValue.primeModal
      }
    }

    /// The favourites screen's state, projected from the app's.
    public var favoritePrimesScreen: FavoritePrimes.State {
      get {
        FavoritePrimes.State(
          favoritePrimes: favoritePrimes,
          alertMessage: favoritePrimesAlertMessage
        )
      }
      set {
        favoritePrimes = newValue.favoritePrimes
        favoritePrimesAlertMessage = newValue.alertMessage
      }
    }
  }

  /// An action of one of the app's screens.
  public enum Action: Equatable, Sendable {
    /// An action of the counter screen.
    case counter(Counter.Action)
    /// An action of the favourite primes screen.
    case favoritePrimes(FavoritePrimes.Action)
  }

  /// Creates the reducer.
  public init() {}

  /// The screens, wrapped in the activity feed.
  public var body: some Reducer<State, Action> {
    CombineReducers {
      Scope(state: \.counter, action: \.counter) { Counter() }
      Scope(state: \.favoritePrimesScreen, action: \.favoritePrimes) { FavoritePrimes() }
    }
    .activityFeed()
  }
}

extension AppFeature.Action: CasePathable {
  /// The case paths of `AppFeature.Action`.
  public struct AllCasePaths: Sendable {
    /// `.counter`.
    public let counter = AnyCasePath<AppFeature.Action, Counter.Action>(
      embed: { .counter($0) },
      extract: { if case .counter(let action) = $0 { action } else { nil } }
    )
    /// `.favoritePrimes`.
    public let favoritePrimes = AnyCasePath<AppFeature.Action, FavoritePrimes.Action>(
      embed: { .favoritePrimes($0) },
      extract: { if case .favoritePrimes(let action) = $0 { action } else { nil } }
    )
  }

  /// The case paths.
  public static let allCasePaths = AllCasePaths()
}
