import Foundation
import Observation

/// The navigation-stack root, as an observable model: a path of counter, number fact and prime
/// number screens, and the sum of the counters' counts.
///
/// Pushing a counter wires its callbacks (dismissal, "go to counter"); removing a counter from
/// the path — by any means — cancels its tasks.
///
/// ```swift
/// let root = RootModel(clock: ContinuousClock(), fetchFact: { "\($0)" })
/// root.pushCounter(count: 3)
/// root.sum  // 3
/// ```
@MainActor
@Observable
public final class RootModel {
  /// A screen on the stack.
  public enum Destination: Hashable {
    /// A counter.
    case counter(CounterModel)
    /// A number fact.
    case numberFact(NumberFactModel)
    /// A prime number.
    case primeNumber(PrimeNumberModel)

    /// The counter model, if this is a counter.
    public var counter: CounterModel? {
      if case .counter(let model) = self { model } else { nil }
    }

    /// Compares the screens' identities.
    public static func == (lhs: Destination, rhs: Destination) -> Bool {
      lhs.object === rhs.object
    }

    /// Hashes the screen's identity.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(ObjectIdentifier(object))
    }

    private var object: AnyObject {
      switch self {
      case .counter(let model): model
      case .numberFact(let model): model
      case .primeNumber(let model): model
      }
    }
  }

  /// The stack, bottom to top.
  ///
  /// Screens that leave it have their tasks cancelled.
  public var path: [Destination] = [] {
    didSet {
      let remaining = Set(path)
      for destination in oldValue where !remaining.contains(destination) {
        destination.counter?.cancelTasks()
      }
    }
  }

  @ObservationIgnored private let clock: any Clock<Duration>
  @ObservationIgnored private let fetchFact: @Sendable (Int) async -> String

  /// Creates the root.
  ///
  /// - Parameters:
  ///   - clock: The clock the counters' timers sleep on.
  ///   - fetchFact: The number fact client.
  public init(clock: any Clock<Duration>, fetchFact: @escaping @Sendable (Int) async -> String) {
    self.clock = clock
    self.fetchFact = fetchFact
  }

  /// The sum of the counts of every counter on the stack.
  public var sum: Int {
    path.reduce(0) { $0 + ($1.counter?.count ?? 0) }
  }

  /// Pushes a counter, wiring its dismissal and "go to counter" requests.
  ///
  /// - Parameter count: The counter's starting count.
  /// - Returns: The pushed model.
  @discardableResult
  public func pushCounter(count: Int = 0) -> CounterModel {
    let counter = CounterModel(count: count, clock: clock)
    counter.onDismiss = { [weak self, weak counter] in
      guard let self, let counter else { return }
      self.pop(from: .counter(counter))
    }
    counter.onGoToCounter = { [weak self] count in
      self?.pushCounter(count: count)
    }
    path.append(.counter(counter))
    return counter
  }

  /// Pushes a number fact screen.
  ///
  /// - Returns: The pushed model.
  @discardableResult
  public func pushNumberFact(number: Int) -> NumberFactModel {
    let model = NumberFactModel(number: number, fetchFact: fetchFact)
    path.append(.numberFact(model))
    return model
  }

  /// Pushes a prime number screen.
  ///
  /// - Returns: The pushed model.
  @discardableResult
  public func pushPrimeNumber(number: Int) -> PrimeNumberModel {
    let model = PrimeNumberModel(number: number)
    path.append(.primeNumber(model))
    return model
  }

  /// Pops `destination` and everything above it (the back button, or a counter dismissing itself).
  ///
  /// A screen that is not on the stack pops nothing.
  public func pop(from destination: Destination) {
    guard let index = path.firstIndex(of: destination) else { return }
    path.removeSubrange(index...)
  }
}
