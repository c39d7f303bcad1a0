import Clocks
import Observation

/// The storage one or more ``Shared`` values point at: the value, behind a lock, observable.
///
/// Outside a test that is all it is. A reference a `TestStore` adopted also keeps what the
/// test has asserted so far, each write made since (tagged with the store's step), and the
/// value the test's assertion closure is building, so that a change to shared state is asserted
/// like a change to any other state (see `_SharedTestContext`).
final class _SharedReference<Value: Sendable>: Sendable {
  private struct Storage: Sendable {
    var value: Value
    var test: TestBookkeeping?
  }

  /// What a test store needs of a reference it adopted.
  private struct TestBookkeeping: Sendable {
    let context: _SharedTestContext
    /// The value as the test has asserted it so far.
    var asserted: Value
    /// The writes since, oldest first, each tagged with the step it happened in.
    var writes: [(step: Int, value: Value)] = []
    /// What the running assertion closure wrote, if anything.
    var expected: Value?

    func value(at step: Int) -> Value {
      writes.last { $0.step <= step }?.value ?? asserted
    }
  }

  private let storage: LockIsolated<Storage>
  private let registrar = ObservationRegistrar()
  // Built once: a key path into a generic class is otherwise built at run time on every use.
  private let observedKeyPath: KeyPath<_SharedReference, Void> & Sendable

  /// Saves the value after each real write, for a reference made from a ``SharedKey``.
  private let persistence: _SharedPersistence<Value>?

  init(_ value: Value, persistence: _SharedPersistence<Value>? = nil) {
    storage = LockIsolated(Storage(value: value))
    self.persistence = persistence
    observedKeyPath = \_SharedReference.observed
    if let context = DependencyValues._current._sharedTestContext {
      adopt(by: context)
    }
  }

  /// Reads `keyPath` of the value as seen from `side` (the real value when `nil`, or when no
  /// test store adopted this reference).
  func read<Member>(_ keyPath: KeyPath<Value, Member>, side: _SharedSide?) -> Member {
    registrar.access(self, keyPath: observedKeyPath)
    return storage.withLock { storage in
      guard let test = storage.test, let side else { return storage.value[keyPath: keyPath] }
      switch side {
      case .asserted: return test.asserted[keyPath: keyPath]
      case .expected: return (test.expected ?? test.asserted)[keyPath: keyPath]
      case .expectedOver(let step):
        return (test.expected ?? test.value(at: step))[keyPath: keyPath]
      case .actual(let step): return test.value(at: step)[keyPath: keyPath]
      }
    }
  }

  /// Changes `keyPath` of the value under the lock: the real value, or, inside a test's
  /// assertion closure, the value the closure is building.
  func withLock<Member, Result>(
    _ keyPath: WritableKeyPath<Value, Member>,
    _ body: (inout Member) throws -> Result
  ) rethrows -> Result {
    let side = _SharedSide.current
    if case .expected = side { return try writeExpected(keyPath, base: nil, body) }
    if case .expectedOver(let step) = side { return try writeExpected(keyPath, base: step, body) }
    return try registrar.withMutation(of: self, keyPath: observedKeyPath) {
      try storage.withLock { storage in
        let result = try body(&storage.value[keyPath: keyPath])
        if var test = storage.test {
          storage.test = nil  // no copy of `writes` while appending
          test.writes.append((test.context.step, storage.value))
          storage.test = test
        }
        // Under the lock, so the last value saved is the last value written.
        persistence?.save(storage.value)
        return result
      }
    }
  }

  private func writeExpected<Member, Result>(
    _ keyPath: WritableKeyPath<Value, Member>,
    base step: Int?,
    _ body: (inout Member) throws -> Result
  ) rethrows -> Result {
    try storage.withLock { storage in
      guard var test = storage.test else { return try body(&storage.value[keyPath: keyPath]) }
      var expected = test.expected ?? step.map(test.value(at:)) ?? test.asserted
      let result = try body(&expected[keyPath: keyPath])
      test.expected = expected
      storage.test = test
      return result
    }
  }

  /// Makes this reference part of `context`'s test: from now on its changes must be asserted.
  ///
  /// A reference belongs to the first test store that adopts it.
  func adopt(by context: _SharedTestContext) {
    let adopted = storage.withLock { storage in
      guard storage.test == nil else { return false }
      storage.test = TestBookkeeping(context: context, asserted: storage.value)
      return true
    }
    if adopted { context.register(self) }
  }

  /// The test asserted everything up to `step`: that becomes the asserted value, and what the
  /// assertion closure wrote is forgotten.
  func accept(through step: Int) {
    storage.withLock { storage in
      guard var test = storage.test else { return }
      test.asserted = test.value(at: step)
      test.writes.removeAll { $0.step <= step }
      test.expected = nil
      storage.test = test
    }
  }

  /// Forgets what an assertion closure wrote.
  func forgetExpectation() {
    storage.withLock { storage in storage.test?.expected = nil }
  }

  /// Observation's handle for this reference's value.
  private var observed: Void { () }
}

/// What ``_SharedReference`` asks of any reference, whatever its value's type.
protocol _AnySharedReference: AnyObject, Sendable {
  func adopt(by context: _SharedTestContext)
  func accept(through step: Int)
  func forgetExpectation()
}

extension _SharedReference: _AnySharedReference {}

// Observers of a shared value are told of each real write (not of an assertion closure's).
extension _SharedReference: Observable {}
