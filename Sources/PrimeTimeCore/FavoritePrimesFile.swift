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

  /// Encodes favourite primes as the file's bytes.
  ///
  /// - Parameter primes: The favourites, in order.
  /// - Returns: A JSON array such as `[2,3,5]`.
  public static func encode(_ primes: [Int]) -> Data {
    // Written by hand: encoding [Int] cannot fail, so no `try` is needed at all.
    Data("[\(primes.map(String.init).joined(separator: ","))]".utf8)
  }

  /// Decodes the file's bytes.
  ///
  /// - Parameters:
  ///   - data: The file's contents.
  ///   - path: The path to name in an error.
  /// - Returns: The favourites, in file order.
  /// - Throws: ``FileStorageError/corrupt(path:reason:)`` when the data is not a JSON array of
  ///   integers, or an entry is not a prime.
  public static func decode(_ data: Data, path: String = name) throws(FileStorageError) -> [Int] {
    let primes: [Int]
    do {
      primes = try JSONDecoder().decode([Int].self, from: data)
    } catch {
      throw .corrupt(path: path, reason: "expected a JSON array of whole numbers")
    }
    if let bad = primes.firstIndex(where: { !isPrime($0) }) {
      throw .corrupt(path: path, reason: "entry \(bad) (\(primes[bad])) is not a prime")
    }
    return primes
  }

  /// Loads the favourites from storage.
  ///
  /// - Parameter storage: Where the file lives.
  /// - Returns: The favourites, or `nil` when there is no file yet.
  /// - Throws: ``FileStorageError`` when the file is unreadable or corrupt.
  public static func load(from storage: FileStorage) throws(FileStorageError) -> [Int]? {
    guard let data = try storage.load(name) else { return nil }
    return try decode(data, path: storage.directory.appendingPathComponent(name).path)
  }

  /// Saves the favourites to storage atomically.
  ///
  /// - Parameters:
  ///   - primes: The favourites, in order.
  ///   - storage: Where the file lives.
  /// - Throws: ``FileStorageError/writeFailed(path:reason:)``; the old file is left intact.
  public static func save(_ primes: [Int], to storage: FileStorage) throws(FileStorageError) {
    try storage.save(name, encode(primes))
  }
}
