import ComposableArchitecture
import Foundation

extension TestStore where Action: Equatable {
  /// Asserts that an effect sent `expectedAction` next, and how it changed the state.
  ///
  /// ```swift
  /// await store.receive(.nthPrimeResponse(17)) {
  ///   $0.alertNthPrime = PrimeAlert(prime: 17)
  ///   $0.isNthPrimeButtonDisabled = false
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - expectedAction: The action.
  ///   - timeout: How long to wait for it (real time); the store's ``timeout`` by default.
  ///   - updateStateToExpectedResult: The expected state change.
  ///   - fileID: The file ID of the call; a failure is reported there.
  ///   - filePath: The path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func receive(
    _ expectedAction: Action,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveAction(
      matching: { $0 == expectedAction },
      mismatch: { received in
        """
        Received unexpected action: …

        \(_TestStoreMessages.diff(expected: _dump(expectedAction), actual: _dump(received)))
        """
      },
      timeout: timeout,
      updateStateToExpectedResult,
      at: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension TestStore where Action: CasePathable {
  /// Asserts that an effect sent an action of the case `casePath` next.
  ///
  /// ```swift
  /// await store.receive(\.timerTick) { $0.count = 1 }
  /// await store.receive(\.path[id: 0].counter.delegate)
  /// ```
  ///
  /// - Parameters:
  ///   - casePath: The expected action's case.
  ///   - timeout: How long to wait for it (real time); the store's ``timeout`` by default.
  ///   - updateStateToExpectedResult: The expected state change.
  ///   - fileID: The file ID of the call; a failure is reported there.
  ///   - filePath: The path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func receive<Value>(
    _ casePath: CaseKeyPath<Action, Value>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let path = Action.casePath(casePath)
    let expectation = _keyPathText(at: location, after: "receive(") ?? "the expected case"
    await receiveAction(
      matching: { path.extract(from: $0) != nil },
      mismatch: { received in
        """
        Received unexpected action: …

          \(_dump(received, indentingLinesAfterTheFirstBy: 2))

        Expected an action matching \(expectation).
        """
      },
      timeout: timeout,
      updateStateToExpectedResult,
      at: location
    )
  }

  /// Asserts that an effect sent the case `casePath` with `payload` next.
  ///
  /// ```swift
  /// await store.receive(\.factResponse, "7 is the 4th prime.") { $0.fact = "7 is the 4th prime." }
  /// ```
  ///
  /// - Parameters:
  ///   - casePath: The expected action's case.
  ///   - payload: The expected associated value.
  ///   - timeout: How long to wait for it (real time); the store's ``timeout`` by default.
  ///   - updateStateToExpectedResult: The expected state change.
  ///   - fileID: The file ID of the call; a failure is reported there.
  ///   - filePath: The path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func receive<Value: Equatable>(
    _ casePath: CaseKeyPath<Action, Value>,
    _ payload: Value,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let path = Action.casePath(casePath)
    let expected = path.embed(payload)
    await receiveAction(
      matching: { path.extract(from: $0) == payload },
      mismatch: { received in
        """
        Received unexpected action: …

        \(_TestStoreMessages.diff(expected: _dump(expected), actual: _dump(received)))
        """
      },
      timeout: timeout,
      updateStateToExpectedResult,
      at: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension TestStore {
  /// Asserts that an effect sent an action satisfying `isMatching` next.
  ///
  /// ```swift
  /// await store.receive({ if case .loaded = $0 { true } else { false } })
  /// ```
  ///
  /// - Parameters:
  ///   - isMatching: Whether the received action is the expected one.
  ///   - timeout: How long to wait for it (real time); the store's ``timeout`` by default.
  ///   - updateStateToExpectedResult: The expected state change.
  ///   - fileID: The file ID of the call; a failure is reported there.
  ///   - filePath: The path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func receive(
    _ isMatching: (_ action: Action) -> Bool,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveAction(
      matching: isMatching,
      mismatch: { received in
        """
        Received action without a match: …

          \(_dump(received, indentingLinesAfterTheFirstBy: 2))
        """
      },
      timeout: timeout,
      updateStateToExpectedResult,
      at: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// The shared body of every `receive`.
  func receiveAction(
    matching isMatching: (Action) -> Bool,
    mismatch: (Action) -> String,
    timeout: Duration?,
    _ updateStateToExpectedResult: ((inout State) throws -> Void)?,
    at location: IssueLocation
  ) async {
    let timeout = timeout ?? self.timeout
    defer { note(location) }
    let exhaustive = exhaustivity == .on
    let arrived = await _waitUntil(timeout: timeout) {
      exhaustive ? !recorder.received.isEmpty : recorder.received.contains { isMatching($0.action) }
    }
    guard arrived else {
      if exhaustive || recorder.received.isEmpty {
        reportIssue(
          "Expected to receive an action, but received none after \(timeout.seconds) seconds.",
          at: location
        )
      } else {
        reportIssue(
          """
          Expected to receive a matching action, but received none after \(timeout.seconds) \
          seconds. Received instead: …

          \(_TestStoreMessages.list(recorder.received.map { _dump($0.action) }))
          """,
          at: location
        )
      }
      return
    }

    if case .off(let showSkippedAssertions) = exhaustivity {
      // Skip everything before the first match.
      while let first = recorder.received.first, !isMatching(first.action) {
        if showSkippedAssertions {
          reportIssue(
            "Skipped receiving \(_dump(first.action))",
            severity: .information,
            at: location
          )
        }
        accept(first.state, through: first.step)
        recorder.removeFirst()
      }
    }

    let received = recorder.removeFirst()
    guard isMatching(received.action) else {
      reportIssue(mismatch(received.action), at: location)
      accept(received.state, through: received.step)
      return
    }
    checkState(
      actual: received.state,
      updateStateToExpectedResult,
      replayingFrom: received.nextGeneration,
      step: received.step,
      at: location
    )
    state = received.state
    await settle()
  }
}

/// The key path literal written after `marker` on the caller's source line (`\.timerTick`),
/// for failure messages: on Linux a key path cannot describe itself by name.
func _keyPathText(at location: IssueLocation, after marker: String) -> String? {
  guard let source = try? String(contentsOfFile: location.filePath, encoding: .utf8) else {
    return nil
  }
  let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
  guard location.line >= 1, location.line <= lines.count else { return nil }
  let line = lines[location.line - 1]
  guard let start = line.range(of: marker)?.upperBound,
    line[start...].first == "\\"
  else { return nil }
  var depth = 0
  var text = ""
  for character in line[start...] {
    if depth == 0, character == "," || character == ")" || character == " " { break }
    if character == "[" || character == "(" { depth += 1 }
    if character == "]" || character == ")" { depth -= 1 }
    text.append(character)
  }
  return text.isEmpty ? nil : text
}
