import ComposableArchitecture

/// Changes the payload of an enum case in place, failing the test if the value is another case.
///
/// The seeds' `XCTModify`: assert a change inside enum state without re-creating the case.
///
/// ```swift
/// await store.send(.path(.element(id: 0, action: .counter(.incrementButtonTapped)))) {
///   modify(&$0.path[id: 0], case: \.counter) { $0.count = 1 }
/// }
/// ```
///
/// - Parameters:
///   - value: The enum value to change.
///   - keyPath: The case it must be, such as `\.counter`.
///   - body: Changes the payload.
public func modify<Root: CasePathable, Value>(
  _ value: inout Root,
  case keyPath: CaseKeyPath<Root, Value>,
  _ body: (inout Value) throws -> Void,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows {
  TestFrameworkBridge.install()
  let path = Root.casePath(keyPath)
  guard var payload = path.extract(from: value) else {
    reportIssue(
      """
      Can't modify "\(_dump(value))": it is not the expected case (\(_dump(Value.self))).
      """,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
    return
  }
  try body(&payload)
  value = path.embed(payload)
}

/// Changes the payload of an optional enum's case in place (for `$0.path[id: 0]`), failing the
/// test if it is `nil` or another case.
///
/// - Parameters:
///   - value: The optional enum value to change.
///   - keyPath: The case it must be.
///   - body: Changes the payload.
public func modify<Root: CasePathable, Value>(
  _ value: inout Root?,
  case keyPath: CaseKeyPath<Root, Value>,
  _ body: (inout Value) throws -> Void,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows {
  TestFrameworkBridge.install()
  guard var unwrapped = value else {
    reportIssue(
      "Can't modify a \"nil\" value: expected \(_dump(Root.self)) to be present.",
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
    return
  }
  try modify(
    &unwrapped,
    case: keyPath,
    body,
    fileID: fileID,
    filePath: filePath,
    line: line,
    column: column
  )
  value = unwrapped
}
