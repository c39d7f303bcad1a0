import Foundation

/// Keeps a shared value in a JSON file: `@Shared(.fileStorage(url))`.
///
/// The file is read when the first holder is made and written, atomically, after each write.
/// A file that cannot be decoded is reported and left as it is (see
/// ``Shared/init(wrappedValue:_:fileID:filePath:line:column:)``). In tests the files live in
/// memory, fresh for each test: no test reads or writes the disk.
public struct FileStorageKey<Value: Codable & Sendable>: SharedKey {
  private let url: URL
  private let storage: FileStorage

  init(_ url: URL, storage: FileStorage) {
    self.url = url.standardizedFileURL
    self.storage = storage
  }

  public var id: SharedKeyID {
    SharedKeyID(storage: storage.backing, name: "fileStorage(\(url.path))")
  }

  public func load() throws -> Value? {
    guard let data = try storage.backing.read(url) else { return nil }
    do {
      return try JSONDecoder().decode(Value.self, from: data)
    } catch {
      throw SharedStorageError.undecodable(path: url.path, reason: "\(error)")
    }
  }

  public func save(_ value: Value) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try storage.backing.write(try encoder.encode(value), url)
  }
}

extension SharedKey {
  /// A value kept as JSON in the file at `url`, in the current
  /// ``DependencyValues/defaultFileStorage``.
  ///
  /// - Parameter url: The file; keys for the same file share one value.
  public static func fileStorage<Stored>(_ url: URL) -> Self
  where Self == FileStorageKey<Stored> {
    FileStorageKey(url, storage: DependencyValues._current.defaultFileStorage)
  }
}

/// Where ``FileStorageKey`` files are read and written: the file system, or memory.
public struct FileStorage: Sendable {
  fileprivate let backing: Backing

  /// The disk: files are written atomically (to a temporary file, then renamed), and missing
  /// directories are created.
  public static let fileSystem = FileStorage(
    backing: Backing(
      read: { url in
        do {
          return try Data(contentsOf: url)
        } catch let error where isMissingFile(error) {
          return nil
        } catch {
          throw SharedStorageError.unreadable(path: url.path, reason: describe(error))
        }
      },
      write: { data, url in
        do {
          try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(),
            withIntermediateDirectories: true
          )
          try data.write(to: url, options: .atomic)
        } catch {
          throw SharedStorageError.unwritable(path: url.path, reason: describe(error))
        }
      }
    )
  )

  /// Files in memory, empty at first: each use of this property makes new, separate storage.
  public static var inMemory: FileStorage {
    // Plain byte arrays, not `Data`: per-test storage outlives its test, and a stored `Data`
    // slice keeps an interior pointer LeakSanitizer cannot trace, so it reports a leak.
    let files = LockIsolated<[URL: [UInt8]]>([:])
    return FileStorage(
      backing: Backing(
        read: { url in files.withLock { $0[url].map { Data($0) } } },
        write: { data, url in files.withLock { $0[url] = [UInt8](data) } }
      )
    )
  }

  /// The contents of the file at `url`, or `nil` when there is none.
  ///
  /// - Parameter url: The file.
  public func contents(of url: URL) throws -> Data? {
    try backing.read(url.standardizedFileURL)
  }

  /// Replaces the file at `url` with `data` (as a test's setup might).
  ///
  /// - Parameters:
  ///   - data: The new contents.
  ///   - url: The file.
  public func write(_ data: Data, to url: URL) throws {
    try backing.write(data, url.standardizedFileURL)
  }

  /// The reading and writing functions, in an object whose identity is the storage's.
  fileprivate final class Backing: Sendable {
    let read: @Sendable (URL) throws -> Data?
    let write: @Sendable (Data, URL) throws -> Void

    init(
      read: @escaping @Sendable (URL) throws -> Data?,
      write: @escaping @Sendable (Data, URL) throws -> Void
    ) {
      self.read = read
      self.write = write
    }
  }
}

/// Whether reading failed because there is no file at the path (nothing stored yet): no such
/// file, or a path through something that is not a directory.
private func isMissingFile(_ error: any Error) -> Bool {
  if let error = error as? CocoaError, [.fileReadNoSuchFile, .fileNoSuchFile].contains(error.code) {
    return true
  }
  guard let code = systemError(of: error) else { return false }
  return code == .ENOENT || code == .ENOTDIR
}

/// The system's error code beneath a Foundation file error, if it gives one.
private func systemError(of error: any Error) -> POSIXErrorCode? {
  let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey]
  if let posix = underlying as? POSIXError { return posix.code }
  if let nsError = underlying as? NSError, nsError.domain == NSPOSIXErrorDomain {
    return POSIXErrorCode(rawValue: Int32(nsError.code))
  }
  return nil
}

/// A file error as a reader wants it: the system's reason when there is one.
private func describe(_ error: any Error) -> String {
  if let code = systemError(of: error) { return String(cString: strerror(code.rawValue)) }
  return (error as NSError).localizedDescription
}

extension DependencyValues {
  /// The storage of `@Shared(.fileStorage(…))` values: the file system in an app, memory (fresh
  /// in each test) in tests and previews.
  public var defaultFileStorage: FileStorage {
    get { self[FileStorageDependencyKey.self] }
    set { self[FileStorageDependencyKey.self] = newValue }
  }
}

private enum FileStorageDependencyKey: DependencyKey {
  static let liveValue = FileStorage.fileSystem
  static var testValue: FileStorage {
    _PerTestStorage.value("fileStorage") { FileStorage.inMemory }
  }
  static let previewValue = FileStorage.inMemory
}
