extension Reducer where Action: CasePathable {
  /// Runs a child reducer on optional child state while it is non-`nil`, before this reducer.
  ///
  /// When this reducer sets the child state to `nil`, or replaces it with a different child
  /// (another `id` for `Identifiable` state, another case for enum state), every effect the old
  /// child started is cancelled. A child action that arrives while the state is `nil` is
  /// reported as an issue (an effect outlived its screen). An alert or a dialog kept in a plain
  /// optional (`.ifLet(\.alert, action: \.alert) {}`) is cleared after its button's action,
  /// before this reducer sees the action.
  ///
  /// ```swift
  /// var body: some Reducer<State, Action> {
  ///   Reduce { state, action in … }
  ///     .ifLet(\.detail, action: \.detail) {
  ///       Detail()
  ///     }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - toWrappedState: The optional child state, such as `\.detail`.
  ///   - toWrappedAction: The action case for child actions.
  ///   - wrapped: The child reducer.
  ///   - fileID: The file ID of the call; a failure is reported there.
  ///   - filePath: The path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  /// - Returns: A reducer that runs the child, then this reducer.
  @inlinable
  public consuming func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, Wrapped>
  where Wrapped.State == WrappedState, Wrapped.Action == WrappedAction {
    _IfLetReducer(
      parent: self,
      child: wrapped(),
      toChildState: toWrappedState,
      toChildAction: .keyPath(toWrappedAction),
      location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension Reducer where Action: CasePathable {
  /// Runs a child reducer on optional child state while it is non-`nil`, for a child whose
  /// actions are this reducer's own (`action: \.self`); otherwise as
  /// ``ifLet(_:action:then:fileID:filePath:line:column:)``.
  ///
  /// ```swift
  /// EmptyReducer()
  ///   .ifLet(\.timer, action: \.self) {
  ///     Timer()  // Timer.Action is this reducer's Action
  ///   }
  /// ```
  ///
  /// - Parameters:
  ///   - toWrappedState: The optional child state, such as `\.timer`.
  ///   - toWrappedAction: `\.self`.
  ///   - wrapped: The child reducer.
  ///   - fileID: The file ID of the call; a failure is reported there.
  ///   - filePath: The path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  /// - Returns: A reducer that runs the child, then this reducer.
  @inlinable
  public consuming func ifLet<WrappedState, Wrapped: Reducer>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: _SelfCaseKeyPath<Action>,
    @ReducerBuilder<WrappedState, Action> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, Wrapped>
  where Wrapped.State == WrappedState, Wrapped.Action == Action {
    _IfLetReducer(
      parent: self,
      child: wrapped(),
      toChildState: toWrappedState,
      toChildAction: .whole,
      location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer returned by ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)``.
public struct _IfLetReducer<Parent: Reducer, Child: Reducer>: _ChildOperator
where Parent.Action: CasePathable {
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let toChildState: WritableKeyPath<Parent.State, Child.State?>
  @usableFromInline let toChildAction: _ChildActionPath<Parent.Action, Child.Action>
  @usableFromInline let location: IssueLocation

  @inlinable
  init(
    parent: Parent,
    child: Child,
    toChildState: WritableKeyPath<Parent.State, Child.State?>,
    toChildAction: _ChildActionPath<Parent.Action, Child.Action>,
    location: IssueLocation
  ) {
    self.parent = parent
    self.child = child
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.location = location
  }

  @inlinable public var _parent: Parent { parent }
  @inlinable public var _child: Child { child }

  @inlinable
  func run<Path: _WritablePath>(
    _ state: inout Parent.State,
    _ action: Parent.Action,
    actionPath: AnyCasePath<Parent.Action, Child.Action>,
    statePath: Path,
    identities: _IdentityReader<Child.State>,
    // Whether the child is an alert or a dialog; `nil`: look it up when a child action comes.
    clearsAfterChildAction: Bool?,
    parent: _ReduceFunction<Parent.State, Parent.Action>,
    child: _ReduceFunction<Child.State, Child.Action>
  ) -> Effect<Parent.Action> where Path.Root == Parent.State, Path.Value == Child.State? {
    let childEffect = reduceChild(
      &state,
      action,
      actionPath,
      statePath,
      identities,
      clearsAfterChildAction,
      child
    )
    let identityBefore = Self.identity(statePath, &state, identities)
    let parentEffect = parent(&state, action)
    if let identityBefore,
      Self.identity(statePath, &state, identities, after: identityBefore) != identityBefore
    {
      return .merge(childEffect, parentEffect, .cancel(id: cancelID(identityBefore)))
    }
    return childEffect.merge(with: parentEffect)
  }

  @inlinable
  public func _run(
    _ state: inout Parent.State,
    _ action: Parent.Action,
    parent: _ReduceFunction<Parent.State, Parent.Action>,
    child: _ReduceFunction<Child.State, Child.Action>
  ) -> Effect<Parent.Action> {
    run(
      &state,
      action,
      actionPath: toChildAction.direct,
      statePath: toChildState,
      identities: .unresolved,
      clearsAfterChildAction: nil,
      parent: parent,
      child: child
    )
  }

  @inlinable
  public func _built(
    parent: @escaping _ReduceFunction<Parent.State, Parent.Action>,
    child: @escaping _ReduceFunction<Child.State, Child.Action>
  ) -> _ReduceFunction<Parent.State, Parent.Action> {
    let actionPath = toChildAction.resolved
    let statePath = _ResolvedKeyPath(toChildState)
    let identities = _IdentityReader<Child.State>.resolved
    let clearsAfterChildAction = Child.State.self is any _EphemeralState.Type
    return { state, action in
      run(
        &state,
        action,
        actionPath: actionPath,
        statePath: statePath,
        identities: identities,
        clearsAfterChildAction: clearsAfterChildAction,
        parent: parent,
        child: child
      )
    }
  }

  /// The identity of the child, or `nil` when it is absent (its value is read only when its
  /// type can differ in identity; `previous` is the identity read before, if any).
  @inlinable
  static func identity<Path: _WritablePath>(
    _ statePath: Path,
    _ state: inout Parent.State,
    _ identities: _IdentityReader<Child.State>,
    after previous: _NavigationIdentity? = nil
  ) -> _NavigationIdentity?
  where Path.Root == Parent.State, Path.Value == Child.State? {
    guard identities.valuesCanChange else {
      // Read, never written: a write would run the property's `didSet` or computed setter on
      // an action that does not concern the child.
      return statePath.peek(&state) { $0 != nil } ? identities.plain : nil
    }
    return statePath.read(state) { $0.map { identities.identity(of: $0, after: previous) } }
  }

  /// The cancellation id of the effects of the child with `identity`.
  @usableFromInline func cancelID(_ identity: _NavigationIdentity) -> _CancelID {
    _CancelID(_ChildEffectsID(path: _SendableAnyHashable(toChildState), identity: identity))
  }

  /// Reports a child action that arrived while the child was absent (not inlined: it is never
  /// the hot path).
  @usableFromInline
  func reportAbsent(_ action: Parent.Action) {
    reportIssue(
      """
      An "ifLet" at "\(location)" received a child action when child state was "nil". …

        Action:
          \(_dump(action, indentingLinesAfterTheFirstBy: 4))

      This is generally considered an application logic error: an effect or view sent a \
      child action after the child's state was set to "nil". Cancel the child's effects (or \
      stop sending) before the child is dismissed.
      """,
      at: location
    )
  }

  @inlinable func reduceChild<Path: _WritablePath>(
    _ state: inout Parent.State,
    _ action: Parent.Action,
    _ actionPath: AnyCasePath<Parent.Action, Child.Action>,
    _ statePath: Path,
    _ identities: _IdentityReader<Child.State>,
    _ clearsAfterChildAction: Bool?,
    _ child: _ReduceFunction<Child.State, Child.Action>
  ) -> Effect<Parent.Action> where Path.Root == Parent.State, Path.Value == Child.State? {
    guard let childAction = actionPath.extract(from: action) else { return .none }
    guard statePath.peek(&state, { $0 != nil }) else {
      reportAbsent(action)
      return .none
    }
    let effect = statePath.modify(&state) { _reduceWrapped(&$0, childAction, child) }
    if clearsAfterChildAction ?? (Child.State.self is any _EphemeralState.Type) {
      // An alert's button was tapped: the system has already closed it.
      statePath.modify(&state) { $0 = nil }
      return effect.isNone ? .none : effect.map(actionPath.embed)
    }
    guard !effect.isNone, let identity = Self.identity(statePath, &state, identities)
    else { return .none }
    // In the child's own namespace: its cancellation IDs are not its parent's, nor those of
    // another level of a feature that holds itself.
    return effect._childEffect(
      in: { cancelID(identity) },
      embed: actionPath.embed
    )
  }
}

/// The cancellation id of every effect a child feature started through `ifLet` (on an optional
/// or a presentation) or `ifCaseLet`: where the child lives, and which child it is.
@usableFromInline
struct _ChildEffectsID: Hashable, Sendable {
  @usableFromInline let path: _SendableAnyHashable
  @usableFromInline let identity: _NavigationIdentity

  @usableFromInline
  init(path: _SendableAnyHashable, identity: _NavigationIdentity) {
    self.path = path
    self.identity = identity
  }
}

/// Runs `child` on the wrapped value in place; the caller checked it is present (`ifLet` on an
/// optional, and on a presentation).
@inlinable
func _reduceWrapped<Wrapped, Action>(
  _ state: inout Wrapped?,
  _ action: Action,
  _ child: _ReduceFunction<Wrapped, Action>
) -> Effect<Action> {
  // Taken out so the child is changed without a copy, and put back whatever the child returns.
  guard var wrapped = state.take() else { return .none }
  defer { state = wrapped }
  return child(&wrapped, action)
}
