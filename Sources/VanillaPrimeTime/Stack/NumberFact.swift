import Observation

/// A number fact screen on the navigation stack, with a stepper bound to the number.
///
/// ```swift
/// let model = NumberFactModel(number: 7, fetchFact: { "\($0) is the 4th prime." })
/// await model.factButtonTapped().value
/// model.fact    // "7 is the 4th prime."
/// model.number = 8  // the stepper's +, through `$model.number`
/// model.fact    // nil
/// ```
///
/// The stepper writes the number through a binding straight to the property; what a write
/// means is said where the property is: a fact is about one number, so a new number clears it
/// and drops the answer to a request still in flight for the old one.
@MainActor
@Observable
public final class NumberFactModel {
  /// The number, which the screen's stepper is bound to.
  public var number: Int {
    didSet {
      guard number != oldValue else { return }
      fact = nil
      numberChanges += 1
    }
  }
  /// The fact, once fetched.
  public var fact: String?

  /// How many times the number changed: a request made before the last change was for another
  /// number, and its answer is dropped.
  @ObservationIgnored private var numberChanges = 0

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
    Task { [fetchFact, number, numberChanges] in
      let fact = await fetchFact(number)
      guard numberChanges == self.numberChanges else { return }
      self.fact = fact
    }
  }
}
