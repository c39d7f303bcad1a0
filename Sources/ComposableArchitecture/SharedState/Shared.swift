import ValueDump

/// State shared by reference between features: every holder of the same `Shared` sees every
/// change, and a `TestStore` asserts changes to it like changes to any other state.
///
/// A parent makes the value once and hands its projection (`$favoritePrimes`) to each child
/// that needs it; there is then one list, and no child's copy to keep in step. Reads are
/// plain; writes go through ``withLock(_:)``, which is safe from any task.
///
/// ```swift
/// struct State: Equatable {
///   @Shared var favoritePrimes: [Int]
/// }
///
/// // The parent shares its list with a child it presents:
/// state.primeModal = PrimeModal.State(count: state.count, favoritePrimes: state.$favoritePrimes)
///
/// // The child changes it:
/// state.$favoritePrimes.withLock { $0.append(state.count) }
///
/// // A test asserts the change as any other:
/// await store.send(.saveFavoritePrimeTapped) {
///   $0.$favoritePrimes.withLock { $0 = [7] }
/// }
/// ```
///
/// > Note: Inside a `TestStore` assertion closure a shared value reads as the test has asserted
/// > it so far (the value before the action), and a write there states the expected value; the
/// > shared value itself is not changed by the test.
@propertyWrapper
@dynamicMemberLookup
public struct Shared<Value: Sendable>: Sendable {
  fileprivate let access: any _SharedAccess<Value>

  /// A new shared value, held by nothing else yet.
  ///
  /// - Parameter value: The value.
  public init(value: Value) {
    access = _RootAccess(reference: _SharedReference(value))
  }

  /// The same shared value as `projectedValue`: `self._count = count` in an initializer that
  /// receives a `Shared<Int>`.
  ///
  /// - Parameter projectedValue: A shared value.
  public init(projectedValue: Shared<Value>) {
    self = projectedValue
  }

  init(reference: _SharedReference<Value>) {
    access = _RootAccess(reference: reference)
  }

  private init(access: any _SharedAccess<Value>) {
    self.access = access
  }

  /// The current value.
  public var wrappedValue: Value {
    access.read(side: _SharedSide.current)
  }

  /// The shared value itself, to hand to another feature or to change with ``withLock(_:)``.
  public var projectedValue: Shared<Value> {
    get { self }
    set { self = newValue }
  }

  /// Changes the value under its lock.
  ///
  /// ```swift
  /// state.$count.withLock { $0 += 1 }
  /// ```
  ///
  /// - Parameter body: Changes the value in place.
  /// - Returns: What `body` returns.
  @discardableResult
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try access.withLock(body)
  }

  /// A shared value for one part of this one: a change through either is seen by both.
  ///
  /// ```swift
  /// let name: Shared<String> = $user.name
  /// ```
  public subscript<Member: Sendable>(
    dynamicMember keyPath: WritableKeyPath<Value, Member> & Sendable
  ) -> Shared<Member> {
    Shared<Member>(access: _ProjectedAccess(base: access, keyPath: keyPath))
  }
}

extension Shared {
  /// The shared value inside `base`, while it holds one: `nil` when `base` is `nil` now.
  ///
  /// ```swift
  /// if let user = Shared($currentUser) {
  ///   state.profile = Profile.State(user: user)
  /// }
  /// ```
  ///
  /// If `base` later becomes `nil`, reading gives the last value it held, and a write is
  /// reported as an issue (there is nothing to write to) and dropped.
  ///
  /// - Parameter base: An optional shared value.
  public init?(_ base: Shared<Value?>) {
    guard let initial = base.wrappedValue else { return nil }
    self.init(access: _UnwrappedAccess(base: base.access, last: LockIsolated(initial)))
  }
}

extension Shared: Equatable where Value: Equatable {
  /// Whether the two values are equal.
  ///
  /// While a `TestStore` compares the state it expected with the state it got, the left-hand
  /// value is read as the test expected it and the right-hand one as the feature left it.
  public static func == (lhs: Shared, rhs: Shared) -> Bool {
    if let (left, right) = _SharedSide.comparison {
      return lhs.access.read(side: left) == rhs.access.read(side: right)
    }
    return lhs.wrappedValue == rhs.wrappedValue
  }
}

extension Shared: _CustomDumpRepresentable {
  /// A dump shows the value, as the current task sees it.
  public var _dumpValue: Any { wrappedValue }
}

extension Shared: _SharedValue {
  var _reference: any _AnySharedReference { access.reference }
}

/// How a ``Shared`` reaches its value: the reference itself, or a part of another shared value.
protocol _SharedAccess<Value>: Sendable {
  associatedtype Value: Sendable
  var reference: any _AnySharedReference { get }
  func read(side: _SharedSide?) -> Value
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result
}

private struct _RootAccess<Value: Sendable>: _SharedAccess {
  let reference_: _SharedReference<Value>

  init(reference: _SharedReference<Value>) {
    reference_ = reference
  }

  var reference: any _AnySharedReference { reference_ }

  func read(side: _SharedSide?) -> Value {
    reference_.read(\.self, side: side)
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try reference_.withLock(\.self, body)
  }
}

private struct _ProjectedAccess<BaseValue: Sendable, Value: Sendable>: _SharedAccess {
  let base: any _SharedAccess<BaseValue>
  let keyPath: WritableKeyPath<BaseValue, Value> & Sendable

  var reference: any _AnySharedReference { base.reference }

  func read(side: _SharedSide?) -> Value {
    base.read(side: side)[keyPath: keyPath]
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try base.withLock { try body(&$0[keyPath: keyPath]) }
  }
}

private struct _UnwrappedAccess<Value: Sendable>: _SharedAccess {
  let base: any _SharedAccess<Value?>
  /// The last value `base` held, for reads after it became `nil`.
  let last: LockIsolated<Value>

  var reference: any _AnySharedReference { base.reference }

  func read(side: _SharedSide?) -> Value {
    if let value = base.read(side: side) {
      if side == nil { last.withLock { $0 = value } }
      return value
    }
    return last.withLock { $0 }
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try base.withLock { optional in
      guard var value = optional else {
        reportIssue("A write to an unwrapped shared value was dropped: its optional is nil.")
        var copy = last.withLock { $0 }
        return try body(&copy)
      }
      defer { optional = value }
      return try body(&value)
    }
  }
}
