/// An action of one element of an ``IdentifiedArray``: which element, and what happened to it.
///
/// ```swift
/// struct Todos: Reducer {
///   struct State { var todos: IdentifiedArrayOf<Todo.State> = [] }
///   enum Action { case todos(IdentifiedActionOf<Todo>) }
///   var body: some Reducer<State, Action> {
///     Reduce { _, _ in .none }
///       .forEach(\.todos, action: \.todos) { Todo() }
///   }
/// }
///
/// await store.send(.todos(.element(id: 1, action: .checkBoxToggled)))
/// ```
public enum IdentifiedAction<ID: Hashable & Sendable, Action> {
  /// An action of the element `id`.
  case element(id: ID, action: Action)
}

/// The action of one element of an `IdentifiedArrayOf<R.State>`, each run by the reducer `R`.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Sendable where Action: Sendable {}

extension IdentifiedAction: CasePathable {
  /// The case paths of `IdentifiedAction`.
  public struct AllCasePaths: Sendable {
    /// Any element's action, with its ID.
    public let element = AnyCasePath<IdentifiedAction, (id: ID, action: Action)>(
      embed: { .element(id: $0.id, action: $0.action) },
      extract: { if case .element(let id, let action) = $0 { (id, action) } else { nil } }
    )

    /// The actions of the element `id`: `\.todos[id: 1].checkBoxToggled`.
    public subscript(id id: ID) -> AnyCasePath<IdentifiedAction, Action> {
      AnyCasePath(
        embed: { .element(id: id, action: $0) },
        extract: { if case .element(id, let action) = $0 { action } else { nil } }
      )
    }
  }

  /// The case paths of `IdentifiedAction`.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension AnyCasePath {
  /// The actions of element `id`, continuing a path such as `\.todos[id: 1]`.
  public subscript<ElementID: Hashable & Sendable, ElementAction>(
    id id: ElementID
  ) -> AnyCasePath<Root, ElementAction>
  where Value == IdentifiedAction<ElementID, ElementAction> {
    appending(Value.allCasePaths[id: id])
  }
}
