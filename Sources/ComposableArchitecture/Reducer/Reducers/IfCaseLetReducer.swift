extension Reducer where State: CasePathable, Action: CasePathable {
  /// Runs a child reducer while enum state is one case, before this reducer.
  ///
  /// When this reducer moves the state to another case, or to the same case with a different
  /// `id` (for `Identifiable` child state), every effect the child started is cancelled. A child action while the state is another case is reported as an issue.
  ///
  /// ```swift
  /// var body: some Reducer<State, Action> {
  ///   Reduce { state, action in … }
  ///     .ifCaseLet(\.loggedIn, action: \.loggedIn) { LoggedIn() }
  ///     .ifCaseLet(\.loggedOut, action: \.loggedOut) { LoggedOut() }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - toCaseState: The state's case, such as `\.loggedIn`.
  ///   - toCaseAction: The action case for child actions.
  ///   - caseReducer: The child reducer.
  ///   - fileID: The file ID of the call; a failure is reported there.
  ///   - filePath: The path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  /// - Returns: A reducer that runs the child, then this reducer.
  @inlinable
  public consuming func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ toCaseState: CaseKeyPath<State, CaseState>,
    action toCaseAction: CaseKeyPath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then caseReducer: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfCaseLetReducer<Self, Case>
  where Case.State == CaseState, Case.Action == CaseAction {
    _IfCaseLetReducer(
      parent: self,
      child: caseReducer(),
      toChildState: toCaseState,
      toChildAction: .keyPath(toCaseAction),
      location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension Reducer where State: CasePathable, Action: CasePathable {
  /// Runs a child reducer while enum state is one case, for a child whose actions are this
  /// reducer's own (`action: \.self`); otherwise as
  /// ``ifCaseLet(_:action:then:fileID:filePath:line:column:)``.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifCaseLet(\.scanning, action: \.self) { Scanner() }
  /// ```
  ///
  /// - Parameters:
  ///   - toCaseState: The state's case, such as `\.scanning`.
  ///   - toCaseAction: `\.self`.
  ///   - caseReducer: The child reducer.
  ///   - fileID: The file ID of the call; a failure is reported there.
  ///   - filePath: The path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  /// - Returns: A reducer that runs the child, then this reducer.
  @inlinable
  public consuming func ifCaseLet<CaseState, Case: Reducer>(
    _ toCaseState: CaseKeyPath<State, CaseState>,
    action toCaseAction: _SelfCaseKeyPath<Action>,
    @ReducerBuilder<CaseState, Action> then caseReducer: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfCaseLetReducer<Self, Case>
  where Case.State == CaseState, Case.Action == Action {
    _IfCaseLetReducer(
      parent: self,
      child: caseReducer(),
      toChildState: toCaseState,
      toChildAction: .whole,
      location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer returned by ``Reducer/ifCaseLet(_:action:then:fileID:filePath:line:column:)``.
public struct _IfCaseLetReducer<Parent: Reducer, Child: Reducer>: _ChildOperator
where Parent.State: CasePathable, Parent.Action: CasePathable {
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let toChildState: CaseKeyPath<Parent.State, Child.State>
  @usableFromInline let toChildAction: _ChildActionPath<Parent.Action, Child.Action>
  @usableFromInline let location: IssueLocation

  @inlinable
  init(
    parent: Parent,
    child: Child,
    toChildState: CaseKeyPath<Parent.State, Child.State>,
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
  func run(
    _ state: inout Parent.State,
    _ action: Parent.Action,
    statePath: AnyCasePath<Parent.State, Child.State>,
    actionPath: AnyCasePath<Parent.Action, Child.Action>,
    identities: _IdentityReader<Child.State>,
    parent: _ReduceFunction<Parent.State, Parent.Action>,
    child: _ReduceFunction<Child.State, Child.Action>
  ) -> Effect<Parent.Action> {
    let childEffect = reduceChild(&state, action, statePath, actionPath, identities, child)
    let identityBefore = statePath.extract(from: state).map { identities.identity(of: $0) }
    let parentEffect = parent(&state, action)
    if let identityBefore,
      statePath.extract(from: state).map({ identities.identity(of: $0, after: identityBefore) })
        != identityBefore
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
      statePath: Parent.State._casePathByOffset(toChildState),
      actionPath: toChildAction.direct,
      identities: .unresolved,
      parent: parent,
      child: child
    )
  }

  @inlinable
  public func _built(
    parent: @escaping _ReduceFunction<Parent.State, Parent.Action>,
    child: @escaping _ReduceFunction<Child.State, Child.Action>
  ) -> _ReduceFunction<Parent.State, Parent.Action> {
    let statePath = Parent.State.casePath(toChildState)
    let actionPath = toChildAction.resolved
    let identities = _IdentityReader<Child.State>.resolved
    return { state, action in
      run(
        &state,
        action,
        statePath: statePath,
        actionPath: actionPath,
        identities: identities,
        parent: parent,
        child: child
      )
    }
  }

  /// The cancellation id of the effects of the case's child with `identity`.
  @usableFromInline func cancelID(_ identity: _NavigationIdentity) -> _CancelID {
    _CancelID(_ChildEffectsID(path: _SendableAnyHashable(toChildState), identity: identity))
  }

  @inlinable func reduceChild(
    _ state: inout Parent.State,
    _ action: Parent.Action,
    _ statePath: AnyCasePath<Parent.State, Child.State>,
    _ actionPath: AnyCasePath<Parent.Action, Child.Action>,
    _ identities: _IdentityReader<Child.State>,
    _ child: _ReduceFunction<Child.State, Child.Action>
  ) -> Effect<Parent.Action> {
    guard let childAction = actionPath.extract(from: action) else { return .none }
    guard var childState = statePath.extract(from: state) else {
      _reportCaseMismatch(operator: "An \"ifCaseLet\"", action: action, state: state, at: location)
      return .none
    }
    let effect = child(&childState, childAction)
    state = statePath.embed(childState)
    guard !effect.isNone else { return .none }
    let identity = identities.identity(of: childState)
    // In the child's own namespace: its cancellation IDs are not its parent's, nor those of
    // another level of a feature that holds itself.
    return effect._childEffect(
      in: { cancelID(identity) },
      embed: actionPath.embed
    )
  }
}
