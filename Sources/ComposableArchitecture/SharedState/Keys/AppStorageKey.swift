import Foundation

/// Keeps a shared value in `UserDefaults`: `@Shared(.appStorage("hasSeenIntro"))`.
///
/// For the types `UserDefaults` stores as they are — `Bool`, `Int`, `Double`, `String`, `Data`,
/// `URL` — and their optionals (`nil` removes the key). In tests each test has its own fresh
/// defaults suite: no test reads or writes the user's defaults.
public struct AppStorageKey<Value: Sendable>: SharedKey {
  private let key: String
  private let store: UserDefaultsStorage
  private let coding: AppStorageCoding<Value>

  init(_ key: String, store: UserDefaultsStorage, coding: AppStorageCoding<Value>) {
    self.key = key
    self.store = store
    self.coding = coding
  }

  public var id: SharedKeyID { SharedKeyID(storage: store, name: "appStorage(\"\(key)\")") }

  public func load() throws -> Value? {
    guard let stored = store.defaults.object(forKey: key) else { return nil }
    guard let value = coding.read(store.defaults, key) else {
      throw SharedStorageError.wrongDefaultsType(
        key: key,
        stored: "\(type(of: stored))",
        expected: "\(Value.self)"
      )
    }
    return value
  }

  public func save(_ value: Value) {
    coding.write(value, store.defaults, key)
  }
}

/// How a type is read from and written to `UserDefaults`.
struct AppStorageCoding<Value>: Sendable {
  /// `nil` when the stored object is not a `Value`.
  let read: @Sendable (UserDefaults, String) -> Value?
  let write: @Sendable (Value, UserDefaults, String) -> Void

  static func object<Plain>(_: Plain.Type) -> AppStorageCoding<Plain> {
    AppStorageCoding<Plain>(
      read: { defaults, key in defaults.object(forKey: key) as? Plain },
      write: { value, defaults, key in defaults.set(value, forKey: key) }
    )
  }

  static func optional<Wrapped>(_ wrapped: AppStorageCoding<Wrapped>) -> AppStorageCoding<
    Wrapped?
  > {
    AppStorageCoding<Wrapped?>(
      read: { defaults, key in wrapped.read(defaults, key).map { $0 } },
      write: { value, defaults, key in
        if let value {
          wrapped.write(value, defaults, key)
        } else {
          defaults.removeObject(forKey: key)
        }
      }
    )
  }

  static var url: AppStorageCoding<URL> {
    AppStorageCoding<URL>(
      read: { defaults, key in
        // `UserDefaults` keeps a URL as archived data on some platforms and as a string on
        // others; `url(forKey:)` reads either, and also turns a plain path into a URL, so the
        // stored object's type is checked first.
        guard defaults.object(forKey: key) is Data || defaults.object(forKey: key) is String
        else { return nil }
        return defaults.url(forKey: key)
      },
      write: { value, defaults, key in defaults.set(value, forKey: key) }
    )
  }
}

// Numbers: `UserDefaults` keeps them as `NSNumber`, which bridges to any numeric type; a Bool
// stored under an Int key reads as 0 or 1, as it does with `integer(forKey:)`.
extension SharedKey {
  /// A `Bool` kept in `UserDefaults` under `key`.
  public static func appStorage(_ key: String) -> Self where Self == AppStorageKey<Bool> {
    AppStorageKey(key, store: .current, coding: .object(Bool.self))
  }
  /// An `Int` kept in `UserDefaults` under `key`.
  public static func appStorage(_ key: String) -> Self where Self == AppStorageKey<Int> {
    AppStorageKey(key, store: .current, coding: .object(Int.self))
  }
  /// A `Double` kept in `UserDefaults` under `key`.
  public static func appStorage(_ key: String) -> Self where Self == AppStorageKey<Double> {
    AppStorageKey(key, store: .current, coding: .object(Double.self))
  }
  /// A `String` kept in `UserDefaults` under `key`.
  public static func appStorage(_ key: String) -> Self where Self == AppStorageKey<String> {
    AppStorageKey(key, store: .current, coding: .object(String.self))
  }
  /// `Data` kept in `UserDefaults` under `key`.
  public static func appStorage(_ key: String) -> Self where Self == AppStorageKey<Data> {
    AppStorageKey(key, store: .current, coding: .object(Data.self))
  }
  /// A `URL` kept in `UserDefaults` under `key`.
  public static func appStorage(_ key: String) -> Self where Self == AppStorageKey<URL> {
    AppStorageKey(key, store: .current, coding: .url)
  }
  /// An optional `Bool` kept in `UserDefaults` under `key` (`nil` removes it).
  public static func appStorage(_ key: String) -> Self where Self == AppStorageKey<Bool?> {
    AppStorageKey(key, store: .current, coding: .optional(.object(Bool.self)))
  }
  /// An optional `Int` kept in `UserDefaults` under `key` (`nil` removes it).
  public static func appStorage(_ key: String) -> Self where Self == AppStorageKey<Int?> {
    AppStorageKey(key, store: .current, coding: .optional(.object(Int.self)))
  }
  /// An optional `Double` kept in `UserDefaults` under `key` (`nil` removes it).
  public static func appStorage(_ key: String) -> Self where Self == AppStorageKey<Double?> {
    AppStorageKey(key, store: .current, coding: .optional(.object(Double.self)))
  }
  /// An optional `String` kept in `UserDefaults` under `key` (`nil` removes it).
  public static func appStorage(_ key: String) -> Self where Self == AppStorageKey<String?> {
    AppStorageKey(key, store: .current, coding: .optional(.object(String.self)))
  }
  /// Optional `Data` kept in `UserDefaults` under `key` (`nil` removes it).
  public static func appStorage(_ key: String) -> Self where Self == AppStorageKey<Data?> {
    AppStorageKey(key, store: .current, coding: .optional(.object(Data.self)))
  }
  /// An optional `URL` kept in `UserDefaults` under `key` (`nil` removes it).
  public static func appStorage(_ key: String) -> Self where Self == AppStorageKey<URL?> {
    AppStorageKey(key, store: .current, coding: .optional(.url))
  }
}

/// A `UserDefaults` as a dependency value.
///
/// `@unchecked Sendable` is safe: `UserDefaults` is documented as thread-safe (its operations
/// are atomic, and Apple platforms declare it `Sendable`); swift-corelibs-foundation guards its
/// preferences store with a lock but does not declare it. The wrapped reference never changes.
final class UserDefaultsStorage: @unchecked Sendable {
  let defaults: UserDefaults

  init(_ defaults: UserDefaults) {
    self.defaults = defaults
  }

  static var current: UserDefaultsStorage {
    DependencyValues._current[AppStorageDependencyKey.self]
  }
}

extension DependencyValues {
  /// The `UserDefaults` of `@Shared(.appStorage(…))` values: `.standard` in an app, a fresh,
  /// empty suite in each test.
  public var defaultAppStorage: UserDefaults {
    get { self[AppStorageDependencyKey.self].defaults }
    set { self[AppStorageDependencyKey.self] = UserDefaultsStorage(newValue) }
  }
}

private enum AppStorageDependencyKey: DependencyKey {
  static let liveValue = UserDefaultsStorage(.standard)
  static var testValue: UserDefaultsStorage {
    _PerTestStorage.value("appStorage") { UserDefaultsStorage(freshSuite()) }
  }
  static var previewValue: UserDefaultsStorage { testValue }

  private static let suites = LockIsolated(0)

  /// A defaults suite no earlier test or run has left anything in.
  ///
  /// Named by a counter, so names repeat between runs; what an earlier run left is removed.
  private static func freshSuite() -> UserDefaults {
    let number = suites.withLock { count in
      count += 1
      return count
    }
    let name = "ComposableArchitecture.Shared.test-\(number)"
    guard let defaults = UserDefaults(suiteName: name) else {
      // Refused only for the global domain's name or the app's own bundle identifier: take the
      // next name, which cannot be both.
      return freshSuite()
    }
    defaults.removePersistentDomain(forName: name)
    return defaults
  }
}
