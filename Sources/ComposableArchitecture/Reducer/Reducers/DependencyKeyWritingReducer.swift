extension Reducer {
  /// Overrides a dependency for this reducer and the effects it returns.
  ///
  /// ```swift
  /// Scope(state: \.favoritePrimes, action: \.favoritePrimes) {
  ///   FavoritePrimes()
  ///     .dependency(\.fileClient, .inMemory)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The dependency's accessor.
  ///   - value: The value to use.
  /// - Returns: A reducer that runs this one with the dependency overridden.
  public consuming func dependency<Value: Sendable>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: Value
  ) -> _DependencyKeyWritingReducer<Self> {
    _DependencyKeyWritingReducer(base: self) { $0[keyPath: keyPath] = value }
  }
}

extension Reducer {
  /// Overrides a dependency with a value that is its own key (`PrimeClient.mock`).
  ///
  /// ```swift
  /// Counter()
  ///   .dependency(PrimeClient(nthPrime: { _ in 17 }))
  /// ```
  ///
  /// - Parameter value: The value to use for the dependency keyed by its type.
  /// - Returns: A reducer that runs this one with the dependency overridden.
  public consuming func dependency<Value: DependencyKey & Sendable>(
    _ value: Value
  ) -> _DependencyKeyWritingReducer<Self> where Value.Value == Value {
    _DependencyKeyWritingReducer(base: self) { $0[Value.self] = value }
  }

  /// Changes a dependency, starting from its current value, for this reducer and its effects.
  ///
  /// ```swift
  /// FavoritePrimes()
  ///   .transformDependency(\.fileClient) { client in
  ///     client.save = { _, _ in }  // this screen never writes
  ///   }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The dependency's accessor.
  ///   - transform: Changes the value in place.
  /// - Returns: A reducer that runs this one with the dependency changed.
  public consuming func transformDependency<Value: Sendable>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    transform: @escaping @Sendable (inout Value) -> Void
  ) -> _DependencyKeyWritingReducer<Self> {
    _DependencyKeyWritingReducer(base: self) { transform(&$0[keyPath: keyPath]) }
  }
}

/// The reducer returned by ``Reducer/dependency(_:_:)``.
public struct _DependencyKeyWritingReducer<Base: Reducer>: Reducer {
  let base: Base
  let update: @Sendable (inout DependencyValues) -> Void

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    var values = DependencyValues._current
    update(&values)
    return DependencyValues.$_current.withValue(values) {
      base.reduce(into: &state, action: action)
    }
  }

  /// Builds the base under the changed dependencies, so a `body` that reads one while it is
  /// built sees the override; each action again runs under the override.
  public func _reduceFunction() -> _ReduceFunction<Base.State, Base.Action> {
    var values = DependencyValues._current
    update(&values)
    let built = DependencyValues.$_current.withValue(values) { base._reduceFunction() }
    let update = update
    return { state, action in
      var values = DependencyValues._current
      update(&values)
      return DependencyValues.$_current.withValue(values) { built(&state, action) }
    }
  }
}
