import Foundation

/// Produces "now": live `Date()`, or a fixed date under test.
///
/// ```swift
/// @Dependency(\.date) var date
/// state.activityFeed.append(Activity(timestamp: date.now, type: .addedFavoritePrime(7)))
///
/// // In a test:
/// $0.date = .constant(Date(timeIntervalSince1970: 1_234_567_890))
/// ```
public struct DateGenerator: Sendable {
  private var generate: @Sendable () -> Date

  /// Creates a generator from a function.
  ///
  /// - Parameter generate: Returns the current date.
  public init(_ generate: @escaping @Sendable () -> Date) {
    self.generate = generate
  }

  /// The current date; setting it fixes the date from then on (in a test:
  /// `store.dependencies.date.now = …`).
  public var now: Date {
    get { generate() }
    set { generate = { newValue } }
  }

  /// The current date.
  public func callAsFunction() -> Date { generate() }

  /// Always the same date.
  ///
  /// - Parameter date: The date to return.
  /// - Returns: The generator.
  public static func constant(_ date: Date) -> Self { Self { date } }
}

private enum DateGeneratorKey: DependencyKey {
  static let liveValue = DateGenerator { Date() }
}

extension DependencyValues {
  /// The current date (live: `Date()`; tests must set it, for example `.constant(…)`).
  public var date: DateGenerator {
    get { self[DateGeneratorKey.self] }
    set { self[DateGeneratorKey.self] = newValue }
  }
}
