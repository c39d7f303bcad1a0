import Foundation

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
  /// - Parameters:
  ///   - keyPath: The dependency's accessor, such as `\.date`.
  ///   - fileID: The file ID of the call; a failure is reported there.
  ///   - filePath: The path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public init(
    _ keyPath: KeyPath<DependencyValues, Value> & Sendable,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
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
      let name = Self.name(of: keyPath, at: location)
      reportIssue(
        "@Dependency(\(name)) has no test implementation, but was accessed "
          + "from a test context.",
        at: location
      )
    }
    return value
  }

  /// `\.name` for the key path `\DependencyValues.name`, for failure messages only.
  ///
  /// Key path descriptions carry property names on Apple platforms but not on Linux
  /// (`\DependencyValues.<computed 0x… (DateGenerator)>`), so the name is then read from the
  /// `@Dependency(\.name)` source line the wrapper recorded, and as a last resort the value type
  /// is named.
  static func name(of keyPath: AnyKeyPath, at location: IssueLocation) -> String {
    let description = "\(keyPath)"
    let prefix = "\\DependencyValues"
    if description.hasPrefix(prefix), !description.contains("<") {
      return "\\" + description.dropFirst(prefix.count)
    }
    if let source = try? String(contentsOfFile: location.filePath, encoding: .utf8) {
      let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
      if location.line >= 1, location.line <= lines.count,
        let name = dependencyName(inSourceLine: lines[location.line - 1])
      {
        return "\\." + name
      }
    }
    return "\\.<\(Value.self)>"
  }

  /// The `name` of the first `@Dependency(\.name)` or `@Dependency(\DependencyValues.name)`
  /// on a source line.
  static func dependencyName(inSourceLine line: Substring) -> String? {
    for marker in ["@Dependency(\\.", "@Dependency(\\DependencyValues."] {
      guard let start = line.range(of: marker)?.upperBound else { continue }
      let name = line[start...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      if !name.isEmpty { return String(name) }
    }
    return nil
  }
}
