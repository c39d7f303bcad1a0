import ComposableArchitecture
import PrimeTimeCore

/// The counter screen: `−`/`+`, the "Is this prime?" modal (presentation state) and the
/// "What is the nth prime?" alert.
///
/// ```swift
/// await store.send(.nthPrimeButtonTapped) { $0.isNthPrimeButtonDisabled = true }
/// await store.receive(.nthPrimeResponse(17)) {
///   $0.alertNthPrime = PrimeAlert(prime: 17)
///   $0.isNthPrimeButtonDisabled = false
/// }
/// ```
///
/// > Note: The favourites are shared with the modal the value-type way: the modal gets a copy
/// > when presented and the counter copies its favourites back after each modal action (one
/// > line, below). The vanilla app shares them by reference for free — and pays instead in
/// > tests, where no screen's state is a value that can be compared.
public struct Counter: Reducer {
  /// The counter's state.
  public struct State: Equatable, Sendable {
    /// The count.
    public var count: Int
    /// The favourites (the app's, projected by ``AppFeature``).
    public var favoritePrimes: [Int]
    /// The "nth prime" alert, when shown.
    public var alertNthPrime: PrimeAlert?
    /// Whether the nth-prime button is disabled (while a request runs).
    public var isNthPrimeButtonDisabled: Bool
    /// The prime modal, when presented.
    @PresentationState public var primeModal: PrimeModal.State?

    /// Creates the state.
    public init(
      count: Int = 0,
      favoritePrimes: [Int] = [],
      alertNthPrime: PrimeAlert? = nil,
      isNthPrimeButtonDisabled: Bool = false,
      primeModal: PrimeModal.State? = nil
    ) {
      self.count = count
      self.favoritePrimes = favoritePrimes
      self.alertNthPrime = alertNthPrime
      self.isNthPrimeButtonDisabled = isNthPrimeButtonDisabled
      self.primeModal = primeModal
    }

    /// The alert's title when shown, for example "The 7th prime is 17".
    public var alertTitle: String? { alertNthPrime.map { $0.title(forNth: count) } }
  }

  /// What the user did, or what came back.
  public enum Action: Equatable, Sendable {
    /// `−` tapped.
    case decrementButtonTapped
    /// `+` tapped.
    case incrementButtonTapped
    /// "Is this prime?" tapped.
    case isPrimeButtonTapped
    /// An action of the prime modal, or its dismissal.
    case primeModal(PresentationAction<PrimeModal.Action>)
    /// "What is the nth prime?" tapped.
    case nthPrimeButtonTapped
    /// "Cancel" tapped while the nth prime is asked.
    case nthPrimeCancelButtonTapped
    /// The nth-prime client answered.
    case nthPrimeResponse(Int?)
    /// The alert's OK tapped.
    case alertDismissButtonTapped
  }

  @Dependency(\.primeClient) var primeClient

  /// The identity of the effect that asks for the nth prime, so "Cancel" can stop it.
  enum CancelID: Hashable, Sendable { case nthPrime }

  /// Creates the reducer.
  public init() {}

  /// The counter's logic, with the prime modal.
  public var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .decrementButtonTapped:
        state.count -= 1
        return .none
      case .incrementButtonTapped:
        state.count += 1
        return .none
      case .isPrimeButtonTapped:
        state.primeModal = PrimeModal.State(
          count: state.count,
          favoritePrimes: state.favoritePrimes
        )
        return .none
      case .primeModal(.presented):
        // The value-type cost of sharing: copy the modal's favourites back.
        if let modal = state.primeModal { state.favoritePrimes = modal.favoritePrimes }
        return .none
      case .primeModal(.dismiss):
        return .none
      case .nthPrimeButtonTapped:
        state.isNthPrimeButtonDisabled = true
        return .run { [count = state.count, primeClient] send in
          await send(.nthPrimeResponse(await primeClient.nthPrime(count)))
        }
        .cancellable(id: CancelID.nthPrime)
      case .nthPrimeCancelButtonTapped:
        // Cancelling the effect cancels the client's task: the live engine stops its sieve,
        // and no answer comes back.
        state.isNthPrimeButtonDisabled = false
        return .cancel(id: CancelID.nthPrime)
      case .nthPrimeResponse(let prime):
        state.alertNthPrime = prime.map(PrimeAlert.init(prime:))
        state.isNthPrimeButtonDisabled = false
        return .none
      case .alertDismissButtonTapped:
        state.alertNthPrime = nil
        return .none
      }
    }
    .ifLet(\.$primeModal, action: \.primeModal) {
      PrimeModal()
    }
  }
}

extension Counter.Action: CasePathable {
  /// The case paths of `Counter.Action`.
  public struct AllCasePaths: Sendable {
    /// `.primeModal`.
    public let primeModal = AnyCasePath<Counter.Action, PresentationAction<PrimeModal.Action>>(
      embed: { .primeModal($0) },
      extract: { if case .primeModal(let action) = $0 { action } else { nil } }
    )
    /// `.nthPrimeResponse`.
    public let nthPrimeResponse = AnyCasePath<Counter.Action, Int?>(
      embed: { .nthPrimeResponse($0) },
      extract: { if case .nthPrimeResponse(let prime) = $0 { prime } else { nil } }
    )
  }

  /// The case paths.
  public static let allCasePaths = AllCasePaths()
}

// MARK: - Screen

/// The counter screen, as thin as SwiftUI would have it: labels read from the store, and each
/// button sends the action named for it.
///
/// Mirrors the vanilla app's `CounterView` method for method, so a wiring mistake between a
/// button and the logic can exist here too.
///
/// ```swift
/// let view = CounterView(store: Store(initialState: Counter.State()) { Counter() })
/// view.incrementCount()
/// view.countLabel  // "1"
/// ```
@MainActor
public struct CounterView {
  /// The counter's store.
  public let store: StoreOf<Counter>

  /// Creates the screen.
  ///
  /// - Parameter store: The counter's store.
  public init(store: StoreOf<Counter>) {
    self.store = store
  }

  /// The count, as the label shows it.
  public var countLabel: String { "\(store.count)" }

  /// The nth-prime alert's title, when shown.
  public var alertTitle: String? { store.state.alertTitle }

  /// "−" tapped.
  public func decrementCount() { store.send(.decrementButtonTapped) }

  /// "+" tapped.
  public func incrementCount() { store.send(.incrementButtonTapped) }

  /// "Is this prime?" tapped.
  public func isPrimeButtonAction() { store.send(.isPrimeButtonTapped) }

  /// The prime modal, while presented.
  public var primeModal: IsPrimeModalView? {
    store.scope(state: \.primeModal, action: \.primeModal.presented).map {
      IsPrimeModalView(store: $0)
    }
  }

  /// The prime modal was swiped away.
  public func primeModalDismissed() { store.send(.primeModal(.dismiss)) }

  /// "What is the nth prime?" tapped.
  public func nthPrimeButtonAction() { store.send(.nthPrimeButtonTapped) }

  /// "Cancel" tapped while the nth prime is asked.
  public func nthPrimeCancelButtonAction() { store.send(.nthPrimeCancelButtonTapped) }

  /// The nth-prime alert's OK tapped.
  public func alertDismissButtonAction() { store.send(.alertDismissButtonTapped) }

  /// What the screen shows, laid out as its `body` would lay it out.
  public var screen: Screen {
    .counter(
      count: store.count,
      countLabel: countLabel,
      isNthPrimeButtonEnabled: !store.isNthPrimeButtonDisabled,
      decrement: decrementCount,
      increment: incrementCount,
      isPrime: isPrimeButtonAction,
      nthPrime: nthPrimeButtonAction,
      cancelNthPrime: nthPrimeCancelButtonAction,
      modal: primeModal.map { Screen.Sheet($0.screen, dismiss: primeModalDismissed) },
      alertTitle: alertTitle,
      dismissAlert: alertDismissButtonAction
    )
  }
}
