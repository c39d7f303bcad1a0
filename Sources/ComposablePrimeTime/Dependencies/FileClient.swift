import ComposableArchitecture
import Foundation
import PrimeTimeCore

/// Reads and writes named data files.
///
/// Live: `PrimeTimeCore.FileStorage.live` (the data directory, atomic writes). Test: fails the test when
/// used, until the test supplies in-memory functions.
///
/// ```swift
/// $0.fileClient = FileClient(load: { _ in Data("[2,3]".utf8) }, save: { _, _ in })
/// ```
public struct FileClient: Sendable {
  /// Reads a whole file: `nil` when there is none.
  public var load: @Sendable (_ name: String) async throws -> Data?
  /// Replaces a whole file.
  public var save: @Sendable (_ name: String, _ data: Data) async throws -> Void
  /// Where a file is, as an error message names it (its full path for the live client).
  public var location: @Sendable (_ name: String) -> String

  /// Creates a client.
  ///
  /// - Parameters:
  ///   - load: Reads a whole file.
  ///   - save: Replaces a whole file.
  ///   - location: Names a file in messages; the name itself by default.
  public init(
    load: @escaping @Sendable (_ name: String) async throws -> Data?,
    save: @escaping @Sendable (_ name: String, _ data: Data) async throws -> Void,
    location: @escaping @Sendable (_ name: String) -> String = { $0 }
  ) {
    self.load = load
    self.save = save
    self.location = location
  }

  /// A client over a storage directory.
  ///
  /// - Parameter storage: Where the files live.
  /// - Returns: The client.
  public static func storage(_ storage: PrimeTimeCore.FileStorage) -> FileClient {
    FileClient(
      load: { try storage.load($0, maximumSize: FavoritePrimesFile.maximumFileSize) },
      save: { try storage.save($0, $1) },
      location: { storage.directory.appendingPathComponent($0).path }
    )
  }
}

extension FileClient: DependencyKey {
  /// The live data directory.
  public static var liveValue: FileClient { .storage(.live) }

  /// Reports an issue when used: loads nothing, saves nothing.
  public static let testValue = FileClient(
    load: { name in
      reportIssue("Unimplemented: FileClient.load(\"\(name)\") was called")
      return nil
    },
    save: { name, _ in
      reportIssue("Unimplemented: FileClient.save(\"\(name)\") was called")
    }
  )
}

extension DependencyValues {
  /// The file client.
  public var fileClient: FileClient {
    get { self[FileClient.self] }
    set { self[FileClient.self] = newValue }
  }
}
