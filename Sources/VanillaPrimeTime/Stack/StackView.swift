import Foundation
import PrimeTimeCore

/// The navigation stack's screens, as a SwiftUI `NavigationStack(path:)` body would build them
/// from the ``RootModel``: the root's list and buttons, and each pushed screen with its model's
/// values and methods.
///
/// ```swift
/// let stack = StackView(model: RootModel(clock: ContinuousClock(), fetchFact: { "\($0)" }))
/// stack.rootScreen.button("Counter")?.action()   // pushes a counter
/// stack.screen.title                              // "Counter"
/// ```
@MainActor
public struct StackView {
  /// The stack's model.
  public let model: RootModel

  /// Creates the view.
  ///
  /// - Parameter model: The stack's model.
  public init(model: RootModel) {
    self.model = model
  }

  /// The root: the sum, the screens on the stack and the push buttons (a new counter starts at
  /// 0; the number fact and prime number screens open on the sum).
  public var rootScreen: Screen {
    let model = model
    return .stackRoot(
      entries: model.path.map(Self.entry),
      sum: model.sum,
      pushCounter: { model.pushCounter() },
      pushNumberFact: { model.pushNumberFact(number: model.sum) },
      pushPrimeNumber: { model.pushPrimeNumber(number: model.sum) }
    )
  }

  /// The screen on top of the stack (the root when nothing is pushed).
  public var screen: Screen {
    guard let top = model.path.last else { return rootScreen }
    return screen(for: top)
  }

  /// The back button: pops the screen on top.
  public func back() {
    guard let top = model.path.last else { return }
    model.pop(from: top)
  }

  private func screen(for destination: RootModel.Destination) -> Screen {
    let root = model
    switch destination {
    case .counter(let counter):
      return .stackCounter(
        count: counter.count,
        isTimerOn: counter.isTimerOn,
        isLoading: counter.isLoading,
        decrement: counter.decrementButtonTapped,
        increment: counter.incrementButtonTapped,
        toggleTimer: counter.toggleTimerButtonTapped,
        loadAndGo: counter.loadAndGoToCounterButtonTapped,
        showNumberFact: { root.pushNumberFact(number: counter.count) },
        showPrimeNumber: { root.pushPrimeNumber(number: counter.count) }
      )
    case .numberFact(let fact):
      return .numberFact(
        number: fact.number,
        fact: fact.fact,
        // The stepper's binding (`$fact.number`): its write is the property's.
        setNumber: { fact.number = $0 },
        getFact: { fact.factButtonTapped() }
      )
    case .primeNumber(let prime):
      return .primeNumber(number: prime.number, primeIndex: prime.primeIndex)
    }
  }

  private static func entry(_ destination: RootModel.Destination) -> Screen.StackEntry {
    switch destination {
    case .counter(let counter):
      .counter(count: counter.count, isTimerOn: counter.isTimerOn, isLoading: counter.isLoading)
    case .numberFact(let fact): .numberFact(number: fact.number, fact: fact.fact)
    case .primeNumber(let prime): .primeNumber(number: prime.number)
    }
  }
}
