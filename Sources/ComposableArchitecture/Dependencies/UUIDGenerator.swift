import Foundation

/// Produces UUIDs: random when live, predictable under test.
///
/// ```swift
/// @Dependency(\.uuid) var uuid
/// let id = uuid()
///
/// // In a test: 00000000-0000-0000-0000-000000000000, …-000000000001, …
/// $0.uuid = .incrementing
/// ```
public struct UUIDGenerator: Sendable {
  private let generate: @Sendable () -> UUID

  /// Creates a generator from a function.
  ///
  /// - Parameter generate: Returns a new UUID.
  public init(_ generate: @escaping @Sendable () -> UUID) {
    self.generate = generate
  }

  /// Returns a new UUID.
  public func callAsFunction() -> UUID { generate() }

  /// Always the same UUID.
  ///
  /// - Parameter uuid: The UUID to return.
  /// - Returns: The generator.
  public static func constant(_ uuid: UUID) -> Self { Self { uuid } }

  /// UUIDs counting up from zero.
  ///
  /// `00000000-0000-0000-0000-000000000000`, then `…0001`, and so on.
  ///
  /// Each use of `.incrementing` starts its own count.
  public static var incrementing: Self {
    let counter = LockIsolated<UInt64>(0)
    return Self {
      let value = counter.withLock { count in
        defer { count &+= 1 }
        return count
      }
      return UUID(integer: value)
    }
  }
}

extension UUID {
  /// The UUID a test names by number: `UUID(0)` is `00000000-0000-0000-0000-000000000000`, the
  /// first one `.incrementing` makes; `UUID(1)` the second.
  ///
  /// - Parameter intValue: The number (a negative one counts as its 64-bit pattern).
  public init(_ intValue: Int) {
    self.init(integer: UInt64(bitPattern: Int64(intValue)))
  }

  /// The UUID whose last 64 bits are `value`, big-endian: `00000000-0000-0000-xxxx-xxxxxxxxxxxx`.
  init(integer value: UInt64) {
    let b = withUnsafeBytes(of: value.bigEndian) { Array($0) }
    self.init(uuid: (0, 0, 0, 0, 0, 0, 0, 0, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]))
  }
}

private enum UUIDGeneratorKey: DependencyKey {
  static let liveValue = UUIDGenerator { UUID() }
}

extension DependencyValues {
  /// A UUID generator (live: `UUID()`; tests must set it, for example `.incrementing`).
  public var uuid: UUIDGenerator {
    get { self[UUIDGeneratorKey.self] }
    set { self[UUIDGeneratorKey.self] = newValue }
  }
}
