/// The effects started by one `TestStore.send`, to wait for or cancel in a test.
///
/// ```swift
/// let task = await store.send(.startTimerButtonTapped)
/// await clock.advance(by: .seconds(1))
/// await store.receive(\.timerTick) { $0.count = 1 }
/// await task.cancel()
/// ```
public struct TestStoreTask: Hashable, Sendable {
  let rawValue: StoreTask
  let timeout: Duration

  /// Cancels the effects and waits until they have stopped, failing the test if they are still
  /// running after `timeout`.
  ///
  /// An effect stops when cancelled only if the work it awaits responds to cancellation. One
  /// that does not (a continuation resumed only by a callback that ignores cancellation) is
  /// reported here instead of holding the test until its time limit.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait (real time); the test store's timeout by default.
  ///   - fileID: The file ID of the call; a failure is reported there.
  ///   - filePath: The path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func cancel(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    rawValue.cancel()
    let timeout = timeout ?? self.timeout
    guard await _waitUntil(timeout: timeout, { !rawValue._isRunning }) else {
      reportIssue(
        _TestStoreMessages.stillRunningAfterCancellation(count: 1, of: 1, after: timeout),
        fileID: fileID,
        filePath: filePath,
        line: line,
        column: column
      )
      return
    }
    await rawValue.finish()
  }

  /// Waits for the effects to finish, failing the test if they are still running after `timeout`.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait; the test store's timeout by default.
  ///   - fileID: The file ID of the call; a failure is reported there.
  ///   - filePath: The path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let timeout = timeout ?? self.timeout
    let finished = await _waitUntil(timeout: timeout) { !rawValue._isRunning }
    if !finished {
      reportIssue(
        """
        Expected effect to finish, but it is still in-flight after \(timeout.seconds) seconds.
        """,
        fileID: fileID,
        filePath: filePath,
        line: line,
        column: column
      )
    }
  }

  /// Whether the effects were cancelled (or there were none).
  public var isCancelled: Bool { rawValue.isCancelled }
}

extension Duration {
  /// The duration in seconds, as the failure messages print it ("1.0", "0.25").
  var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}

/// Waits until `condition` holds or `timeout` of real time passes (see `Clocks.waitUntil`).
@MainActor
func _waitUntil(timeout: Duration, _ condition: () -> Bool) async -> Bool {
  await waitUntil(timeout: timeout, condition)
}
