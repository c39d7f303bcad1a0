import ComposableArchitecture

/// Changes the payload of an enum case in place, failing the test if the value is another case.
///
/// The Composable Architecture's `XCTModify`: assert a change inside enum state without
/// re-creating the case.
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
///   - fileID: The file ID of the call; a failure is reported there.
///   - filePath: The path of the file of the call.
///   - line: The line of the call.
///   - column: The column of the call.
public func modify<Root: CasePathable, Value>(
  _ value: inout Root,
  case keyPath: CaseKeyPath<Root, Value>,
  _ body: (inout Value) throws -> Void,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows {
  _installTestFrameworkBridge()
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
  let before = payload
  try body(&payload)
  if _ModifyContext.isExhaustive, _isEqual(before, payload) == true {
    reportIssue(
      """
      "modify" expected its closure to change the \(_dump(Value.self)) payload, but it did \
      not change.

      Remove the call, or change the payload the way the action does.
      """,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }
  value = path.embed(payload)
}

/// Changes the payload of an optional enum's case in place (for `$0.path[id: 0]`), failing the
/// test if it is `nil` or another case.
///
/// - Parameters:
///   - value: The optional enum value to change.
///   - keyPath: The case it must be.
///   - body: Changes the payload.
///   - fileID: The file ID of the call; a failure is reported there.
///   - filePath: The path of the file of the call.
///   - line: The line of the call.
///   - column: The column of the call.
public func modify<Root: CasePathable, Value>(
  _ value: inout Root?,
  case keyPath: CaseKeyPath<Root, Value>,
  _ body: (inout Value) throws -> Void,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows {
  _installTestFrameworkBridge()
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

/// Whether the assertion closure running now belongs to an exhaustive test store (the default
/// outside one): `modify` then insists that its closure changes something.
enum _ModifyContext {
  @TaskLocal static var isExhaustive = true
}

/// Whether two values are equal, when their type is `Equatable` (`nil` when it is not).
func _isEqual(_ lhs: Any, _ rhs: Any) -> Bool? {
  func open<T: Equatable>(_ lhs: T) -> Bool { (rhs as? T) == lhs }
  guard let lhs = lhs as? any Equatable else { return nil }
  return open(lhs)
}
