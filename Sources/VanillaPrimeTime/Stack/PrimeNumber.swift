import Observation
import PrimeTimeCore

/// A prime number screen on the navigation stack: whether the number is prime and its index.
///
/// ```swift
/// PrimeNumberModel(number: 7).primeIndex  // 4 (the 4th prime)
/// ```
@MainActor
@Observable
public final class PrimeNumberModel {
  /// The number.
  public var number: Int

  /// Creates the screen.
  public init(number: Int) {
    self.number = number
  }

  /// Whether the number is prime.
  public var isPrime: Bool { PrimeTimeCore.isPrime(number) }

  /// The number's position among the primes (7 → 4), or `nil` when it is not prime.
  public var primeIndex: Int? {
    guard isPrime else { return nil }
    return (2...number).count { PrimeTimeCore.isPrime($0) }
  }
}
