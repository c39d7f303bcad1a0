/// A child reducer that is built the first time an action reaches it, and then kept.
///
/// The scoping operators (``Scope``, `ifLet`, `ifCaseLet`, `forEach`) hold their children this
/// way. A feature may contain itself — a row whose body runs `forEach(\.rows) { Self() }`, a
/// screen presenting another of its kind — and building such a tree ahead of time would never
/// end. Built on first use, each level is built once, and only the levels an action reaches.
///
/// It is built under the dependencies in effect where the first action reaches it: the store's,
/// and those of any `.dependency` above it, the same values an eager build would have seen.
///
/// A built reducer belongs to one store and runs on that store's actor, so `built` is only ever
/// read and written from one isolation domain (the type is not `Sendable`, and the compiler
/// keeps it so).
@usableFromInline
final class _LazyReduceFunction<State, Action> {
  @usableFromInline var built: _ReduceFunction<State, Action>?
  @usableFromInline let build: () -> _ReduceFunction<State, Action>

  @inlinable
  init<R: Reducer>(_ reducer: R) where R.State == State, R.Action == Action {
    self.build = { reducer._reduceFunction() }
  }

  /// Runs the child, building it first if no action reached it before.
  @inlinable
  func run(_ state: inout State, _ action: Action) -> Effect<Action> {
    if let built { return built(&state, action) }
    return buildAndRun(&state, action)
  }

  /// The first action: builds the child (not the hot path).
  @usableFromInline
  func buildAndRun(_ state: inout State, _ action: Action) -> Effect<Action> {
    let function = build()
    built = function
    return function(&state, action)
  }
}

extension Reducer {
  /// This reducer as a child of an operator: built when the first action reaches it.
  @inlinable
  func _lazilyBuilt() -> _ReduceFunction<State, Action> {
    let lazy = _LazyReduceFunction(self)
    return { lazy.run(&$0, $1) }
  }
}
