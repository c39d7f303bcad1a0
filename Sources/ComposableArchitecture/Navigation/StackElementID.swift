/// The identity of an element of a ``StackState``: generational, never reused after a pop.
///
/// IDs come from the `\.stackElementID` dependency: a process-wide counter in an app, and a
/// counter starting at 0 for each `TestStore`, so a test can name elements with integer
/// literals:
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
public struct StackElementIDGenerator: Sendable {
  private let next: @Sendable () -> StackElementID

  /// Creates a generator from a function.
  public init(_ next: @escaping @Sendable () -> StackElementID) {
    self.next = next
  }

  /// Returns a new ID.
  public func callAsFunction() -> StackElementID { next() }

  /// IDs counting up from 0; each use of `.incrementing` starts its own count.
  public static var incrementing: Self {
    let counter = LockIsolated(0)
    return Self {
      counter.withLock { value in
        defer { value += 1 }
        return StackElementID(generation: value)
      }
    }
  }
}

private enum StackElementIDGeneratorKey: DependencyKey {
  static let liveValue = StackElementIDGenerator.incrementing
  /// One process-wide counter (stored: a computed value would restart at 0 on every read and hand
  /// out the same ID twice).
  ///
  /// A `TestStore` sets its own, counting from 0.
  static let testValue = StackElementIDGenerator.incrementing
}

extension DependencyValues {
  /// Makes stack element IDs (a process-wide counter live; a `TestStore` starts its own at 0).
  public var stackElementID: StackElementIDGenerator {
    get { self[StackElementIDGeneratorKey.self] }
    set { self[StackElementIDGeneratorKey.self] = newValue }
  }
}
