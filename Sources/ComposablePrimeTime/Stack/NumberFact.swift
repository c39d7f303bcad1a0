import ComposableArchitecture

/// A number fact screen on the navigation stack.
///
/// ```swift
/// await store.send(.factButtonTapped)
/// await store.receive(.factResponse("7 is the 4th prime.")) { $0.fact = "7 is the 4th prime." }
/// ```
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
  public enum Action: Equatable, Sendable {
    /// "Get fact" tapped.
    case factButtonTapped
    /// The fact client answered.
    case factResponse(String)
  }

  @Dependency(\.numberFact) var numberFact

  /// Creates the reducer.
  public init() {}

  /// The screen's logic.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .factButtonTapped:
      return .run { [number = state.number, numberFact] send in
        await send(.factResponse(await numberFact.fetch(number)))
      }
    case .factResponse(let fact):
      state.fact = fact
      return .none
    }
  }
}

extension NumberFactFeature.Action: CasePathable {
  /// The case paths of `NumberFactFeature.Action`.
  public struct AllCasePaths: Sendable {
    /// `.factResponse`.
    public let factResponse = AnyCasePath<NumberFactFeature.Action, String>(
      embed: { .factResponse($0) },
      extract: { if case .factResponse(let fact) = $0 { fact } else { nil } }
    )
  }

  /// The case paths.
  public static let allCasePaths = AllCasePaths()
}
