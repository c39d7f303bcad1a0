import ComposableArchitecture
import PrimeTimeCore

/// Answers "what is the nth prime?".
///
/// Live: the local sieve in `PrimeTimeCore`. Test: fails the test when used, until the test
/// says what it answers.
///
/// ```swift
/// let store = TestStore(initialState: Counter.State(count: 7)) {
///   Counter()
/// } withDependencies: {
///   $0.primeClient.nthPrime = { _ in 17 }
/// }
/// ```
public struct PrimeClient: Sendable {
  /// Returns the `n`th prime, or `nil` when `n` is out of range.
  public var nthPrime: @Sendable (_ n: Int) async -> Int?

  /// Creates a client.
  public init(nthPrime: @escaping @Sendable (_ n: Int) async -> Int?) {
    self.nthPrime = nthPrime
  }
}

extension PrimeClient: DependencyKey {
  /// The local sieve.
  public static let liveValue = PrimeClient { await PrimeTimeCore.nthPrime($0) }

  /// Reports an issue when called and answers `nil`.
  public static let testValue = PrimeClient { _ in
    reportIssue("Unimplemented: PrimeClient.nthPrime was called")
    return nil
  }
}

extension DependencyValues {
  /// The nth-prime client.
  public var primeClient: PrimeClient {
    get { self[PrimeClient.self] }
    set { self[PrimeClient.self] = newValue }
  }
}
