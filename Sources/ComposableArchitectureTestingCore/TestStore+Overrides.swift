extension TestStore {
  /// Runs `operation` with the store's ``exhaustivity`` set to `exhaustivity`, then sets it back.
  ///
  /// Handy when one part of an exhaustive test does not care about every detail: the steps
  /// inside the block assert only what they name, the steps after it are exhaustive again.
  ///
  /// ```swift
  /// await store.send(.incrementButtonTapped) { $0.count = 1 }
  /// await store.withExhaustivity(.off) {
  ///   await store.send(.sendTwoButtonTapped)
  ///   await store.receive(.second) { $0.count = 111 }  // `.first` is skipped
  /// }
  /// await store.send(.decrementButtonTapped) { $0.count = 110 }  // exhaustive again
  /// ```
  ///
  /// The previous exhaustivity comes back however the block ends, a thrown error included.
  ///
  /// - Parameters:
  ///   - exhaustivity: The exhaustivity for the steps in the block.
  ///   - operation: The steps.
  /// - Returns: What `operation` returns.
  @discardableResult
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity,
    operation: () async throws -> R
  ) async rethrows -> R {
    let previous = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = previous }
    return try await operation()
  }

  /// Runs synchronous `operation` with the store's ``exhaustivity`` set to `exhaustivity`, then
  /// sets it back.
  ///
  /// ```swift
  /// store.withExhaustivity(.off) {
  ///   store.assert { $0.count = 111 }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - exhaustivity: The exhaustivity for the block.
  ///   - operation: The work.
  /// - Returns: What `operation` returns.
  @discardableResult
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity,
    operation: () throws -> R
  ) rethrows -> R {
    let previous = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = previous }
    return try operation()
  }

  /// Runs `operation` with the store's ``dependencies`` changed by `updateValues`, then puts the
  /// previous dependencies back.
  ///
  /// The steps in the block run the feature, and start effects, with the changed values;
  /// effects started in the block keep the values they started with after it ends.
  ///
  /// ```swift
  /// await store.withDependencies {
  ///   $0.factClient.fetch = { _ in "A fact for this step only." }
  /// } operation: {
  ///   await store.send(.factButtonTapped)
  ///   await store.receive(.factResponse("A fact for this step only.")) {
  ///     $0.fact = "A fact for this step only."
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - updateValues: Changes the dependencies for the block.
  ///   - operation: The steps.
  /// - Returns: What `operation` returns.
  @discardableResult
  public func withDependencies<R>(
    _ updateValues: (inout DependencyValues) throws -> Void,
    operation: () async throws -> R
  ) async rethrows -> R {
    let previous = dependencies
    var values = previous
    try updateValues(&values)
    dependencies = values
    defer { dependencies = previous }
    return try await operation()
  }

  /// Runs synchronous `operation` with the store's ``dependencies`` changed by `updateValues`,
  /// then puts the previous dependencies back.
  ///
  /// - Parameters:
  ///   - updateValues: Changes the dependencies for the block.
  ///   - operation: The work.
  /// - Returns: What `operation` returns.
  @discardableResult
  public func withDependencies<R>(
    _ updateValues: (inout DependencyValues) throws -> Void,
    operation: () throws -> R
  ) rethrows -> R {
    let previous = dependencies
    var values = previous
    try updateValues(&values)
    dependencies = values
    defer { dependencies = previous }
    return try operation()
  }
}
