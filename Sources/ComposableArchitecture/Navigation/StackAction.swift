/// What can happen to a navigation stack: an element's action, a pop, or a push.
///
/// ```swift
/// enum Action {
///   case path(StackAction<Path.State, Path.Action>)
/// }
///
/// await store.send(.path(.push(.counter(CounterFeature.State()))))
/// await store.send(.path(.element(id: 0, action: .counter(.incrementButtonTapped))))
/// await store.send(.path(.popFrom(id: 0)))
/// ```
public enum StackAction<State, Action> {
  /// An action of the element `id`.
  case element(id: StackElementID, action: Action)
  /// Pops the element `id` and everything above it.
  case popFrom(id: StackElementID)
  /// Pushes an element with the ID `id`, which must not be on the stack already; with a `nil`
  /// ID (what ``push(_:)`` sends), the next ID from the `\.stackElementID` dependency.
  ///
  /// ```swift
  /// await store.send(.path(.push(id: 0, state: .counter(Counter.State()))))
  /// ```
  case push(id: StackElementID?, state: State)

  /// Pushes an element; its ID comes from the `\.stackElementID` dependency when the stack's
  /// `forEach` handles the action.
  ///
  /// - Parameter state: The element to push.
  /// - Returns: `.push(id: nil, state: state)`.
  public static func push(_ state: State) -> Self {
    .push(id: nil, state: state)
  }
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}

extension StackAction: CasePathable {
  /// The case paths of `StackAction`.
  public struct AllCasePaths: Sendable {
    /// Any element's action, with its ID.
    public let element = AnyCasePath<StackAction, (id: StackElementID, action: Action)>(
      embed: { .element(id: $0.id, action: $0.action) },
      extract: {
        if case .element(let id, let action) = $0 { (id, action) } else { nil }
      }
    )
    /// A pop.
    public let popFrom = AnyCasePath<StackAction, StackElementID>(
      embed: { .popFrom(id: $0) },
      extract: { if case .popFrom(let id) = $0 { id } else { nil } }
    )
    /// A push (its element; with or without an ID).
    public let push = AnyCasePath<StackAction, State>(
      embed: { .push($0) },
      extract: { if case .push(_, let state) = $0 { state } else { nil } }
    )

    /// The actions of the element `id`: `\.path[id: 0].counter.delegate`.
    public subscript(id id: StackElementID) -> AnyCasePath<StackAction, Action> {
      AnyCasePath(
        embed: { .element(id: id, action: $0) },
        extract: {
          if case .element(id, let action) = $0 { action } else { nil }
        }
      )
    }
  }

  /// The case paths of `StackAction`.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension AnyCasePath {
  /// The actions of stack element `id`, continuing a path such as `\.path[id: 0]`.
  public subscript<ElementState, ElementAction>(
    id id: StackElementID
  ) -> AnyCasePath<Root, ElementAction>
  where Value == StackAction<ElementState, ElementAction> {
    appending(Value.allCasePaths[id: id])
  }
}
