import Foundation

/// Which value a shared reference shows the current task, while a test store checks a step.
///
/// A `TestStore` compares the state it expected with the state the feature produced. Both hold
/// the same shared references, so reading them plainly would make every change to shared state
/// pass unasserted. While it checks a step, the test store binds a side: its assertion closure
/// sees (and changes) the value as asserted so far, and the comparison reads that expected
/// value on its left and the value the step left on its right.
public enum _SharedSide: Sendable, Equatable {
  /// The value as the test has asserted it so far.
  case asserted
  /// The value the assertion closure is building, starting from the asserted one.
  case expected
  /// The value the assertion closure is building, starting from the value after `step` (a
  /// non-exhaustive test store's closure runs on the actual state).
  case expectedOver(step: Int)
  /// The value as the feature left it after `step`.
  case actual(step: Int)

  @TaskLocal static var current: _SharedSide?
  @TaskLocal static var comparison: (left: _SharedSide, right: _SharedSide)?

  /// Runs `operation` with shared values read on `side`.
  public static func with<Result>(_ side: _SharedSide, _ operation: () throws -> Result) rethrows
    -> Result
  {
    try $current.withValue(side, operation: operation)
  }

  /// Runs `operation`, a comparison `left == right` of two states, with each side's shared
  /// values read on its own side.
  public static func comparing<Result>(
    _ left: _SharedSide,
    _ right: _SharedSide,
    _ operation: () throws -> Result
  ) rethrows -> Result {
    try $comparison.withValue((left, right), operation: operation)
  }
}

/// The shared references one test store has adopted, and the step it is on.
///
/// A test store makes one, puts it in its dependencies (so shared state made by the feature is
/// adopted when it is made) and adopts the shared references of its initial state. Each action
/// it runs is one step; after checking a step it accepts every reference through that step.
public final class _SharedTestContext: Sendable {
  private struct State: Sendable {
    var step = 0
    // Weak: each reference holds its context strongly, so a strong list would be a cycle that
    // keeps both alive after the test. A reference nobody holds needs no accepting.
    var references: [WeakReference] = []
    /// When the list is next pruned of freed references (doubling, so appends stay O(1)).
    var pruneAt = 16
  }

  private struct WeakReference: Sendable {
    weak var reference: (any _AnySharedReference)?
  }

  private let state = LockIsolated(State())

  /// Creates a context with no references, at step 0.
  public init() {}

  /// The step the test store is on.
  public var step: Int { state.withLock { $0.step } }

  /// Starts the next step (the test store is about to run an action) and returns its number.
  @discardableResult
  public func nextStep() -> Int {
    state.withLock { state in
      state.step += 1
      return state.step
    }
  }

  func register(_ reference: any _AnySharedReference) {
    state.withLock { state in
      if state.references.count >= state.pruneAt {
        state.references.removeAll { $0.reference == nil }
        state.pruneAt = max(16, 2 * state.references.count)
      }
      state.references.append(WeakReference(reference: reference))
    }
  }

  /// Adopts every shared reference held anywhere in `value` (found by reflection).
  ///
  /// - Parameter value: A state, usually the test store's initial state.
  public func adoptReferences(in value: Any) {
    var seen = Set<ObjectIdentifier>()
    func visit(_ value: Any, depth: Int) {
      guard depth < 64 else { return }
      if let shared = value as? any _SharedValue {
        let reference = shared._reference
        guard seen.insert(ObjectIdentifier(reference)).inserted else { return }
        reference.adopt(by: self)
      }
      let mirror = Mirror(reflecting: value)
      if mirror.displayStyle == .class {
        guard seen.insert(ObjectIdentifier(value as AnyObject)).inserted else { return }
      }
      for child in mirror.children { visit(child.value, depth: depth + 1) }
    }
    visit(value, depth: 0)
  }

  /// Forgets what an assertion closure wrote, so the closure can run again from the start.
  public func forgetExpectations() {
    for reference in references { reference.forgetExpectation() }
  }

  /// Everything up to `step` is asserted: each reference takes its value after that step as
  /// its asserted value.
  public func accept(through step: Int) {
    for reference in references { reference.accept(through: step) }
  }

  /// The adopted references still alive.
  private var references: [any _AnySharedReference] {
    state.withLock { $0.references.compactMap(\.reference) }
  }
}

/// A ``Shared`` value, whatever its value's type (for reflection).
protocol _SharedValue {
  var _reference: any _AnySharedReference { get }
}

extension DependencyValues {
  /// The shared references' test context of the test store running the current code, if any.
  public var _sharedTestContext: _SharedTestContext? {
    get { self[_SharedTestContextKey.self] }
    set { self[_SharedTestContextKey.self] = newValue }
  }
}

private enum _SharedTestContextKey: DependencyKey {
  static let liveValue: _SharedTestContext? = nil
  static let testValue: _SharedTestContext? = nil
  static let previewValue: _SharedTestContext? = nil
}
