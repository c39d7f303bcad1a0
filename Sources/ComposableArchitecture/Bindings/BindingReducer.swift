/// Applies binding actions to the state, before the reducers after it in the body run.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   BindingReducer()
///   Reduce { state, action in … }  // sees the field already written
/// }
/// ```
public struct BindingReducer<State, Action: BindableAction>: Reducer
where Action.State == State {
  /// Which case a binding action is, read once when the reducer is made, so that other actions
  /// are told apart by their case alone (`nil`: read each action's payload instead).
  @usableFromInline let bindingTag: UInt32?
  @usableFromInline let tags: _EnumTag<Action>?

  /// A reducer that applies binding actions.
  public init() {
    let tags = _EnumTag<Action>()
    self.tags = tags
    self.bindingTag = tags.map { $0.tag(of: Action.binding(.placeholder)) }
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if let tags, let bindingTag, tags.tag(of: action) != bindingTag { return .none }
    action.binding?.apply(to: &state)
    return .none
  }
}

extension BindingAction {
  /// A write that changes nothing: only its case is read, to recognize binding actions.
  @usableFromInline
  static var placeholder: Self {
    Self(keyPath: \Root.self, value: 0, apply: { _ in }, valueEquals: { _ in false })
  }
}
