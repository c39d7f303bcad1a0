import Foundation

/// Why reading or writing a PrimeTime data file failed.
///
/// Every case names the file and says what went wrong, so an app can show it in an alert
/// as it is. A failed operation never changes or deletes what was on disk before.
///
/// ```swift
/// do {
///   let primes = try FavoritePrimesFile.load(from: .live)
/// } catch {
///   alert = error.description  // "favorite-primes.json is corrupt: …"
/// }
/// ```
public enum FileStorageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file exists but could not be read.
  case unreadable(path: String, reason: String)
  /// The file was read but its contents are not what PrimeTime writes.
  case corrupt(path: String, reason: String)
  /// Writing the file (or creating its directory) failed; the old file is untouched.
  case writeFailed(path: String, reason: String)
  /// The file name is not a plain name inside the data directory.
  case invalidName(String)
  /// The file is larger than its kind of file may be; it was not read.
  ///
  /// `size` and `limit` are in bytes.
  case tooLarge(path: String, size: Int, limit: Int)
  /// The contents were refused before writing (they could not be read back); nothing changed.
  case rejected(path: String, reason: String)

  /// A sentence that names the file and the reason, suitable for an alert.
  public var description: String {
    switch self {
    case .unreadable(let path, let reason): "\(path) could not be read: \(reason)"
    case .corrupt(let path, let reason): "\(path) is corrupt: \(reason)"
    case .writeFailed(let path, let reason): "\(path) could not be written: \(reason)"
    case .invalidName(let name): "\"\(name)\" is not a valid data file name"
    case .tooLarge(let path, let size, let limit):
      "\(path) is too large to read: \(size) bytes, where at most \(limit) are expected"
    case .rejected(let path, let reason): "\(path) was not written: \(reason)"
    }
  }
}

extension FileStorageError: LocalizedError {
  /// The same text as ``description``.
  public var errorDescription: String? { description }
}
