import Foundation
import PrimeTimeCore

/// Reads and writes the favourite-primes file, asynchronously.
///
/// A model receives it through its initializer; there is no default, so the app passes
/// ``live`` and a test passes an in-memory file (or a value that fails the test when called).
///
/// ```swift
/// let list = FavoritePrimesModel(
///   favorites: favorites,
///   file: FavoritesFileClient(load: { [2, 3, 5] }, save: { _ in })
/// )
/// await list.loadButtonTapped().value
/// ```
public struct FavoritesFileClient: Sendable {
  /// Reads the favourites: `nil` when there is no file; throws when it cannot be read or is
  /// corrupt.
  public var load: @Sendable () async throws -> [Int]?
  /// Writes the favourites, replacing the file atomically; throws when it cannot.
  public var save: @Sendable (_ primes: [Int]) async throws -> Void

  /// Creates a client.
  ///
  /// - Parameters:
  ///   - load: Reads the favourites.
  ///   - save: Writes the favourites.
  public init(
    load: @escaping @Sendable () async throws -> [Int]?,
    save: @escaping @Sendable (_ primes: [Int]) async throws -> Void
  ) {
    self.load = load
    self.save = save
  }

  /// A client over a storage directory: the file is read and written off the main actor.
  ///
  /// - Parameter storage: Where the favourites file lives.
  /// - Returns: The client.
  public static func storage(_ storage: FileStorage) -> FavoritesFileClient {
    FavoritesFileClient(
      load: { try FavoritePrimesFile.load(from: storage) },
      save: { try FavoritePrimesFile.save($0, to: storage) }
    )
  }

  /// The user's data directory (`PRIME_TIME_DATA_DIR`, or the platform's default).
  public static var live: FavoritesFileClient { .storage(.live) }
}
