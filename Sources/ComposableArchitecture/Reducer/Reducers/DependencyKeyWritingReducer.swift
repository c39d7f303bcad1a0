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
  public func dependency<Value: Sendable>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: Value
  ) -> _DependencyKeyWritingReducer<Self> {
    _DependencyKeyWritingReducer(base: self) { $0[keyPath: keyPath] = value }
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
}
