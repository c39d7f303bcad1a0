import Foundation

/// The dependencies in effect for the current task: read with `@Dependency`, changed with
/// ``withDependencies(_:operation:)``, a store's `withDependencies:` or `.dependency(_:_:)`.
///
/// Values are stored per key; a key that was never set gives its ``DependencyKey`` value for
/// the current ``context``.
///
/// ```swift
/// withDependencies {
///   $0.date = .constant(Date(timeIntervalSince1970: 0))
/// } operation: {
///   @Dependency(\.date) var date
///   date.now  // 1970-01-01
/// }
/// ```
public struct DependencyValues: Sendable {
  @TaskLocal public static var _current = DependencyValues()
  @TaskLocal static var _unimplementedProbe: _UnimplementedProbe?

  private var storage: [ObjectIdentifier: any Sendable] = [:]
  private var contextOverride: DependencyContext?
  private var liveTestValuesOverride: Bool?

  /// Creates values with nothing overridden, in the process's default context.
  public init() {}

  /// Whether nothing is overridden (the store skips binding these per action).
  @usableFromInline var isDefault: Bool {
    storage.isEmpty && contextOverride == nil && liveTestValuesOverride == nil
  }

  /// The value for a key: the override if set, else the key's value for the current context.
  public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
    get {
      if let value = storage[ObjectIdentifier(key)], let typed = value as? Key.Value {
        return typed
      }
      switch context {
      case .live: return Key.liveValue
      case .test: return _testValuesAreLive ? Key.liveValue : Key.testValue
      case .preview: return Key.previewValue
      }
    }
    set {
      storage[ObjectIdentifier(key)] = newValue
    }
  }

  /// The value for a key that may have no live value (see ``TestDependencyKey``).
  public subscript<Key: TestDependencyKey>(key: Key.Type) -> Key.Value {
    get {
      if let value = storage[ObjectIdentifier(key)], let typed = value as? Key.Value {
        return typed
      }
      switch context {
      case .live:
        if let live = Key.self as? any DependencyKey.Type,
          let value = live.liveValue as? Key.Value
        {
          return value
        }
        reportIssue(
          "\"\(String(reflecting: Key.self))\" has no live implementation, but was accessed "
            + "from a live context."
        )
        return Key.testValue
      case .test:
        if _testValuesAreLive, let live = Key.self as? any DependencyKey.Type,
          let value = live.liveValue as? Key.Value
        {
          return value
        }
        return Key.testValue
      case .preview: return Key.previewValue
      }
    }
    set {
      storage[ObjectIdentifier(key)] = newValue
    }
  }

  /// Where the code runs: `.live` in an app, `.test` in a test process, `.preview` in previews.
  ///
  /// It decides which value a key gives when not overridden.
  public var context: DependencyContext {
    get { contextOverride ?? DependencyContext.processDefault }
    set { contextOverride = newValue }
  }

  /// Whether, in a test context, a key the test did not set gives its live value instead of its
  /// test value: a "live by default" testing policy, not a Composable Architecture API.
  ///
  /// Off unless the process runs with `PRIME_TIME_TEST_VALUES=live`, which the comparison's
  /// matrix sets to measure what that policy costs a suite (the vanilla suite's test helper
  /// reads the same variable). Everything else about the test context stays: failing reads of
  /// keys without a live value, stack IDs, shared state kept per test.
  public var _testValuesAreLive: Bool {
    get { liveTestValuesOverride ?? DependencyContext.processTestValuesAreLive }
    set { liveTestValuesOverride = newValue }
  }
}

/// Which of a key's values to use.
public enum DependencyContext: Sendable, Equatable {
  /// An app: `liveValue`.
  case live
  /// A test: `testValue` (which fails the test when a key has none).
  case test
  /// A preview: `previewValue`.
  case preview

  /// `.test` inside a test process (XCTest or Swift Testing), else `.live`.
  static let processDefault: DependencyContext = {
    let environment = ProcessInfo.processInfo.environment
    if environment["PRIME_TIME_DEPENDENCY_CONTEXT"] == "live" { return .live }
    let arguments = ProcessInfo.processInfo.arguments
    let isTesting =
      environment["XCTestConfigurationFilePath"] != nil
      || environment["XCTestBundlePath"] != nil
      || arguments.first?.hasSuffix(".xctest") == true
      || arguments.contains { $0.hasSuffix(".xctest") || $0 == "--testing-library" }
    return isTesting ? .test : .live
  }()

  /// Whether `PRIME_TIME_TEST_VALUES=live` is set (see `DependencyValues._testValuesAreLive`).
  static let processTestValuesAreLive =
    ProcessInfo.processInfo.environment["PRIME_TIME_TEST_VALUES"] == "live"
}

/// Records that a key's default (missing) test value was read.
final class _UnimplementedProbe: Sendable {
  private let marked = LockIsolated(false)
  func mark() { marked.withLock { $0 = true } }
  var isMarked: Bool { marked.withLock { $0 } }
}

/// Runs `operation` with dependencies changed by `update`, for it and the tasks it starts.
///
/// ```swift
/// let store = withDependencies {
///   $0.continuousClock = TestClock()
/// } operation: {
///   Store(initialState: Feature.State()) { Feature() }
/// }
/// ```
///
/// - Parameters:
///   - update: Changes the current dependencies.
///   - operation: The work to run with them.
/// - Returns: What `operation` returns.
@discardableResult
public func withDependencies<Result>(
  _ update: (inout DependencyValues) throws -> Void,
  operation: () throws -> Result
) rethrows -> Result {
  var values = DependencyValues._current
  try update(&values)
  return try DependencyValues.$_current.withValue(values, operation: operation)
}

/// Runs async `operation` with dependencies changed by `update`.
///
/// - Parameters:
///   - update: Changes the current dependencies.
///   - operation: The work to run with them.
///   - isolation: The actor `operation` runs on; the caller's by default.
/// - Returns: What `operation` returns.
@discardableResult
public func withDependencies<Result>(
  isolation: isolated (any Actor)? = #isolation,
  _ update: (inout DependencyValues) throws -> Void,
  operation: () async throws -> Result
) async rethrows -> Result {
  var values = DependencyValues._current
  try update(&values)
  return try await DependencyValues.$_current.withValue(
    values,
    operation: operation,
    isolation: isolation
  )
}
