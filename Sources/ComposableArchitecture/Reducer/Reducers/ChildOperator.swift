/// What every operator that runs a child reducer shares (``Scope``, `ifLet`, `ifCaseLet`,
/// `forEach`, `forEach` on a stack, and `ifLet` on a presentation): the two ways it is run.
///
/// An operator writes its logic once, in a `run` that takes the parent and the child as
/// functions and the paths it reads as arguments. Two callers run it, and this protocol writes
/// both for every operator:
///
/// - `reduce(into:action:)`, a direct call: the operator calls ``_run(_:_:parent:child:)``,
///   which hands `run` the paths as the feature declared them, and the parent and the child as
///   closures that call them;
/// - `_reduceFunction()`, once, when a store builds its reducer: the parent and the child are
///   built once (see `_childReduceFunction()`), and ``_built(parent:child:)`` resolves the
///   paths once and returns `run` with everything it resolved.
///
/// An operator with no parent of its own (``Scope``) names ``EmptyReducer`` and ignores it.
public protocol _ChildOperator: Reducer {
  /// The reducer the operator runs after the child (an `ifLet`'s receiver).
  associatedtype Parent: Reducer<State, Action>
  /// The reducer the operator runs on the child's state.
  associatedtype Child: Reducer

  /// The reducer the operator runs after the child.
  var _parent: Parent { get }
  /// The reducer the operator runs on the child's state.
  var _child: Child { get }

  /// Runs the operator for a direct call, with the paths as the feature declared them.
  func _run(
    _ state: inout State,
    _ action: Action,
    parent: _ReduceFunction<State, Action>,
    child: _ReduceFunction<Child.State, Child.Action>
  ) -> Effect<Action>

  /// The operator as a store runs it: its paths resolved once, and the built parent and child
  /// kept.
  func _built(
    parent: @escaping _ReduceFunction<State, Action>,
    child: @escaping _ReduceFunction<Child.State, Child.Action>
  ) -> _ReduceFunction<State, Action>
}

extension _ChildOperator {
  /// Runs the child and the parent for `action`.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    // Closures, not `x.reduce(into:action:)`: a method reference is an escaping closure,
    // and passing one allocates its context on every direct call.
    _run(
      &state,
      action,
      parent: { _parent.reduce(into: &$0, action: $1) },
      child: { _child.reduce(into: &$0, action: $1) }
    )
  }

  /// Builds the parent and the child once (a child that contains this feature when an action
  /// first reaches it); resolves the paths once.
  @inlinable
  public func _reduceFunction() -> _ReduceFunction<State, Action> {
    _built(parent: _parent._reduceFunction(), child: _child._childReduceFunction())
  }
}
