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
///
/// The closure runs on its caller's actor (`nonisolated(nonsending)`): a stub answers in the same
/// turn of the main actor as the model's call, and only work that chooses to leave — the live
/// sieve is `@concurrent` — leaves it.
public struct NthPrimeClient: Sendable {
  /// Returns the `n`th prime, or `nil` when `n` is out of range.
  public var nthPrime: nonisolated(nonsending) @Sendable (_ n: Int) async -> Int?

  /// Creates a client.
  ///
  /// - Parameter nthPrime: Returns the `n`th prime, or `nil`.
  public init(nthPrime: nonisolated(nonsending) @escaping @Sendable (_ n: Int) async -> Int?) {
    self.nthPrime = nthPrime
  }

  /// The local sieve: off the main actor, and it stops when its task is cancelled.
  public static let live = NthPrimeClient { await PrimeTimeCore.nthPrime($0) }
}
