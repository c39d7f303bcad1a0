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

  /// Storage in the live data directory (see ``DataDirectory/live``).
  public static var live: FileStorage {
    FileStorage(directory: DataDirectory.live)
  }

  /// Reads a whole file.
  ///
  /// - Parameters:
  ///   - name: A plain file name such as `favorite-primes.json`.
  ///   - maximumSize: The largest file to read, in bytes; a larger one is not read at all.
  /// - Returns: The file's bytes, or `nil` when there is no such file.
  /// - Throws: ``FileStorageError/unreadable(path:reason:)`` when the file exists but cannot
  ///   be read (a directory, say), ``FileStorageError/tooLarge(path:size:limit:)`` past
  ///   `maximumSize`, ``FileStorageError/invalidName(_:)`` for a name with a path in it.
  public func load(_ name: String, maximumSize: Int? = nil) throws(FileStorageError) -> Data? {
    let url = try fileURL(name)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      return nil
    }
    if isDirectory.boolValue {
      throw .unreadable(path: url.path, reason: "it is a directory, not a file")
    }
    if let maximumSize,
      let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int,
      size > maximumSize
    {
      throw .tooLarge(path: url.path, size: size, limit: maximumSize)
    }
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
  ///
  /// Temporary files that an earlier save left behind when its process was killed are removed.
  public func save(_ name: String, _ data: Data) throws(FileStorageError) {
    let url = try fileURL(name)
    let fileManager = FileManager.default
    // The nearest part of the directory's path that exists must be a directory: say which one
    // is not (the system's own error for this case names no file).
    var existing = directory.standardizedFileURL
    while !fileManager.fileExists(atPath: existing.path), existing.path != "/" {
      existing.deleteLastPathComponent()
    }
    var isDirectory: ObjCBool = false
    if fileManager.fileExists(atPath: existing.path, isDirectory: &isDirectory),
      !isDirectory.boolValue
    {
      throw .writeFailed(path: url.path, reason: "\(existing.path) is a file, not a directory")
    }
    do {
      try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw .writeFailed(path: url.path, reason: Self.reason(error))
    }
    removeStaleTemporaryFiles(of: name)
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

  /// Removes temporary files a killed save left behind (`.NAME.….tmp`); this process is the only
  /// writer, so none of them belongs to a save in progress.
  private func removeStaleTemporaryFiles(of name: String) {
    let fileManager = FileManager.default
    guard let entries = try? fileManager.contentsOfDirectory(atPath: directory.path) else { return }
    for entry in entries where entry.hasPrefix(".\(name).") && entry.hasSuffix(".tmp") {
      try? fileManager.removeItem(at: directory.appendingPathComponent(entry))
    }
  }

  /// A reason a person can act on: the system's own words for the underlying error, never a
  /// bare "NSCocoaErrorDomain error 512".
  static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32(underlying.code)))
    }
    if nsError.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(nsError.code)))
    }
    if nsError.domain == NSCocoaErrorDomain {
      switch CocoaError.Code(rawValue: nsError.code) {
      case .fileNoSuchFile, .fileReadNoSuchFile: return String(cString: strerror(ENOENT))
      case .fileReadNoPermission, .fileWriteNoPermission: return String(cString: strerror(EACCES))
      case .fileWriteOutOfSpace: return String(cString: strerror(ENOSPC))
      case .fileWriteVolumeReadOnly: return String(cString: strerror(EROFS))
      case .fileWriteFileExists: return String(cString: strerror(EEXIST))
      case .fileReadTooLarge: return String(cString: strerror(EFBIG))
      default: return "the system refused the operation (Cocoa error \(nsError.code))"
      }
    }
    return "\(error)"
  }
}
