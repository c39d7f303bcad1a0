import Foundation

/// A fresh directory under the system temporary directory, removed when released.
///
/// ```swift
/// let directory = try TemporaryDirectory()
/// let storage = FileStorage(directory: directory.url)
/// ```
public final class TemporaryDirectory {
  /// The directory.
  public let url: URL

  private static let lock = NSLock()
  nonisolated(unsafe) private static var counter = 0
  // nonisolated(unsafe) is safe: `counter` is only read and written while `lock` is held.

  /// Creates a unique, empty directory (unique per process and per call: tests run in parallel).
  public init() throws {
    let serial = Self.lock.withLock {
      Self.counter += 1
      return Self.counter
    }
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prime-time-fixtures-\(ProcessInfo.processInfo.processIdentifier)-\(serial)"
    )
    try? FileManager.default.removeItem(at: url)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }
}
