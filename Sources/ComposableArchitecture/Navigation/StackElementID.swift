/// The identity of an element of a ``StackState``: generational, never reused after a pop.
///
/// IDs come from the `\.stackElementID` dependency: a process-wide counter in an app, and a
/// counter starting at 0 for each `TestStore` (used by its initial state, its reducer and its
/// assertion closures), so a test can name elements with integer literals:
///
/// ```swift
/// await store.send(.path(.push(.counter(CounterFeature.State())))) {
///   $0.path[id: 0] = .counter(CounterFeature.State())
/// }
/// await store.send(.path(.popFrom(id: 0))) {
///   $0.path[id: 0] = nil
/// }
/// ```
///
/// > Note: Integer literals are for tests. Outside a test context one reports an issue: an app
/// > must use the IDs its stack generated.
public struct StackElementID: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The generation: the order in which IDs were made.
  public let generation: Int

  init(generation: Int) {
    self.generation = generation
  }

  /// The ID as `#0`, `#1`, and so on.
  public var description: String { "#\(generation)" }

  /// Orders IDs by generation.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.generation < rhs.generation }
}

extension StackElementID {
  /// A fresh ID for a stack whose highest generation so far is below `highWater`: the next ID
  /// of the store's generator, skipping those `isTaken`, or, with no generator in scope, the
  /// generation `highWater` (so a popped ID is not handed out again).
  ///
  /// Not generic, so `StackState`'s inlined push costs no type lookups to reach it; and the
  /// generator is read from the dependencies directly, not through `@Dependency`, whose key
  /// path costs a trip through the key path runtime on every push (its check for a missing test
  /// value has nothing to find here: this dependency's test value is a real one).
  @usableFromInline
  static func _fresh(after highWater: Int, isTaken: (StackElementID) -> Bool) -> StackElementID {
    let generator = DependencyValues._current.stackElementID
    if generator.isUnscoped { return StackElementID(generation: highWater) }
    var id = generator()
    while isTaken(id) { id = generator() }
    return id
  }
}

extension StackElementID: ExpressibleByIntegerLiteral {
  /// An ID written in a test, such as `0` in `$0.path[id: 0]`.
  public init(integerLiteral value: Int) {
    if DependencyValues._current.context != .test {
      reportIssue(
        """
        Specifying stack element IDs by integer literal is not allowed outside of tests.

        In tests, integer literal stack element IDs can be used as a shorthand to the \
        auto-generated IDs. Outside of tests, use the IDs of the stack's elements (`ids`).
        """
      )
    }
    self.init(generation: value)
  }
}

/// Makes ``StackElementID``s: the `\.stackElementID` dependency.
///
/// ```swift
/// withDependencies {
///   $0.stackElementID = .incrementing
/// } operation: {
///   var stack = StackState<Int>()
///   stack.append(1)  // id #0
/// }
/// ```
///
/// A store owns one generator for its whole life, so IDs on its stacks are never reused after
/// a pop. A `TestStore` starts its own at 0: its initial state, its reducer and its assertion
/// closures all draw from it, so a test names elements `0`, `1`, `2`, … whatever ran before it.
public struct StackElementIDGenerator: Sendable {
  enum Source: Sendable {
    /// Counts up; the next generation is readable, so a copy can replay the same IDs.
    case counter(LockIsolated<Int>)
    /// A function given by the user.
    case custom(@Sendable () -> StackElementID)
    /// No generator in scope (a test value outside any store): each stack numbers its own
    /// elements after the highest ID it has ever held.
    case unscoped
  }

  let source: Source

  /// Creates a generator from a function.
  ///
  /// - Parameter next: Returns a new ID each time it is called.
  public init(_ next: @escaping @Sendable () -> StackElementID) {
    self.source = .custom(next)
  }

  init(source: Source) {
    self.source = source
  }

  /// Returns a new ID.
  ///
  /// - Returns: The next ID.
  public func callAsFunction() -> StackElementID {
    switch source {
    case .counter(let counter):
      return counter.withLock { value in
        defer { value += 1 }
        return StackElementID(generation: value)
      }
    case .custom(let next):
      return next()
    case .unscoped:
      return Self.unscopedFallback()
    }
  }

  /// IDs counting up from 0; each use of `.incrementing` starts its own count.
  public static var incrementing: Self { Self(source: .counter(LockIsolated(0))) }

  /// Whether no store's generator is in scope.
  var isUnscoped: Bool {
    if case .unscoped = source { true } else { false }
  }

  /// A generator that hands out the same IDs this one would from now on, without advancing
  /// this one (for a test's assertion closure, which replays what the reducer just did).
  package func _incrementingCopy() -> Self {
    guard case .counter(let counter) = source else { return self }
    return Self(source: .counter(LockIsolated(counter.withLock { $0 })))
  }

  /// A copy that continues from `generation` (for replaying a received action's pushes).
  package func _copy(startingAt generation: Int?) -> Self {
    guard let generation, case .counter = source else { return self }
    return Self(source: .counter(LockIsolated(generation)))
  }

  /// The generation the next ID will have, when this generator can tell.
  package var _nextGeneration: Int? {
    guard case .counter(let counter) = source else { return nil }
    return counter.withLock { $0 }
  }

  /// IDs for direct calls of an unscoped generator: unique in the process.
  private static let unscopedCounter = LockIsolated(0)
  private static func unscopedFallback() -> StackElementID {
    unscopedCounter.withLock { value in
      defer { value += 1 }
      return StackElementID(generation: value)
    }
  }
}

private enum StackElementIDGeneratorKey: DependencyKey {
  /// One process-wide counter for an app's stores that set none.
  static let liveValue = StackElementIDGenerator.incrementing
  /// No counter: a store created in a test starts its own, a `TestStore` at 0; a stack built
  /// outside any store numbers its elements itself, so it never depends on other tests.
  static let testValue = StackElementIDGenerator(source: .unscoped)
}

extension DependencyValues {
  /// Makes stack element IDs: one counter per store (a `TestStore`'s starts at 0).
  public var stackElementID: StackElementIDGenerator {
    get { self[StackElementIDGeneratorKey.self] }
    set { self[StackElementIDGeneratorKey.self] = newValue }
  }

  /// Gives a store its own stack-ID counter when none is in scope (a store made in a test).
  mutating func _ensureStackElementIDGenerator() {
    if stackElementID.isUnscoped { stackElementID = .incrementing }
  }
}
