import ComposableArchitecture

/// A number fact screen on the navigation stack, with a stepper bound to the number.
///
/// ```swift
/// await store.send(.factButtonTapped)
/// await store.receive(.factResponse("7 is the 4th prime.")) { $0.fact = "7 is the 4th prime." }
/// await store.send(\.binding.number, 8) {  // the stepper's +
///   $0.number = 8
///   $0.fact = nil
/// }
/// ```
///
/// The stepper writes the number through a binding action, which `BindingReducer` applies
/// before the feature's own logic sees it: a fact is about one number, so a new number clears it
/// and cancels a request still in flight for the old one.
public struct NumberFactFeature: Reducer {
  /// The screen's state.
  public struct State: Equatable, Sendable {
    /// The number.
    public var number: Int
    /// The fact, once fetched.
    public var fact: String?

    /// Creates the state.
    public init(number: Int, fact: String? = nil) {
      self.number = number
      self.fact = fact
    }
  }

  /// What the user did, or what came back.
  public enum Action: BindableAction, Equatable, Sendable {
    /// The stepper wrote the number.
    case binding(BindingAction<State>)
    /// "Get fact" tapped.
    case factButtonTapped
    /// The fact client answered.
    case factResponse(String)
  }

  enum CancelID { case fact }

  @Dependency(\.numberFact) var numberFact

  /// Creates the reducer.
  public init() {}

  /// The screen's logic.
  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.number):
        state.fact = nil
        return .cancel(id: CancelID.fact)
      case .binding:
        return .none
      case .factButtonTapped:
        return .run { [number = state.number, numberFact] send in
          await send(.factResponse(await numberFact.fetch(number)))
        }
        .cancellable(id: CancelID.fact)
      case .factResponse(let fact):
        state.fact = fact
        return .none
      }
    }
  }
}

extension NumberFactFeature.Action: CasePathable {
  /// The case paths of `NumberFactFeature.Action`.
  public struct AllCasePaths: Sendable {
    /// `.binding`.
    public let binding = AnyCasePath<
      NumberFactFeature.Action, BindingAction<NumberFactFeature.State>
    >(
      embed: { .binding($0) },
      extract: { if case .binding(let action) = $0 { action } else { nil } }
    )
    /// `.factResponse`.
    public let factResponse = AnyCasePath<NumberFactFeature.Action, String>(
      embed: { .factResponse($0) },
      extract: { if case .factResponse(let fact) = $0 { fact } else { nil } }
    )
  }

  /// The case paths.
  public static let allCasePaths = AllCasePaths()
}
