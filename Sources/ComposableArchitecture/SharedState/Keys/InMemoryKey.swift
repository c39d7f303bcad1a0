import Foundation

/// Keeps a shared value in memory, for as long as the app runs: `@Shared(.inMemory("count"))`.
///
/// The value outlives the features holding it: a feature that makes the key again later sees
/// the last value written. Each test starts with empty storage.
public struct InMemoryKey<Value: Sendable>: SharedKey {
  private let key: String
  private let storage: InMemoryStorage

  init(_ key: String, storage: InMemoryStorage) {
    self.key = key
    self.storage = storage
  }

  public var id: SharedKeyID { SharedKeyID(storage: storage, name: "inMemory(\"\(key)\")") }

  public func load() throws -> Value? {
    guard let stored = storage.values.withLock({ $0[key] }) else { return nil }
    guard let value = stored as? Value else {
      throw SharedStorageError.wrongType(stored: "\(type(of: stored))", expected: "\(Value.self)")
    }
    return value
  }

  public func save(_ value: Value) {
    storage.values.withLock { $0[key] = value }
  }
}

extension SharedKey {
  /// A value kept in memory under `key` in the current ``DependencyValues/defaultInMemoryStorage``.
  ///
  /// - Parameter key: The value's name; keys with the same name share one value.
  public static func inMemory<Stored>(_ key: String) -> Self where Self == InMemoryKey<Stored> {
    InMemoryKey(key, storage: DependencyValues._current.defaultInMemoryStorage)
  }
}

/// Where ``InMemoryKey`` values live: one for the app, a fresh one for each test.
public final class InMemoryStorage: Sendable {
  fileprivate let values = LockIsolated<[String: any Sendable]>([:])

  /// Empty storage.
  public init() {}
}

extension DependencyValues {
  /// The storage of `@Shared(.inMemory(…))` values: one for the app, fresh in each test.
  public var defaultInMemoryStorage: InMemoryStorage {
    get { self[InMemoryStorageKey.self] }
    set { self[InMemoryStorageKey.self] = newValue }
  }
}

private enum InMemoryStorageKey: DependencyKey {
  static let liveValue = InMemoryStorage()
  static var testValue: InMemoryStorage {
    _PerTestStorage.value("inMemory") { InMemoryStorage() }
  }
  static let previewValue = InMemoryStorage()
}
