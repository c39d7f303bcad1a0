import Foundation

/// Where a ``Shared`` value is kept beyond the features that hold it: in memory for the app's
/// lifetime (``InMemoryKey``), in a JSON file (``FileStorageKey``) or in `UserDefaults`
/// (``AppStorageKey``).
///
/// ```swift
/// struct State: Equatable {
///   @Shared(.inMemory("count")) var count = 0
///   @Shared(.fileStorage(.documentsDirectory.appending(path: "favorites.json")))
///   var favoritePrimes: [Int] = []
///   @Shared(.appStorage("hasSeenIntro")) var hasSeenIntro = false
/// }
/// ```
///
/// Two `Shared` values made with keys that have the same ``id`` are one shared value: each sees
/// the other's writes. The first one made loads the stored value (its default when nothing is
/// stored); every write saves it.
public protocol SharedKey<Value>: Sendable {
  /// The type of the value kept.
  associatedtype Value: Sendable

  /// Which storage and which place in it: keys with equal IDs share one value.
  var id: SharedKeyID { get }

  /// Reads the stored value.
  ///
  /// - Returns: The value, or `nil` when nothing is stored.
  /// - Throws: When something is stored but cannot be read as a `Value`.
  func load() throws -> Value?

  /// Stores `value`.
  ///
  /// - Parameter value: The value to store.
  func save(_ value: Value) throws
}

/// The identity of a ``SharedKey``: a storage object and a name within it.
public struct SharedKeyID: Hashable, Sendable, CustomStringConvertible {
  private let storage: ObjectIdentifier
  /// How the key reads in messages, such as `inMemory("count")`.
  public let description: String

  /// An identity for the place `name` in `storage`.
  ///
  /// - Parameters:
  ///   - storage: The object the value is kept in; keys of different storages never share.
  ///   - name: The place in it, as it should read in messages.
  public init(storage: AnyObject, name: String) {
    self.storage = ObjectIdentifier(storage)
    self.description = name
  }
}

extension Shared {
  /// A shared value kept at `key`: the stored value if there is one, else `wrappedValue`.
  ///
  /// ```swift
  /// @Shared(.inMemory("count")) var count = 0
  /// ```
  ///
  /// A stored value that cannot be read is reported as an issue (it fails a test); the value
  /// keeps its default and the storage is left as it is — no write replaces what could not be
  /// read.
  ///
  /// - Parameters:
  ///   - wrappedValue: The value when nothing is stored.
  ///   - key: Where the value is kept.
  ///   - fileID: The file ID of the call; a failure is reported there.
  ///   - filePath: The path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public init(
    wrappedValue: @autoclosure () -> Value,
    _ key: some SharedKey<Value>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    self.init(reference: _SharedRegistry.reference(for: key, default: wrappedValue, at: location))
  }

  /// A shared value kept at `key`, whose type gives its default (`nil` for an optional).
  ///
  /// ```swift
  /// @Shared(.appStorage("lastOpened")) var lastOpened: Date? = nil
  /// ```
  ///
  /// - Parameters:
  ///   - key: Where the value is kept.
  ///   - fileID: The file ID of the call; a failure is reported there.
  ///   - filePath: The path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public init<Wrapped>(
    _ key: some SharedKey<Value>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == Wrapped? {
    self.init(
      wrappedValue: nil,
      key,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }
}

/// The shared references made from keys, so that equal keys give one reference.
///
/// Entries are weak: the stored value outlives its references in its storage, and a key made
/// again after every holder let go loads it from there. The table is pruned of freed entries
/// whenever it doubles, so it stays proportional to the references alive.
enum _SharedRegistry {
  private struct Entry {
    weak var reference: (any _AnySharedReference)?
  }

  private struct Table {
    var entries: [SharedKeyID: Entry] = [:]
    var pruneAt = 16
  }

  private static let table = LockIsolated(Table())

  static func reference<Key: SharedKey>(
    for key: Key,
    default makeDefault: () -> Key.Value,
    at location: IssueLocation
  ) -> _SharedReference<Key.Value> {
    let id = key.id
    // Held while loading, so two features making the same key at once get one reference.
    return table.withLock { table in
      if let existing = table.entries[id]?.reference {
        if let typed = existing as? _SharedReference<Key.Value> { return typed }
        reportIssue(
          "@Shared(.\(id)) is already held as another type of value; this one, a "
            + "\(Key.Value.self), is not shared with it.",
          at: location
        )
        return _SharedReference(makeDefault(), persistence: nil)
      }
      let persistence = _SharedPersistence(key: key, location: location)
      let reference: _SharedReference<Key.Value>
      do {
        reference = _SharedReference(try key.load() ?? makeDefault(), persistence: persistence)
      } catch {
        persistence.stopSaving()
        reportIssue(
          "@Shared(.\(id)) could not be read: \(error). It keeps its default value, and "
            + "the stored value is left as it is: changes are not saved over it.",
          at: location
        )
        reference = _SharedReference(makeDefault(), persistence: persistence)
      }
      if table.entries.count >= table.pruneAt {
        table.entries = table.entries.filter { $0.value.reference != nil }
        table.pruneAt = max(16, 2 * table.entries.count)
      }
      table.entries[id] = Entry(reference: reference)
      return reference
    }
  }
}

/// Saves a shared reference's value to its key after each write.
final class _SharedPersistence<Value: Sendable>: Sendable {
  private let key: any SharedKey<Value>
  private let location: IssueLocation
  private let isSaving = LockIsolated(true)

  init(key: some SharedKey<Value>, location: IssueLocation) {
    self.key = key
    self.location = location
  }

  /// Never writes again: what is stored could not be read, and must not be replaced.
  func stopSaving() {
    isSaving.withLock { $0 = false }
  }

  func save(_ value: Value) {
    guard isSaving.withLock({ $0 }) else { return }
    do {
      try key.save(value)
    } catch {
      reportIssue(
        "@Shared(.\(key.id)) could not be saved: \(error). The new value is kept in memory only.",
        at: location
      )
    }
  }
}

/// Storage kept per test: each test (as the test-framework bridge names it) starts with fresh
/// in-memory, file and defaults storage, and never touches the user's own.
enum _PerTestStorage {
  private static let storages = LockIsolated<[String: any Sendable]>([:])

  /// The value `make` made for the running test and `kind`, made on first use.
  static func value<Storage: Sendable>(_ kind: String, make: () -> Storage) -> Storage {
    let test = IssueReporting.currentTestID ?? "(outside any test)"
    return storages.withLock { storages in
      let name = "\(kind) \(test)"
      if let storage = storages[name] as? Storage { return storage }
      let storage = make()
      storages[name] = storage
      return storage
    }
  }
}

/// Why a stored shared value could not be read.
public enum SharedStorageError: Error, Sendable, CustomStringConvertible {
  /// The stored value has another type than the key's.
  case wrongType(stored: String, expected: String)
  /// The file's contents are not JSON of the key's type.
  case undecodable(path: String, reason: String)
  /// The file exists but could not be read.
  case unreadable(path: String, reason: String)
  /// The file could not be written.
  case unwritable(path: String, reason: String)
  /// The stored value is of a type `UserDefaults` keeps, but not the key's.
  case wrongDefaultsType(key: String, stored: String, expected: String)

  public var description: String {
    switch self {
    case .wrongType(let stored, let expected):
      "a \(stored) is stored, not a \(expected)"
    case .undecodable(let path, let reason):
      "the file at \(path) is not valid JSON for this value (\(reason))"
    case .unreadable(let path, let reason):
      "the file at \(path) could not be read: \(reason)"
    case .unwritable(let path, let reason):
      "the file at \(path) could not be written: \(reason)"
    case .wrongDefaultsType(let key, let stored, let expected):
      "UserDefaults holds a \(stored) for \"\(key)\", not a \(expected)"
    }
  }
}
