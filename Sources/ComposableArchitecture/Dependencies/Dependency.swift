/// Reads a dependency from the current ``DependencyValues``.
///
/// ```swift
/// struct Counter: Reducer {
///   @Dependency(\.primeClient) var primeClient
///   @Dependency(\.continuousClock) var clock
///   …
/// }
/// ```
///
/// The value is looked up each time it is read, so a reducer sees the store's dependencies
/// and an effect sees the ones in effect when it was created.
@propertyWrapper
public struct Dependency<Value>: Sendable {
  private let keyPath: KeyPath<DependencyValues, Value> & Sendable
  private let location: IssueLocation

  /// Reads the dependency at `keyPath`.
  ///
  /// - Parameter keyPath: The dependency's accessor, such as `\.date`.
  public init(
    _ keyPath: KeyPath<DependencyValues, Value> & Sendable,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) {
    self.keyPath = keyPath
    self.location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The current value.
  public var wrappedValue: Value {
    let values = DependencyValues._current
    guard values.context == .test else { return values[keyPath: keyPath] }
    let probe = _UnimplementedProbe()
    let value = DependencyValues.$_unimplementedProbe.withValue(probe) {
      values[keyPath: keyPath]
    }
    if probe.isMarked {
      reportIssue(
        "@Dependency(\(Self.name(of: keyPath))) has no test implementation, but was accessed "
          + "from a test context.",
        fileID: location.fileID,
        filePath: location.filePath,
        line: location.line,
        column: location.column
      )
    }
    return value
  }

  /// `\.name` for `\DependencyValues.name`.
  static func name(of keyPath: AnyKeyPath) -> String {
    let description = "\(keyPath)"
    let prefix = "\\DependencyValues"
    return description.hasPrefix(prefix) ? "\\" + description.dropFirst(prefix.count) : description
  }
}
