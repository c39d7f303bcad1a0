extension Store where Action: CasePathable {
  /// Returns a store for a child feature: its state is a part of this store's state, and its
  /// actions are sent to this store wrapped in a case of this store's action.
  ///
  /// The same scope returns the same child store while this store lives, so a UI can compare
  /// stores by identity.
  ///
  /// ```swift
  /// let counterStore = appStore.scope(state: \.counter, action: \.counter)
  /// counterStore.send(.incrementButtonTapped)  // appStore receives .counter(.incrementButtonTapped)
  /// ```
  ///
  /// - Parameters:
  ///   - state: The child state's property.
  ///   - action: The parent action's case for child actions.
  /// - Returns: The child store.
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    let id = _ScopeID(state: state, action: action)
    if let child = children[id] as? Store<ChildState, ChildAction> {
      return child
    }
    let embed = Action.casePath(action).embed
    let child = Store<ChildState, ChildAction>(
      core: _ScopedCore(parent: core, toState: state, fromAction: embed)
    )
    children[id] = child
    return child
  }
}
