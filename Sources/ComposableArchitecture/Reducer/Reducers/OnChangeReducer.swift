extension Reducer {
  /// Runs `reducer` after this one whenever an action changed the value `toValue` reads.
  ///
  /// ```swift
  /// var body: some Reducer<State, Action> {
  ///   Settings()
  ///     .onChange(of: \.theme) { oldTheme, newTheme in
  ///       Reduce { state, _ in
  ///         state.log.append("theme \(oldTheme) -> \(newTheme)")
  ///         return .none
  ///       }
  ///     }
  /// }
  /// ```
  ///
  /// The value is read before and after this reducer handles each action; when the two differ,
  /// `reducer(old, new)` runs on the same state and action, and both effects are merged. An
  /// action that leaves the value unchanged runs nothing more.
  ///
  /// - Parameters:
  ///   - toValue: Reads the value to watch, such as `\.count`.
  ///   - reducer: Builds the reducer to run from the old and the new value.
  /// - Returns: A reducer that runs this one, then `reducer` on a change.
  public consuming func onChange<Value: Equatable, Change: Reducer>(
    of toValue: @escaping (State) -> Value,
    @ReducerBuilder<State, Action> _ reducer:
      @escaping (_ oldValue: Value, _ newValue: Value) ->
      Change
  ) -> _OnChangeReducer<Self, Value, Change>
  where Change.State == State, Change.Action == Action {
    _OnChangeReducer(base: self, toValue: toValue, isDuplicate: { $0 == $1 }, change: reducer)
  }

  /// ``onChange(of:_:)`` for a value that is not `Equatable`, or that is compared differently:
  /// `isDuplicate` says when the old and the new value count as the same.
  ///
  /// ```swift
  /// .onChange(of: \.search, removeDuplicates: { $0.query == $1.query }) { _, _ in … }
  /// ```
  ///
  /// - Parameters:
  ///   - toValue: Reads the value to watch.
  ///   - isDuplicate: Whether two values count as unchanged.
  ///   - reducer: Builds the reducer to run from the old and the new value.
  /// - Returns: A reducer that runs this one, then `reducer` on a change.
  public consuming func onChange<Value, Change: Reducer>(
    of toValue: @escaping (State) -> Value,
    removeDuplicates isDuplicate: @escaping (Value, Value) -> Bool,
    @ReducerBuilder<State, Action> _ reducer:
      @escaping (_ oldValue: Value, _ newValue: Value) ->
      Change
  ) -> _OnChangeReducer<Self, Value, Change>
  where Change.State == State, Change.Action == Action {
    _OnChangeReducer(base: self, toValue: toValue, isDuplicate: isDuplicate, change: reducer)
  }
}

/// The reducer returned by ``Reducer/onChange(of:_:)``.
public struct _OnChangeReducer<Base: Reducer, Value, Change: Reducer>: Reducer
where Change.State == Base.State, Change.Action == Base.Action {
  @usableFromInline let base: Base
  @usableFromInline let toValue: (Base.State) -> Value
  @usableFromInline let isDuplicate: (Value, Value) -> Bool
  @usableFromInline let change: (Value, Value) -> Change

  @usableFromInline
  init(
    base: Base,
    toValue: @escaping (Base.State) -> Value,
    isDuplicate: @escaping (Value, Value) -> Bool,
    change: @escaping (Value, Value) -> Change
  ) {
    self.base = base
    self.toValue = toValue
    self.isDuplicate = isDuplicate
    self.change = change
  }

  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    // A closure, not `base.reduce(into:action:)`: a method reference is an escaping closure,
    // and passing one allocates its context on every direct call.
    run(&state, action, base: { base.reduce(into: &$0, action: $1) })
  }

  /// Builds the watched reducer once; the reducer run on a change is made from the two values
  /// each time.
  @inlinable
  public func _reduceFunction() -> _ReduceFunction<Base.State, Base.Action> {
    let base = base._reduceFunction()
    return { state, action in run(&state, action, base: base) }
  }

  @inlinable
  func run(
    _ state: inout Base.State,
    _ action: Base.Action,
    base: _ReduceFunction<Base.State, Base.Action>
  ) -> Effect<Base.Action> {
    let oldValue = toValue(state)
    let effect = base(&state, action)
    let newValue = toValue(state)
    guard !isDuplicate(oldValue, newValue) else { return effect }
    return effect.merge(with: change(oldValue, newValue).reduce(into: &state, action: action))
  }
}
