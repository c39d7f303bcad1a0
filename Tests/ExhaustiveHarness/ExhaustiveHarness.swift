import Clocks
import ExpectedFailures
import Foundation
import Testing
import ValueDump

/// Exhaustive tests for a vanilla observable model, without touching how the model is written.
///
/// The harness builds the model twice from the same expression: the *real* model, which the test
/// drives through its screens, and an *expected* model that only the test's assertions change.
/// After each user intent it renders both models in full (every stored property reachable from
/// them: nested values, arrays, optionals, enums, child objects, cycles), and fails on any
/// difference, with the same `−`/`+` diff the `TestStore` prints. It also checks that child
/// objects keep their identity: a screen that replaces a child object with a new, equal one
/// fails unless the test replaced it too.
///
/// ```swift
/// let harness = ExhaustiveHarness(AppState(count: 2))
/// let screen = CounterView(state: harness.model)
/// harness.send(screen.incrementCount) { $0.count = 3 }
/// ```
///
/// Like a `TestStore` closure, the trailing closure receives the expected model as it was before
/// the intent and changes it into what the model should be after.
///
/// What the harness can see of work the model started, and what it cannot:
/// - changes that arrive later (a callback, a task) are awaited with ``receive(timeout:assert:fileID:filePath:line:column:)``,
///   and any change the test never asserted fails the next step or ``finish(fileID:filePath:line:column:)``;
/// - a `TestClock` passed to `clocks:` is checked at the end: a task still asleep on it (a timer
///   that was never stopped) fails the test;
/// - a ``CallbackStub`` made with ``callback(_:_:)`` is checked at the end: a request the model
///   made and nobody answered fails the test;
/// - a bare `Task {}` started inside a method is invisible until it changes the model. The
///   harness cannot wait for it, cancel it, or tell that it is still running.
///
/// `@ObservationIgnored` properties are not compared: in a vanilla model they hold tasks, clients
/// and callbacks, which a test cannot write down as values.
@MainActor
public final class ExhaustiveHarness<Model: AnyObject> {
  /// The real model: build the screens under test on it.
  public let model: Model
  /// The model as the test's assertions say it should be.
  private let expected: Model
  private let clocks: [TestClock]
  private var stubs: [any _PendingRequests] = []
  /// Real and expected objects found at the same place, kept alive so identifiers stay unique.
  private var pairs = _ObjectPairs()
  /// The real model's rendering after the last step the test asserted.
  private var lastAsserted: String
  private var lastLocation: IssueLocation
  /// Set after a mismatch: the expected model can no longer follow the real one.
  private var diverged = false
  private var finished = false

  /// Creates a harness over a model.
  ///
  /// - Parameters:
  ///   - makeModel: The model's initial value, written as an expression: the harness evaluates
  ///     it twice, so it must not read the clock, draw random numbers or have side effects.
  ///   - clocks: Test clocks the model sleeps on; tasks still asleep on them at the end fail.
  public init(
    _ makeModel: @autoclosure () -> Model,
    clocks: [TestClock] = [],
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    model = makeModel()
    expected = makeModel()
    self.clocks = clocks
    lastAsserted = _dump(model)
    lastLocation = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    if model === expected {
      record(
        """
        The model expression gave the same object twice: pass an expression that creates the \
        model ("ExhaustiveHarness(AppState(count: 2))"), not a variable holding one.
        """,
        at: lastLocation
      )
      diverged = true
    } else if lastAsserted == _dump(expected) {
      _ = pairs.match(real: model, expected: expected)
    } else {
      record(
        """
        The model expression gave two different models: it must not read the clock, draw \
        random numbers or have side effects. …

        \(Self.diff(expected: _dump(expected), actual: lastAsserted))
        """,
        at: lastLocation
      )
      diverged = true
    }
  }

  /// Performs one user intent and checks every change it made to the model.
  ///
  /// - Parameters:
  ///   - intent: What the user does, usually a screen's method: `screen.incrementCount`.
  ///   - update: Changes the expected model into what the intent should leave; omit it when
  ///     the intent should change nothing.
  public func send(
    _ intent: () -> Void,
    assert update: ((Model) -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    checkNothingUnasserted(before: location)
    intent()
    check(update, at: location)
  }

  /// Performs one user intent that the test awaits, then checks every change it made.
  public func send(
    _ intent: () async -> Void,
    assert update: ((Model) -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    checkNothingUnasserted(before: location)
    await intent()
    check(update, at: location)
  }

  /// Waits for work the model started (a callback, a task) to change the model, then checks the
  /// change.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait for a change, in real time.
  ///   - update: Changes the expected model into what the model should now be.
  public func receive(
    timeout: Duration = .seconds(1),
    assert update: (Model) -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let lastAsserted = lastAsserted
    let changed = await waitUntil(timeout: timeout) { _dump(model) != lastAsserted }
    guard changed else {
      record(
        """
        Expected the model to change, but it did not within \(Self.seconds(timeout)) seconds.

        Work the model started may not have finished: a callback nobody called, a task asleep \
        on a clock nobody advanced.
        """,
        at: location
      )
      return
    }
    withoutActuallyEscaping(update) { check($0, at: location) }
  }

  /// Changes the real model directly, as setup in the middle of a test, and the expected model
  /// the same way.
  public func setUp(_ change: (Model) -> Void) {
    change(model)
    change(expected)
    lastAsserted = _dump(model)
  }

  /// A stub for a callback-style client, whose requests the harness checks are all answered.
  ///
  /// - Returns: A stub to install on the screen (`screen.nthPrime = nthPrime.client`) and to
  ///   answer from the test (`nthPrime.respond(with: 17)`).
  public func callback<Request, Response>(
    _ request: Request.Type,
    _ response: Response.Type
  ) -> CallbackStub<Request, Response> {
    let stub = CallbackStub<Request, Response>()
    stubs.append(stub)
    return stub
  }

  /// Ends the test: fails on changes nobody asserted, tasks still asleep on the test clocks, and
  /// requests nobody answered.
  ///
  /// Called by the harness when it goes away, if the test did not call it.
  public func finish(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    finish(at: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  private func finish(at location: IssueLocation) {
    finished = true
    checkNothingUnasserted(before: location, atEnd: true)
    for clock in clocks where clock.sleeperCount > 0 {
      let count = clock.sleeperCount
      record(
        """
        \(count) task\(count == 1 ? " is" : "s are") still asleep on a test clock at the end of \
        the test: a timer or a delay the model started is still running.

        Stop it the way a user would (toggle the timer off, leave the screen), or advance the \
        clock until it is done.
        """,
        at: location
      )
    }
    for stub in stubs where !stub.unanswered.isEmpty {
      record(
        """
        The model made \(stub.unanswered.count) request\(stub.unanswered.count == 1 ? "" : "s") \
        that \(stub.unanswered.count == 1 ? "was" : "were") never answered: …

        \(stub.unanswered.map { "  " + $0 }.joined(separator: "\n"))

        Answer each with "respond(with:)" and assert what the answer changes.
        """,
        at: location
      )
    }
  }

  deinit {
    // The harness is isolated to the main actor and not Sendable, so no other isolation domain
    // can hold it: its last reference is dropped on the main actor, where `finish` may read the
    // model.
    MainActor.assumeIsolated {
      if !finished { finish(at: lastLocation) }
    }
  }

  // MARK: Checking

  private func checkNothingUnasserted(before location: IssueLocation, atEnd: Bool = false) {
    guard !diverged else { return }
    let actual = _dump(model)
    guard actual != lastAsserted else { return }
    record(
      """
      The model changed after the last step, and the test did not assert it: …

      \(Self.diff(expected: lastAsserted, actual: actual))

      Work the model started (a callback, a task) changed it. \
      \(atEnd ? "Assert the change with" : "Wait for it first with") \
      "await harness.receive { … }".
      """,
      at: location
    )
    diverged = true
  }

  private func check(_ update: ((Model) -> Void)?, at location: IssueLocation) {
    lastLocation = location
    let actual = _dump(model)
    defer { lastAsserted = actual }
    guard !diverged else { return }
    if let update {
      let before = (_dump(expected), _ObjectPairs.objects(in: expected))
      update(expected)
      if _dump(expected) == before.0, _ObjectPairs.objects(in: expected) == before.1 {
        record(
          """
          The trailing closure made no change to the expected model. If the intent should \
          change nothing, omit the closure.
          """,
          at: location
        )
      }
    }
    let wanted = _dump(expected)
    if wanted != actual {
      record(
        """
        A state change does not match expectation: …

        \(Self.diff(expected: wanted, actual: actual))
        """,
        at: location
      )
      diverged = true
      return
    }
    if let mismatch = pairs.match(real: model, expected: expected) {
      record(
        """
        The model holds a different \(mismatch.type) object at \(mismatch.path) than the \
        expected model does: …

        The real model \(mismatch.realIsNew ? "replaced its object with a new one" : "kept its object"), \
        the expected model \(mismatch.realIsNew ? "kept its object" : "replaced its object with a new one"). \
        Equal contents are not enough: views holding the old object would not see the new one. \
        Assign a new object in the trailing closure where the model should make one.
        """,
        at: location
      )
      diverged = true
    }
  }

  private func record(_ message: String, at location: IssueLocation) {
    _record(message, at: location)
  }

  private static func diff(expected: String, actual: String) -> String {
    let diff = _diff(expected: expected, actual: actual) ?? "  (no difference in the dumps)"
    return "\(diff)\n\n(Expected: −, Actual: +)"
  }

  private static func seconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    return String(format: "%.1f", Double(seconds) + Double(attoseconds) / 1e18)
  }
}

/// Pairs the objects found at the same place in the real and the expected model, and checks that
/// the pairing stays one-to-one across steps.
struct _ObjectPairs {
  struct Mismatch {
    var type: String
    var path: String
    var realIsNew: Bool
  }

  private var realToExpected: [ObjectIdentifier: ObjectIdentifier] = [:]
  private var expectedToReal: [ObjectIdentifier: ObjectIdentifier] = [:]
  /// Every object ever paired, so no identifier is reused by a new object during the test.
  private var retained: [AnyObject] = []

  /// Walks both models in step (their renderings are equal, so their shapes are) and returns
  /// the first place where an object is paired with a different one than before.
  mutating func match(real: AnyObject, expected: AnyObject) -> Mismatch? {
    var visited = Set<ObjectIdentifier>()
    return walk(real, expected, path: "the root", visited: &visited)
  }

  private mutating func walk(
    _ real: Any,
    _ expected: Any,
    path: String,
    visited: inout Set<ObjectIdentifier>
  ) -> Mismatch? {
    let realMirror = Mirror(reflecting: real)
    let expectedMirror = Mirror(reflecting: expected)
    if realMirror.displayStyle == .class, expectedMirror.displayStyle == .class {
      let realObject = real as AnyObject
      let expectedObject = expected as AnyObject
      let realID = ObjectIdentifier(realObject)
      let expectedID = ObjectIdentifier(expectedObject)
      let knownPartner = realToExpected[realID]
      let knownReal = expectedToReal[expectedID]
      if knownPartner == nil, knownReal == nil {
        realToExpected[realID] = expectedID
        expectedToReal[expectedID] = realID
        retained.append(realObject)
        retained.append(expectedObject)
      } else if knownPartner != expectedID || knownReal != realID {
        return Mismatch(
          type: "\(type(of: realObject))",
          path: path,
          realIsNew: knownPartner == nil
        )
      }
      guard visited.insert(realID).inserted else { return nil }
    }
    let realChildren = Self.children(realMirror)
    let expectedChildren = Self.children(expectedMirror)
    for (index, (realChild, expectedChild)) in zip(realChildren, expectedChildren).enumerated() {
      let name = realChild.label.map { $0.hasPrefix("_") ? String($0.dropFirst()) : $0 }
      let childPath =
        path == "the root"
        ? (name ?? "[\(index)]") : "\(path)\(name.map { ".\($0)" } ?? "[\(index)]")"
      if let mismatch = walk(
        realChild.value,
        expectedChild.value,
        path: childPath,
        visited: &visited
      ) {
        return mismatch
      }
    }
    return nil
  }

  /// Every object reachable from `root`, in the order a walk meets them.
  static func objects(in root: AnyObject) -> [ObjectIdentifier] {
    var found: [ObjectIdentifier] = []
    var visited = Set<ObjectIdentifier>()
    func visit(_ value: Any) {
      let mirror = Mirror(reflecting: value)
      if mirror.displayStyle == .class {
        let id = ObjectIdentifier(value as AnyObject)
        guard visited.insert(id).inserted else { return }
        found.append(id)
      }
      for child in children(mirror) { visit(child.value) }
    }
    visit(root)
    return found
  }

  /// The children the dump shows: for an `@Observable` class, its tracked properties only.
  private static func children(_ mirror: Mirror) -> [Mirror.Child] {
    var all: [Mirror.Child] = []
    var current: Mirror? = mirror
    while let next = current {
      let observable = next.children.contains { $0.label == "_$observationRegistrar" }
      all.insert(
        contentsOf: next.children.filter { child in
          guard observable else { return true }
          guard let label = child.label else { return false }
          return label.hasPrefix("_") && !label.hasPrefix("_$")
        },
        at: 0
      )
      current = next.superclassMirror
    }
    return all
  }
}

/// Reports a harness failure at the test's own line: to Swift Testing, or to an
/// `expectFailure` that is listening.
func _record(_ message: String, at location: IssueLocation) {
  recordFailure(message, at: location)
}
