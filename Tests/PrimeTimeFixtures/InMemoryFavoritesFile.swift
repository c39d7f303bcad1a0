import Clocks
import Foundation
import PrimeTimeCore

/// An in-memory favourites file for tests of both apps: it decodes and encodes exactly as the
/// real file (`FavoritePrimesFile`), records every write, and can be made to fail writes.
///
/// ```swift
/// let file = InMemoryFavoritesFile(contents: Fixtures.favoritesFile)
/// screen.loadFavoritePrimesFile = file.loadPrimes
/// ```
public final class InMemoryFavoritesFile: Sendable {
  private struct State {
    var contents: Data?
    var writes: [Data] = []
    var writeError: FileStorageError?
  }

  private let state: LockIsolated<State>

  /// Creates the file.
  ///
  /// - Parameters:
  ///   - contents: The file's bytes, or `nil` for no file.
  ///   - writeError: An error every write throws, leaving the contents unchanged.
  public init(contents: Data? = nil, writeError: FileStorageError? = nil) {
    state = LockIsolated(State(contents: contents, writeError: writeError))
  }

  /// The current bytes (`nil`: no file).
  public var contents: Data? { state.withLock { $0.contents } }

  /// Every successful write, in order.
  public var writes: [Data] { state.withLock { $0.writes } }

  /// Reads the file's bytes (the composable app's `FileClient.load`).
  public func load(_ name: String) throws -> Data? {
    state.withLock { $0.contents }
  }

  /// Replaces the file's bytes (the composable app's `FileClient.save`).
  public func save(_ name: String, _ data: Data) throws {
    try state.withLock { state in
      if let error = state.writeError { throw error }
      state.contents = data
      state.writes.append(data)
    }
  }

  /// Decodes the favourites (the vanilla app's `loadFavoritePrimesFile`).
  public func loadPrimes() throws -> [Int]? {
    guard let data = try load(FavoritePrimesFile.name) else { return nil }
    return try FavoritePrimesFile.decode(data)
  }

  /// Encodes and writes the favourites (the vanilla app's `saveFavoritePrimesFile`).
  public func savePrimes(_ primes: [Int]) throws {
    try save(FavoritePrimesFile.name, FavoritePrimesFile.encodeForSaving(primes))
  }

  /// The error a failed write throws in the fixtures.
  public static let diskFull = FileStorageError.writeFailed(
    path: "favorite-primes.json",
    reason: "No space left on device"
  )
}
