import PrimeTimeCore

/// Answers "what is the nth prime?", asynchronously and cancellably.
///
/// A model receives it through its initializer; there is no default, so the app passes
/// ``live`` and a test passes a stub (or a value that fails the test when called).
///
/// ```swift
/// let counter = PrimeCounterModel(
///   favorites: favorites,
///   nthPrime: NthPrimeClient { n in n == 7 ? 17 : nil }
/// )
/// await counter.nthPrimeButtonTapped().value
/// ```
public struct NthPrimeClient: Sendable {
  /// Returns the `n`th prime, or `nil` when `n` is out of range.
  public var nthPrime: @Sendable (_ n: Int) async -> Int?

  /// Creates a client.
  ///
  /// - Parameter nthPrime: Returns the `n`th prime, or `nil`.
  public init(nthPrime: @escaping @Sendable (_ n: Int) async -> Int?) {
    self.nthPrime = nthPrime
  }

  /// The local sieve: off the main actor, and it stops when its task is cancelled.
  public static let live = NthPrimeClient { await PrimeTimeCore.nthPrime($0) }
}
