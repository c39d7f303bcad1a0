import ComposableArchitecture
import Foundation

/// What must be checked when a test store goes away (at the end of the test), kept where a
/// nonisolated `deinit` can read it: unhandled received actions and effects still running.
final class _TestStoreFinalizer: Sendable {
  struct Snapshot: Sendable {
    var exhaustivity: Exhaustivity = .on
    var lastLocation: IssueLocation
    var inFlight: [(task: StoreTask, location: IssueLocation)] = []
  }

  let snapshot: LockIsolated<Snapshot>
  /// Received actions nobody handled yet, oldest first.
  let unhandledActions = _UnhandledActions()

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
    let unhandled = unhandledActions.dumps()
    if !unhandled.isEmpty {
      let count = unhandled.count
      reportIssue(
        """
        \(showSkipped ? "Skipped receiving" : "The store received") \(count) unexpected \
        action\(count == 1 ? "" : "s") after this one: …

        Unhandled actions:
        \(_TestStoreMessages.list(unhandled))
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

    • It was cancelled, but the work it awaits ignores cancellation (a continuation that only \
    a callback resumes): make that work respond to cancellation.
    """

  /// Effects cancelled by the test (`count` of the `total` it cancelled) that are still running
  /// after `timeout`.
  static func stillRunningAfterCancellation(
    count: Int,
    of total: Int,
    after timeout: Duration
  ) -> String {
    let subject =
      total == 1
      ? "the effect to stop when it was cancelled, but it is"
      : "\(total) effects to stop when they were cancelled, but \(count) \(count == 1 ? "is" : "are")"
    return """
      Expected \(subject) still running after \(timeout.seconds) seconds. …

      Cancelling an effect cancels its task, and the effect stops only when the work it awaits \
      responds to cancellation. A "Task.sleep", a clock's "sleep" or a "for await" loop over an \
      "AsyncStream" ends at once; a continuation that nothing resumes on cancellation (a \
      callback API wrapped with "withCheckedContinuation"), or a loop that never checks \
      "Task.isCancelled", keeps running. Resume the continuation from the "onCancel" of a \
      "withTaskCancellationHandler", or check for cancellation in the loop.
      """
  }

  /// `  [0]: …` lines for a list of dumps.
  static func list(_ dumps: [String]) -> String {
    dumps.enumerated().map { index, dump in
      "  [\(index)]: " + _indentLinesAfterTheFirst(dump, by: 2)
    }.joined(separator: "\n")
  }

  /// The `−`/`+` diff of two dumps followed by the legend.
  static func diff(expected: String, actual: String) -> String {
    let diff = _diff(expected: expected, actual: actual) ?? "  (no difference in the dumps)"
    return "\(diff)\n\n(Expected: −, Actual: +)"
  }
}

/// The received actions a test has not handled yet, kept for the end-of-test report.
///
/// Appending and removing are O(1) (amortized); the actions are dumped only when the report is
/// written.
final class _UnhandledActions: @unchecked Sendable {
  // @unchecked Sendable is safe: `actions` and `head` are only touched while `lock` is held.
  // The elements are action values copied in on the main actor; the one read from another
  // thread is the dump in the finalizer's deinit, after the test store (the only writer) is
  // gone, so no action value is ever used by two threads at once.
  private let lock = NSLock()
  private var actions: [Any] = []
  private var head = 0

  func append(_ action: Any) {
    lock.withLock { actions.append(action) }
  }

  func removeFirst() {
    lock.withLock {
      head += 1
      if head == actions.count {
        actions.removeAll(keepingCapacity: true)
        head = 0
      }
    }
  }

  func removeAll() {
    lock.withLock {
      actions.removeAll(keepingCapacity: true)
      head = 0
    }
  }

  func dumps() -> [String] {
    lock.withLock { actions[head...].map { _dump($0) } }
  }
}
