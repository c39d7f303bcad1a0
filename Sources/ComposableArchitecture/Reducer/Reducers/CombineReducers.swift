/// Groups reducers so an operator applies to all of them.
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   CombineReducers {
///     Scope(state: \.counter, action: \.counter) { Counter() }
///     Reduce { state, action in … }
///   }
///   .ifLet(\.child, action: \.child) { Child() }
/// }
/// ```
public struct CombineReducers<State, Action, Reducers: Reducer>: Reducer
where Reducers.State == State, Reducers.Action == Action {
  @usableFromInline let reducers: Reducers

  /// Combines the reducers built by `build`, run in order.
  ///
  /// - Parameter build: The reducers to combine.
  @inlinable
  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    self.reducers = build()
  }

  /// Runs the combined reducers.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }

  @inlinable
  public func _reduceFunction() -> _ReduceFunction<State, Action> {
    reducers._reduceFunction()
  }
}

/// A reducer that does nothing: no state change, no effect.
///
/// ```swift
/// Scope(state: \.settings, action: \.settings) { EmptyReducer() }
/// ```
public struct EmptyReducer<State, Action>: Reducer {
  /// Creates the reducer.
  @inlinable
  public init() {}

  /// Returns `.none`.
  @inlinable
  public func reduce(into _: inout State, action _: Action) -> Effect<Action> { .none }

  @inlinable
  public func _reduceFunction() -> _ReduceFunction<State, Action> { { _, _ in .none } }
}
