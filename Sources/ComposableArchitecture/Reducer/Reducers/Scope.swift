/// Runs a child reducer on part of the parent's state, for the child's actions.
///
/// For a struct state, name the property; for an enum state, name the case (the child runs
/// only while the state is that case). The action is always a case of the parent's action.
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   Scope(state: \.counter, action: \.counter) {
///     Counter()
///   }
///   Reduce { state, action in … }  // the parent runs after the child
/// }
/// ```
///
/// The child's effects are mapped back into parent actions.
public struct Scope<ParentState, ParentAction: CasePathable, Child: Reducer>: _ChildOperator {
  @usableFromInline enum StatePath {
    case keyPath(WritableKeyPath<ParentState, Child.State>)
    case casePath(AnyCasePath<ParentState, Child.State>, IssueLocation)
  }

  @usableFromInline let toChildState: StatePath
  @usableFromInline let toChildAction: _ChildActionPath<ParentAction, Child.Action>
  @usableFromInline let child: Child

  @inlinable
  init(
    _ toChildState: StatePath,
    _ toChildAction: _ChildActionPath<ParentAction, Child.Action>,
    _ child: Child
  ) {
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.child = child
  }

  /// Nothing: a `Scope` runs only its child (the reducers after it in a `body` run next).
  @inlinable public var _parent: EmptyReducer<ParentState, ParentAction> { EmptyReducer() }
  @inlinable public var _child: Child { child }

  /// Scopes to a property of struct state.
  ///
  /// - Parameters:
  ///   - toChildState: The child state's property, such as `\.counter`.
  ///   - toChildAction: The parent action's case for child actions, such as `\.counter`.
  ///   - child: The child reducer.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(.keyPath(toChildState), .keyPath(toChildAction), child())
  }

  /// Scopes to a property of struct state, for a child whose actions are the parent's own
  /// (`action: \.self`).
  ///
  /// ```swift
  /// Scope(state: \.settings, action: \.self) {
  ///   Settings()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - toChildState: The child state's property, such as `\.settings`.
  ///   - toChildAction: `\.self`.
  ///   - child: The child reducer, whose action type is the parent's.
  @inlinable
  public init<ChildState>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: _SelfCaseKeyPath<ParentAction>,
    @ReducerBuilder<ChildState, ParentAction> child: () -> Child
  ) where ChildState == Child.State, ParentAction == Child.Action {
    self.init(.keyPath(toChildState), .whole, child())
  }

  /// Scopes to a case of enum state; a child action while the state is another case is
  /// reported as an issue.
  ///
  /// - Parameters:
  ///   - toChildState: The state's case, such as `\.loggedIn`.
  ///   - toChildAction: The parent action's case for child actions.
  ///   - child: The child reducer.
  ///   - fileID: The file ID of the call; a failure is reported there.
  ///   - filePath: The path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: CaseKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action, ParentState: CasePathable {
    self.init(
      .casePath(
        ParentState.casePath(toChildState),
        IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
      ),
      .keyPath(toChildAction),
      child()
    )
  }

  /// Scopes to a case of enum state, for a child whose actions are the parent's own
  /// (`action: \.self`); a child action while the state is another case is reported as an
  /// issue.
  ///
  /// - Parameters:
  ///   - toChildState: The state's case, such as `\.loggedIn`.
  ///   - toChildAction: `\.self`.
  ///   - child: The child reducer, whose action type is the parent's.
  ///   - fileID: The file ID of the call; a failure is reported there.
  ///   - filePath: The path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  @inlinable
  public init<ChildState>(
    state toChildState: CaseKeyPath<ParentState, ChildState>,
    action toChildAction: _SelfCaseKeyPath<ParentAction>,
    @ReducerBuilder<ChildState, ParentAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ParentAction == Child.Action, ParentState: CasePathable {
    self.init(
      .casePath(
        ParentState.casePath(toChildState),
        IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
      ),
      .whole,
      child()
    )
  }

  /// Runs the child for its actions; ignores every other action.
  @inlinable
  public func _run(
    _ state: inout ParentState,
    _ action: ParentAction,
    parent _: _ReduceFunction<ParentState, ParentAction>,
    child: _ReduceFunction<Child.State, Child.Action>
  ) -> Effect<ParentAction> {
    let actionPath = toChildAction.direct
    switch toChildState {
    case .keyPath(let keyPath):
      return Self.run(&state, action, actionPath, keyPath, child: child)
    case .casePath(let statePath, let location):
      return Self.run(&state, action, actionPath, statePath, location, child: child)
    }
  }

  /// Resolves both paths once.
  @inlinable
  public func _built(
    parent _: @escaping _ReduceFunction<ParentState, ParentAction>,
    child: @escaping _ReduceFunction<Child.State, Child.Action>
  ) -> _ReduceFunction<ParentState, ParentAction> {
    let actionPath = toChildAction.resolved
    switch toChildState {
    case .keyPath(let keyPath):
      let built = BuiltToProperty(actionPath, _ResolvedKeyPath(keyPath), child)
      return { built.run(&$0, $1) }
    case .casePath(let statePath, let location):
      return BuiltToCase(actionPath, statePath, location, child).run
    }
  }

  /// A `Scope` to a property, as a store built it: what it resolved, in one object, called
  /// through a closure that captures only the object.
  ///
  /// Not a closure that captures the same values: calling a closure hands each value it
  /// captured to its body as arguments, on every call (here nine words: the child function, the
  /// case path's two functions, the key path and its offset), and a tree of features pays that
  /// at each level. One object is one pointer. The other operators do much more per action
  /// than hand over their captures, so they stay closures.
  @usableFromInline
  final class BuiltToProperty {
    @usableFromInline let actionPath: AnyCasePath<ParentAction, Child.Action>
    @usableFromInline let statePath: _ResolvedKeyPath<ParentState, Child.State>
    @usableFromInline let child: _ReduceFunction<Child.State, Child.Action>

    @inlinable
    init(
      _ actionPath: AnyCasePath<ParentAction, Child.Action>,
      _ statePath: _ResolvedKeyPath<ParentState, Child.State>,
      _ child: @escaping _ReduceFunction<Child.State, Child.Action>
    ) {
      self.actionPath = actionPath
      self.statePath = statePath
      self.child = child
    }

    /// What `Scope.run` does for a property, written out here so that only `lift` reads the
    /// embedding: with the mapping inlined, each level loaded and kept every field of this
    /// object across its call to the child (see `lift`).
    @inlinable
    func run(_ state: inout ParentState, _ action: ParentAction) -> Effect<ParentAction> {
      guard let childAction = actionPath.extract(from: action) else { return .none }
      let effect = statePath.modify(&state) { child(&$0, childAction) }
      return effect.isNone ? .none : lift(effect)
    }

    /// The child's effect in parent actions, out of line.
    ///
    /// The path most actions take (extract, run the child, `.none`) then keeps three of the
    /// object's fields live instead of nine.
    @inlinable @inline(never)
    func lift(_ effect: Effect<Child.Action>) -> Effect<ParentAction> {
      effect.map(actionPath.embed)
    }
  }

  /// A `Scope` to a case, as a store built it: one object, as for a property (no faster than a
  /// closure here, but kept alike so both read the same).
  @usableFromInline
  final class BuiltToCase {
    @usableFromInline let actionPath: AnyCasePath<ParentAction, Child.Action>
    @usableFromInline let statePath: AnyCasePath<ParentState, Child.State>
    @usableFromInline let location: IssueLocation
    @usableFromInline let child: _ReduceFunction<Child.State, Child.Action>

    @inlinable
    init(
      _ actionPath: AnyCasePath<ParentAction, Child.Action>,
      _ statePath: AnyCasePath<ParentState, Child.State>,
      _ location: IssueLocation,
      _ child: @escaping _ReduceFunction<Child.State, Child.Action>
    ) {
      self.actionPath = actionPath
      self.statePath = statePath
      self.location = location
      self.child = child
    }

    @inlinable
    func run(_ state: inout ParentState, _ action: ParentAction) -> Effect<ParentAction> {
      Scope.run(&state, action, actionPath, statePath, location, child: child)
    }
  }

  /// A child of struct state: mutated in place.
  @inlinable
  static func run<Path: _WritablePath>(
    _ state: inout ParentState,
    _ action: ParentAction,
    _ actionPath: AnyCasePath<ParentAction, Child.Action>,
    _ statePath: Path,
    child: _ReduceFunction<Child.State, Child.Action>
  ) -> Effect<ParentAction> where Path.Root == ParentState, Path.Value == Child.State {
    guard let childAction = actionPath.extract(from: action) else { return .none }
    let effect = statePath.modify(&state) { child(&$0, childAction) }
    // Checked first: forming the `map` closure would allocate even for `.none`.
    return effect.isNone ? .none : effect.map(actionPath.embed)
  }

  /// A case of enum state: extracted, changed, embedded again.
  @inlinable
  static func run(
    _ state: inout ParentState,
    _ action: ParentAction,
    _ actionPath: AnyCasePath<ParentAction, Child.Action>,
    _ statePath: AnyCasePath<ParentState, Child.State>,
    _ location: IssueLocation,
    child: _ReduceFunction<Child.State, Child.Action>
  ) -> Effect<ParentAction> {
    guard let childAction = actionPath.extract(from: action) else { return .none }
    guard var childState = statePath.extract(from: state) else {
      _reportCaseMismatch(operator: "A \"Scope\"", action: action, state: state, at: location)
      return .none
    }
    let effect = child(&childState, childAction)
    state = statePath.embed(childState)
    return effect.isNone ? .none : effect.map(actionPath.embed)
  }
}

/// Reports a child action that arrived while enum state was another case (`Scope`, `ifCaseLet`).
@usableFromInline
func _reportCaseMismatch(
  operator name: String,
  action: Any,
  state: Any,
  at location: IssueLocation
) {
  reportIssue(
    """
    \(name) at "\(location)" received a child action when child state was set to a \
    different case. …

      Action:
        \(_dump(action, indentingLinesAfterTheFirstBy: 4))
      State:
        \(_dump(state, indentingLinesAfterTheFirstBy: 4))

    This is generally considered an application logic error, one of two kinds: an effect \
    outlived its screen (it sent a child action after the state moved to another case: cancel \
    the child's effects when leaving the case), or a test or view sent an action for a case \
    that is not the current one.
    """,
    at: location
  )
}
