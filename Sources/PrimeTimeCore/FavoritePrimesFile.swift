import Foundation

/// The favourite-primes file: a JSON array of primes, `favorite-primes.json`.
///
/// Encoding and decoding live here once so both apps write the same bytes and reject the
/// same bad files. Decoding is strict: anything but a JSON array of primes is reported as
/// ``FileStorageError/corrupt(path:reason:)``, naming the first offending value.
///
/// ```swift
/// let storage = FileStorage.live
/// try FavoritePrimesFile.save([2, 3, 5], to: storage)
/// let primes = try FavoritePrimesFile.load(from: storage)  // [2, 3, 5], or nil if no file
/// ```
public enum FavoritePrimesFile {
  /// The file name inside the data directory.
  public static let name = "favorite-primes.json"

  /// The most favourites a file may hold: more is refused on save and reported on load.
  public static let maximumEntries = 10_000

  /// The largest favourites file read, in bytes (10,000 primes take about 80 KB).
  public static let maximumFileSize = 1 << 20

  /// Why `primes` cannot be saved (it could not be loaded back), or `nil` when it can.
  ///
  /// - Parameter primes: The favourites to check.
  /// - Returns: A reason naming the first offending entry, or `nil`.
  public static func problem(with primes: [Int]) -> String? {
    if primes.count > maximumEntries {
      return "\(primes.count) favourites, where at most \(maximumEntries) are allowed"
    }
    if let bad = primes.firstIndex(where: { !isPrime($0) }) {
      return "entry \(bad) (\(primes[bad])) is not a prime"
    }
    return nil
  }

  /// Encodes favourite primes as the file's bytes.
  ///
  /// - Parameter primes: The favourites, in order.
  /// - Returns: A JSON array such as `[2,3,5]`.
  public static func encode(_ primes: [Int]) -> Data {
    // Written by hand: encoding [Int] cannot fail, so no `try` is needed at all.
    Data("[\(primes.map(String.init).joined(separator: ","))]".utf8)
  }

  /// Encodes favourite primes for saving, refusing a list that could not be loaded back.
  ///
  /// ```swift
  /// try FavoritePrimesFile.encodeForSaving([2, 3], path: path)  // Data("[2,3]")
  /// try FavoritePrimesFile.encodeForSaving([4], path: path)     // throws .rejected: not a prime
  /// ```
  ///
  /// - Parameters:
  ///   - primes: The favourites, in order.
  ///   - path: The file's path, to name in an error.
  /// - Returns: The file's bytes.
  /// - Throws: ``FileStorageError/rejected(path:reason:)`` naming the first offending entry.
  public static func encodeForSaving(
    _ primes: [Int],
    path: String = name
  ) throws(FileStorageError) -> Data {
    if let problem = problem(with: primes) { throw .rejected(path: path, reason: problem) }
    return encode(primes)
  }

  /// Decodes the file's bytes.
  ///
  /// - Parameters:
  ///   - data: The file's contents.
  ///   - path: The path to name in an error.
  /// - Returns: The favourites, in file order.
  /// - Throws: ``FileStorageError/corrupt(path:reason:)`` when the data is not a JSON array of
  ///   integers, an entry is not a prime or there are more than ``maximumEntries``;
  ///   ``FileStorageError/tooLarge(path:size:limit:)`` past ``maximumFileSize``.
  public static func decode(_ data: Data, path: String = name) throws(FileStorageError) -> [Int] {
    if data.count > maximumFileSize {
      throw .tooLarge(path: path, size: data.count, limit: maximumFileSize)
    }
    let primes: [Int]
    do {
      primes = try JSONDecoder().decode([Int].self, from: data)
    } catch {
      throw .corrupt(path: path, reason: "expected a JSON array of whole numbers")
    }
    if let problem = problem(with: primes) {
      throw .corrupt(path: path, reason: problem)
    }
    return primes
  }

  /// Loads the favourites from storage.
  ///
  /// - Parameter storage: Where the file lives.
  /// - Returns: The favourites, or `nil` when there is no file yet.
  /// - Throws: ``FileStorageError`` when the file is unreadable or corrupt.
  public static func load(from storage: FileStorage) throws(FileStorageError) -> [Int]? {
    guard let data = try storage.load(name, maximumSize: maximumFileSize) else { return nil }
    return try decode(data, path: storage.directory.appendingPathComponent(name).path)
  }

  /// Saves the favourites to storage atomically.
  ///
  /// - Parameters:
  ///   - primes: The favourites, in order.
  ///   - storage: Where the file lives.
  /// - Throws: ``FileStorageError/rejected(path:reason:)`` for a list that could not be loaded
  ///   back (an entry that is not a prime, too many entries), before anything is written;
  ///   ``FileStorageError/writeFailed(path:reason:)``. Either way the old file is left intact.
  public static func save(_ primes: [Int], to storage: FileStorage) throws(FileStorageError) {
    let path = storage.directory.appendingPathComponent(name).path
    try storage.save(name, encodeForSaving(primes, path: path))
  }
}
