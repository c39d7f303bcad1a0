import ComposableArchitecture
import PrimeTimeCore

/// The counter screen's feature: `−`/`+`, the prime modal it presents, and the nth-prime
/// question with its alert.
///
/// The favourites are the app's own list, shared (`@Shared`), so the modal it presents changes
/// the one list there is. The alert is `AlertState`, presented like the modal.
///
/// ```swift
/// await store.send(.nthPrimeButtonTapped) { $0.isNthPrimeButtonDisabled = true }
/// await store.receive(.nthPrimeResponse(17)) {
///   $0.alert = .nthPrime(17, count: 7)
///   $0.isNthPrimeButtonDisabled = false
/// }
/// ```
public struct PrimeCounterFeature: Reducer {
  /// The counter's state.
  public struct State: Equatable, Sendable {
    /// The count.
    public var count: Int
    /// The app's favourites, shared.
    @Shared public var favoritePrimes: [Int]
    /// The prime modal, while presented.
    @PresentationState public var primeModal: PrimeModalFeature.State?
    /// The nth-prime alert, while shown.
    @PresentationState public var alert: AlertState<Action.Alert>?
    /// Whether the "What is the nth prime?" button is disabled (while a question is asked).
    public var isNthPrimeButtonDisabled = false

    /// Creates the state.
    ///
    /// - Parameters:
    ///   - count: The starting count.
    ///   - favoritePrimes: The app's favourites.
    public init(count: Int = 0, favoritePrimes: Shared<[Int]>) {
      self.count = count
      self._favoritePrimes = favoritePrimes
    }
  }

  /// What the user did, or what came back.
  public enum Action: Equatable, Sendable {
    /// The nth-prime alert's buttons (it has only the system's OK, which dismisses it).
    case alert(PresentationAction<Alert>)
    /// `−` tapped.
    case decrementButtonTapped
    /// `+` tapped.
    case incrementButtonTapped
    /// "Is this prime?" tapped.
    case isPrimeButtonTapped
    /// "What is the nth prime?" tapped.
    case nthPrimeButtonTapped
    /// "Cancel" tapped while the question is asked.
    case nthPrimeCancelButtonTapped
    /// The nth-prime client answered.
    case nthPrimeResponse(Int?)
    /// An action of the prime modal, or its dismissal.
    case primeModal(PresentationAction<PrimeModalFeature.Action>)

    /// The alert's actions: none besides dismissal.
    public enum Alert: Equatable, Sendable {}
  }

  @Dependency(\.primeClient) var primeClient

  enum CancelID: Hashable, Sendable { case nthPrime }

  /// Creates the reducer.
  public init() {}

  /// The counter's logic, with its modal and its alert.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert:
        return .none
      case .decrementButtonTapped:
        state.count -= 1
        return .none
      case .incrementButtonTapped:
        state.count += 1
        return .none
      case .isPrimeButtonTapped:
        state.primeModal = PrimeModalFeature.State(
          count: state.count,
          favoritePrimes: state.$favoritePrimes
        )
        return .none
      case .nthPrimeButtonTapped:
        state.isNthPrimeButtonDisabled = true
        return .run { [count = state.count, primeClient] send in
          await send(.nthPrimeResponse(await primeClient.nthPrime(count)))
        }
        .cancellable(id: CancelID.nthPrime, cancelInFlight: true)
      case .nthPrimeCancelButtonTapped:
        state.isNthPrimeButtonDisabled = false
        return .cancel(id: CancelID.nthPrime)
      case .nthPrimeResponse(let prime):
        state.isNthPrimeButtonDisabled = false
        state.alert = prime.map { .nthPrime($0, count: state.count) }
        return .none
      case .primeModal:
        return .none
      }
    }
    .ifLet(\.$primeModal, action: \.primeModal) { PrimeModalFeature() }
    .ifLet(\.$alert, action: \.alert)
  }
}

extension AlertState where Action == PrimeCounterFeature.Action.Alert {
  /// "The 7th prime is 17", with the system's OK.
  ///
  /// - Parameters:
  ///   - prime: The answer.
  ///   - count: Which prime was asked for.
  /// - Returns: The alert.
  public static func nthPrime(_ prime: Int, count: Int) -> Self {
    AlertState { TextState(PrimeAlert(prime: prime).title(forNth: count)) }
  }
}

extension PrimeCounterFeature.Action: CasePathable {
  /// The case paths of `PrimeCounterFeature.Action`.
  public struct AllCasePaths: Sendable {
    /// `.alert`.
    public let alert = AnyCasePath<
      PrimeCounterFeature.Action, PresentationAction<PrimeCounterFeature.Action.Alert>
    >(
      embed: { .alert($0) },
      extract: { if case .alert(let action) = $0 { action } else { nil } }
    )
    /// `.primeModal`.
    public let primeModal = AnyCasePath<
      PrimeCounterFeature.Action, PresentationAction<PrimeModalFeature.Action>
    >(
      embed: { .primeModal($0) },
      extract: { if case .primeModal(let action) = $0 { action } else { nil } }
    )
  }

  /// The case paths.
  public static let allCasePaths = AllCasePaths()
}

// MARK: - Screen

/// The counter screen: labels read from the store; each button sends the action named for it.
///
/// ```swift
/// PrimeCounterScreen(store: store).screen.button("+")?.action()
/// ```
@MainActor
public struct PrimeCounterScreen {
  /// The counter's store.
  public let store: StoreOf<PrimeCounterFeature>

  /// Creates the screen.
  ///
  /// - Parameter store: The counter's store.
  public init(store: StoreOf<PrimeCounterFeature>) {
    self.store = store
  }

  /// What the screen shows, laid out as its `body` would lay it out.
  public var screen: Screen {
    let store = store
    return .counter(
      count: store.count,
      countLabel: "\(store.count)",
      isNthPrimeButtonEnabled: !store.isNthPrimeButtonDisabled,
      decrement: { store.send(.decrementButtonTapped) },
      increment: { store.send(.incrementButtonTapped) },
      isPrime: { store.send(.isPrimeButtonTapped) },
      nthPrime: { store.send(.nthPrimeButtonTapped) },
      cancelNthPrime: { store.send(.nthPrimeCancelButtonTapped) },
      modal: store.scope(state: \.primeModal, action: \.primeModal.presented).map {
        Screen.Sheet(
          PrimeModalScreen(store: $0).screen,
          dismiss: { store.send(.primeModal(.dismiss)) }
        )
      },
      alertTitle: store.alert?.title.string,
      dismissAlert: { store.send(.alert(.dismiss)) }
    )
  }
}
