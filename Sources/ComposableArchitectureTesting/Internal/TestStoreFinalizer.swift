import ComposableArchitecture

/// What must be checked when a test store goes away (at the end of the test), kept where a
/// nonisolated `deinit` can read it: unhandled received actions and effects still running.
final class _TestStoreFinalizer: Sendable {
  struct Snapshot: Sendable {
    var exhaustivity: Exhaustivity = .on
    var unhandledActions = _Queue<String>()
    var lastLocation: IssueLocation
    var inFlight: [(task: StoreTask, location: IssueLocation)] = []
  }

  let snapshot: LockIsolated<Snapshot>

  init(location: IssueLocation) {
    snapshot = LockIsolated(Snapshot(lastLocation: location))
  }

  deinit {
    let snapshot = snapshot.withLock { $0 }
    defer { MainSerialExecutor.exit() }
    let showSkipped: Bool
    switch snapshot.exhaustivity {
    case .on: showSkipped = false
    case .off(let show):
      guard show else { return }
      showSkipped = true
    }
    let severity: IssueSeverity = showSkipped ? .information : .error
    if !snapshot.unhandledActions.isEmpty {
      let count = snapshot.unhandledActions.count
      reportIssue(
        """
        \(showSkipped ? "Skipped receiving" : "The store received") \(count) unexpected \
        action\(count == 1 ? "" : "s") after this one: …

        Unhandled actions:
        \(_TestStoreMessages.list(Array(snapshot.unhandledActions.elements)))
        """,
        severity: severity,
        at: snapshot.lastLocation
      )
    }
    for entry in snapshot.inFlight where entry.task._isRunning {
      reportIssue(
        showSkipped
          ? "Skipped assertion: an effect returned for this action was still running at the end "
            + "of the test."
          : _TestStoreMessages.effectStillRunning,
        severity: severity,
        at: entry.location
      )
    }
  }
}

/// The texts of TestStore failures that are written in more than one place.
enum _TestStoreMessages {
  static let effectStillRunning = """
    An effect returned for this action is still running. It must complete before the end of \
    the test. …

    To fix, inspect any effects the reducer returns for this action and ensure that all of \
    them complete by the end of the test. An effect may still be running because:

    • It is a long-living effect (a timer, a notification stream) that the test never stops: \
    send the action that cancels it, or use "await task.cancel()" on the task "send" returned.

    • It sleeps on a clock the test never advances: advance the test clock, or use an \
    "ImmediateClock".

    • It is still waiting for a result: "await store.finish()" waits for it, or "await \
    store.skipInFlightEffects()" cancels it.
    """

  /// `  [0]: …` lines for a list of dumps.
  static func list(_ dumps: [String]) -> String {
    dumps.enumerated().map { index, dump in
      "  [\(index)]: " + dump.replacingOccurrences(of: "\n", with: "\n  ")
    }.joined(separator: "\n")
  }

  /// The `−`/`+` diff of two dumps followed by the legend.
  static func diff(expected: String, actual: String) -> String {
    let diff = _diff(expected: expected, actual: actual) ?? "  (no difference in the dumps)"
    return "\(diff)\n\n(Expected: −, Actual: +)"
  }
}

/// A first-in, first-out list whose `removeFirst` is O(1) (amortized).
struct _Queue<Element: Sendable>: Sendable {
  private var storage: [Element] = []
  private var head = 0

  var elements: ArraySlice<Element> { storage[head...] }
  var isEmpty: Bool { head == storage.count }
  var count: Int { storage.count - head }

  mutating func append(_ element: Element) { storage.append(element) }

  mutating func removeFirst() {
    head += 1
    if head == storage.count { removeAll() }
  }

  mutating func removeAll() {
    storage.removeAll(keepingCapacity: true)
    head = 0
  }
}
