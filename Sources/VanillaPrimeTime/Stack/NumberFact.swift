import Observation

/// A number fact screen on the navigation stack.
///
/// ```swift
/// let model = NumberFactModel(number: 7, fetchFact: { "\($0) is the 4th prime." })
/// await model.factButtonTapped().value
/// model.fact  // "7 is the 4th prime."
/// ```
@MainActor
@Observable
public final class NumberFactModel {
  /// The number.
  public var number: Int
  /// The fact, once fetched.
  public var fact: String?

  @ObservationIgnored private let fetchFact: @Sendable (Int) async -> String

  /// Creates the screen.
  ///
  /// - Parameters:
  ///   - number: The number.
  ///   - fetchFact: The fact client.
  public init(number: Int, fetchFact: @escaping @Sendable (Int) async -> String) {
    self.number = number
    self.fetchFact = fetchFact
  }

  /// "Get fact" tapped.
  ///
  /// - Returns: The request, which a test can await.
  @discardableResult
  public func factButtonTapped() -> Task<Void, Never> {
    Task { [fetchFact, number] in
      self.fact = await fetchFact(number)
    }
  }
}
