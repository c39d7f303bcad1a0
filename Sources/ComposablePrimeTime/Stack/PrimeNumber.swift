import ComposableArchitecture
import PrimeTimeCore

/// A prime number screen on the navigation stack: whether the number is prime and its index.
///
/// It has no actions: everything it shows is derived from its state.
///
/// ```swift
/// PrimeNumberFeature.State(number: 7).primeIndex  // 4 (the 4th prime)
/// ```
public struct PrimeNumberFeature: Reducer {
  /// The screen's state.
  public struct State: Equatable, Sendable {
    /// The number.
    public var number: Int

    /// Creates the state.
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

  /// The screen has no actions.
  public enum Action: Equatable, Sendable {}

  /// Creates the reducer.
  public init() {}

  /// No action can arrive.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {}
}
