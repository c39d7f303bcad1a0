import ComposableArchitecture

extension TestStore {
  /// Sends an action as the user would and asserts how the state changed.
  ///
  /// ```swift
  /// await store.send(.incrementButtonTapped) {
  ///   $0.count = 1
  /// }
  /// ```
  ///
  /// Omit the closure when the state must not change. Every action received from effects must
  /// be handled before the next `send` (when exhaustive).
  ///
  /// - Parameters:
  ///   - action: What the user did.
  ///   - updateStateToExpectedResult: Changes the state as it was before the action into the
  ///     state expected after it.
  ///   - fileID: The file ID of the call; a failure is reported there.
  ///   - filePath: The path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  /// - Returns: The effects the action started, to cancel or wait for.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    if dismissal.isDismissed {
      reportIssue(
        """
        Can't send an action to a dismissed test store: …

          Action:
            \(_dump(action, indentingLinesAfterTheFirstBy: 4))

        The feature at the root of this test store called "dismiss" in an effect, which \
        dismissed the store and cancelled its effects. A test ends there.
        """,
        at: location
      )
      return TestStoreTask(rawValue: .finished, timeout: timeout)
    }
    if !recorder.received.isEmpty {
      let unhandled = recorder.received
      switch exhaustivity {
      case .on:
        // The actions stay queued: a later `receive` still handles them.
        reportIssue(
          """
          Must handle \(unhandled.count) received action\(unhandled.count == 1 ? "" : "s") \
          before sending an action: …

          Unhandled actions:
          \(_TestStoreMessages.list(unhandled.map { _dump($0.action) }))
          """,
          at: location
        )
        if let last = unhandled.last { accept(last.state, through: last.step) }
      case .off(let showSkippedAssertions):
        if showSkippedAssertions {
          reportIssue(
            """
            Skipped receiving \(unhandled.count) action\(unhandled.count == 1 ? "" : "s"): …

            \(_TestStoreMessages.list(unhandled.map { _dump($0.action) }))
            """,
            severity: .information,
            at: location
          )
        }
        if let last = unhandled.last { accept(last.state, through: last.step) }
        recorder.removeAll()
      }
    }

    recorder.stateAfterSend = nil
    let generation = recorder.dependencies.stackElementID._nextGeneration
    let task = store.send(.send(action))
    let actual = recorder.stateAfterSend ?? state
    checkState(
      actual: actual,
      updateStateToExpectedResult,
      replayingFrom: generation,
      step: recorder.stepAfterSend,
      at: location
    )
    state = actual
    if task._isRunning {
      finalizer.snapshot.withLock { $0.inFlight.append((task, location)) }
    }
    await settle()
    note(location)
    return TestStoreTask(rawValue: task, timeout: timeout)
  }
}

extension TestStore where Action: CasePathable {
  /// Sends the case `action` (a case without payload) and asserts how the state changed.
  ///
  /// ```swift
  /// await store.send(\.incrementButtonTapped) { $0.count = 1 }
  /// ```
  ///
  /// - Parameters:
  ///   - action: The case to send.
  ///   - updateStateToExpectedResult: The expected state change.
  ///   - fileID: The file ID of the call; a failure is reported there.
  ///   - filePath: The path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  /// - Returns: The effects the action started.
  @discardableResult
  public func send(
    _ action: CaseKeyPath<Action, Void>,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await send(
      Action.casePath(action).embed(()),
      assert: updateStateToExpectedResult,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }

  /// Sends the case `action` with `value` and asserts how the state changed.
  ///
  /// ```swift
  /// await store.send(\.path.push, .counter(CounterFeature.State())) {
  ///   $0.path[id: 0] = .counter(CounterFeature.State())
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - action: The case to send.
  ///   - value: Its associated value.
  ///   - updateStateToExpectedResult: The expected state change.
  ///   - fileID: The file ID of the call; a failure is reported there.
  ///   - filePath: The path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  /// - Returns: The effects the action started.
  @discardableResult
  public func send<Value>(
    _ action: CaseKeyPath<Action, Value>,
    _ value: Value,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await send(
      Action.casePath(action).embed(value),
      assert: updateStateToExpectedResult,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }
}
