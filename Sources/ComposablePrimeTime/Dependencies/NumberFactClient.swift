import ComposableArchitecture
import PrimeTimeCore

/// Produces a fact about a number.
///
/// Live: computed locally, no network ("7 is the 4th prime.", "8 is not prime."). Test: fails
/// the test when used.
///
/// ```swift
/// $0.numberFact.fetch = { "\($0) is a good number." }
/// ```
public struct NumberFactClient: Sendable {
  /// Returns a fact about the number.
  public var fetch: @Sendable (_ number: Int) async -> String

  /// Creates a client.
  public init(fetch: @escaping @Sendable (_ number: Int) async -> String) {
    self.fetch = fetch
  }

  /// The local fact: whether the number is prime, and which prime.
  ///
  /// - Parameter number: The number.
  /// - Returns: For example "7 is the 4th prime."
  public static func localFact(_ number: Int) -> String {
    numberFact(number)
  }
}

extension NumberFactClient: DependencyKey {
  /// Computed locally.
  public static let liveValue = NumberFactClient { NumberFactClient.localFact($0) }

  /// Reports an issue when called.
  public static let testValue = NumberFactClient { number in
    reportIssue("Unimplemented: NumberFactClient.fetch was called")
    return ""
  }
}

extension DependencyValues {
  /// The number fact client.
  public var numberFact: NumberFactClient {
    get { self[NumberFactClient.self] }
    set { self[NumberFactClient.self] = newValue }
  }
}
