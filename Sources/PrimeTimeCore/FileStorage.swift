import Foundation

/// Named data files in one directory, read whole and written atomically.
///
/// Both apps store their favourite primes through this type: the vanilla app calls it from
/// closure properties with live defaults, the composable app wraps it in its `FileClient`
/// dependency. A write goes to a temporary file in the same directory, is flushed, and is then
/// renamed over the target, so a reader sees the old file or the new one, never half of one.
///
/// ```swift
/// let storage = FileStorage(directory: URL(fileURLWithPath: "/tmp/prime-time"))
/// try storage.save("favorite-primes.json", Data("[2,3]".utf8))
/// let data = try storage.load("favorite-primes.json")  // the bytes, or nil if missing
/// ```
public struct FileStorage: Sendable, Equatable {
  /// The directory that holds the files.
  public let directory: URL

  /// Creates storage over a directory; the directory is created on the first save.
  ///
  /// - Parameter directory: Where the files live.
  public init(directory: URL) {
    self.directory = directory
  }

  /// Storage in the live data directory (see ``DataDirectory/resolve(environment:)``).
  public static var live: FileStorage {
    FileStorage(directory: DataDirectory.resolve())
  }

  /// Reads a whole file.
  ///
  /// - Parameter name: A plain file name such as `favorite-primes.json`.
  /// - Returns: The file's bytes, or `nil` when there is no such file.
  /// - Throws: ``FileStorageError/unreadable(path:reason:)`` when the file exists but cannot
  ///   be read, ``FileStorageError/invalidName(_:)`` for a name with a path in it.
  public func load(_ name: String) throws(FileStorageError) -> Data? {
    let url = try fileURL(name)
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    do {
      return try Data(contentsOf: url)
    } catch {
      throw .unreadable(path: url.path, reason: Self.reason(error))
    }
  }

  /// Replaces a whole file atomically.
  ///
  /// - Parameters:
  ///   - name: A plain file name such as `favorite-primes.json`.
  ///   - data: The new contents.
  /// - Throws: ``FileStorageError/writeFailed(path:reason:)``; the previous file, if any, is
  ///   left exactly as it was.
  public func save(_ name: String, _ data: Data) throws(FileStorageError) {
    let url = try fileURL(name)
    let fileManager = FileManager.default
    do {
      try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw .writeFailed(path: url.path, reason: Self.reason(error))
    }
    let temporary = directory.appendingPathComponent(".\(name).\(UUID().uuidString).tmp")
    do {
      try data.write(to: temporary, options: [.withoutOverwriting])
      let handle = try FileHandle(forWritingTo: temporary)
      try handle.synchronize()
      try handle.close()
    } catch {
      try? fileManager.removeItem(at: temporary)
      throw .writeFailed(path: url.path, reason: Self.reason(error))
    }
    if rename(temporary.path, url.path) != 0 {
      let reason = String(cString: strerror(errno))
      try? fileManager.removeItem(at: temporary)
      throw .writeFailed(path: url.path, reason: reason)
    }
  }

  private func fileURL(_ name: String) throws(FileStorageError) -> URL {
    guard !name.isEmpty, name != ".", name != "..", !name.contains("/"), !name.contains("\0")
    else { throw .invalidName(name) }
    return directory.appendingPathComponent(name)
  }

  private static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain,
      let code = POSIXErrorCode(rawValue: Int32(underlying.code))
    {
      return String(cString: strerror(code.rawValue))
    }
    return nsError.localizedDescription
  }
}
