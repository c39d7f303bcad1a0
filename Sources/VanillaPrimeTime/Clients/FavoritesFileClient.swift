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
///
/// The closures run on their caller's actor (`nonisolated(nonsending)`), as ``NthPrimeClient``'s
/// does: a stub answers in the model's own turn, and the file work of ``storage(_:)`` leaves
/// the main actor on purpose.
public struct FavoritesFileClient: Sendable {
  /// Reads the favourites: `nil` when there is no file; throws when it cannot be read or is
  /// corrupt.
  public var load: nonisolated(nonsending) @Sendable () async throws -> [Int]?
  /// Writes the favourites, replacing the file atomically; throws when it cannot.
  public var save: nonisolated(nonsending) @Sendable (_ primes: [Int]) async throws -> Void

  /// Creates a client.
  ///
  /// - Parameters:
  ///   - load: Reads the favourites.
  ///   - save: Writes the favourites.
  public init(
    load: nonisolated(nonsending) @escaping @Sendable () async throws -> [Int]?,
    save: nonisolated(nonsending) @escaping @Sendable (_ primes: [Int]) async throws -> Void
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
      load: { try await offTheMainActor { try FavoritePrimesFile.load(from: storage) } },
      save: { primes in
        try await offTheMainActor { try FavoritePrimesFile.save(primes, to: storage) }
      }
    )
  }

  /// Runs blocking file work on the global executor, whoever calls.
  @concurrent
  private static func offTheMainActor<Value: Sendable>(
    _ work: @Sendable () throws -> Value
  ) async throws -> Value {
    try work()
  }

  /// The user's data directory (`PRIME_TIME_DATA_DIR`, or the platform's default).
  public static var live: FavoritesFileClient { .storage(.live) }
}
