/// A closure for a client's test value that fails the test when it is called, and returns
/// `placeholder` so the code under test can go on.
///
/// ```swift
/// extension NumberFactClient: TestDependencyKey {
///   static let testValue = NumberFactClient(
///     fetch: unimplemented("NumberFactClient.fetch", placeholder: "")
///   )
/// }
/// ```
///
/// - Parameters:
///   - description: What was called, for the failure message.
///   - placeholder: What the closure returns.
///   - fileID: The file ID of the call; a failure is reported there.
///   - filePath: The path of the file of the call.
///   - line: The line of the call.
///   - column: The column of the call.
/// - Returns: A closure that reports `Unimplemented: description` each time it is called.
public func unimplemented<each Argument, Result>(
  _ description: String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Result {
  let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  return { (_: repeat each Argument) in
    reportIssue(_unimplementedMessage(description), at: location)
    return placeholder()
  }
}

/// ``unimplemented(_:placeholder:fileID:filePath:line:column:)`` for an `async` endpoint.
///
/// - Parameters:
///   - description: What was called, for the failure message.
///   - placeholder: What the closure returns.
///   - fileID: The file ID of the call; a failure is reported there.
///   - filePath: The path of the file of the call.
///   - line: The line of the call.
///   - column: The column of the call.
/// - Returns: A closure that reports `Unimplemented: description` each time it is called.
public func unimplemented<each Argument, Result>(
  _ description: String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async -> Result {
  let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  return { (_: repeat each Argument) in
    reportIssue(_unimplementedMessage(description), at: location)
    return placeholder()
  }
}

/// A throwing closure for a client's test value: it fails the test when called and throws
/// ``UnimplementedFailure``, so it needs no placeholder.
///
/// - Parameters:
///   - description: What was called, for the failure message.
///   - fileID: The file ID of the call; a failure is reported there.
///   - filePath: The path of the file of the call.
///   - line: The line of the call.
///   - column: The column of the call.
/// - Returns: A closure that reports `Unimplemented: description` and throws.
public func unimplemented<each Argument, Result>(
  _ description: String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async throws -> Result {
  let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  return { (_: repeat each Argument) in
    reportIssue(_unimplementedMessage(description), at: location)
    throw UnimplementedFailure(description: description)
  }
}

/// What an unimplemented throwing endpoint throws.
public struct UnimplementedFailure: Error, Sendable, Equatable {
  /// What was called.
  public let description: String

  /// A failure for the endpoint `description`.
  ///
  /// - Parameter description: What was called.
  public init(description: String) {
    self.description = description
  }
}

func _unimplementedMessage(_ description: String) -> String {
  description.isEmpty ? "Unimplemented" : "Unimplemented: \(description)"
}
