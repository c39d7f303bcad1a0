import ComposableArchitecture

extension TestStore {
  /// Waits for every effect started in this test to finish.
  ///
  /// Received actions that were not asserted are reported here and stay queued: a later
  /// `receive` still finds them, and any still unhandled when the test ends are reported again.
  ///
  /// ```swift
  /// await store.send(.saveButtonTapped)
  /// await store.finish()
  /// ```
  ///
  /// - Parameters:
  ///   - timeout: How long to wait (real time); the store's ``timeout`` by default.
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
    let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let timeout = timeout ?? self.timeout
    await settle()
    let finished = await _waitUntil(timeout: timeout) { inFlightEffects.isEmpty }
    if !finished {
      reportIssue(
        """
        Expected effects to finish, but there are still effects in-flight after \
        \(timeout.seconds) seconds.
        """,
        at: location
      )
    }
    let unhandled = recorder.received
    if exhaustivity == .on, !unhandled.isEmpty {
      reportIssue(
        """
        Must handle \(unhandled.count) received action\(unhandled.count == 1 ? "" : "s") \
        before finishing: …

        Unhandled actions:
        \(_TestStoreMessages.list(unhandled.map { _dump($0.action) }))
        """,
        at: location
      )
      // Left queued, as the Composable Architecture leaves them: a later `receive` still finds
      // them (and the end of the test reports any that stay unhandled).
    }
    note(location)
  }

  /// Forgets the actions received so far, without asserting them.
  ///
  /// - Parameters:
  ///   - strict: Fail when there is nothing to skip (default `true`).
  ///   - fileID: The file ID of the call; a failure is reported there.
  ///   - filePath: The path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await settle()
    defer { note(location) }
    guard let last = recorder.received.last else {
      if strict { reportIssue("There were no received actions to skip.", at: location) }
      return
    }
    if case .off(true) = exhaustivity {
      let count = recorder.received.count
      reportIssue(
        "Skipped \(count) received action\(count == 1 ? "" : "s").",
        severity: .information,
        at: location
      )
    }
    accept(last.state, through: last.step)
    recorder.removeAll()
  }

  /// Cancels every effect still running, without asserting it.
  ///
  /// Waits until they have stopped, and fails the test if some are still running after the
  /// store's ``timeout``: an effect that does not respond to cancellation.
  ///
  /// - Parameters:
  ///   - strict: Fail when there is nothing to cancel (default `true`).
  ///   - fileID: The file ID of the call; a failure is reported there.
  ///   - filePath: The path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await settle()
    let running = inFlightEffects
    guard !running.isEmpty else {
      if strict { reportIssue("There were no in-flight effects to skip.", at: location) }
      note(location)
      return
    }
    if case .off(true) = exhaustivity {
      reportIssue(
        "Skipped \(running.count) in-flight effect\(running.count == 1 ? "" : "s").",
        severity: .information,
        at: location
      )
    }
    for entry in running { entry.task.cancel() }
    if await !_waitUntil(timeout: timeout, { inFlightEffects.isEmpty }) {
      reportIssue(
        _TestStoreMessages.stillRunningAfterCancellation(
          count: inFlightEffects.count,
          of: running.count,
          after: timeout
        ),
        at: location
      )
    }
    note(location)
  }
}
