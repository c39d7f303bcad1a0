/// The alert the counter screen shows after the nth-prime client answers with a prime.
///
/// It is `Identifiable` by the prime, as a SwiftUI `.alert(item:)` needs.
///
/// ```swift
/// let alert = PrimeAlert(prime: 17)
/// alert.title(forNth: 7)  // "The 7th prime is 17"
/// ```
public struct PrimeAlert: Equatable, Hashable, Identifiable, Sendable {
  /// The prime the client returned.
  public let prime: Int

  /// The alert's identity: the prime itself.
  public var id: Int { prime }

  /// Creates the alert for a prime.
  ///
  /// - Parameter prime: The prime the client returned.
  public init(prime: Int) {
    self.prime = prime
  }

  /// The alert's title for the question "what is the `n`th prime?".
  ///
  /// - Parameter n: The position that was asked for (the counter's value).
  /// - Returns: For example "The 7th prime is 17".
  public func title(forNth n: Int) -> String {
    "The \(ordinal(n)) prime is \(prime)"
  }
}
