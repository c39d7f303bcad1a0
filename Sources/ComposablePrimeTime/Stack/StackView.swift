import ComposableArchitecture
import PrimeTimeCore

/// The navigation stack's screens, as a SwiftUI `NavigationStack(path:)` body would build them
/// from the ``RootFeature`` store: the root's list and buttons, and each pushed screen, whose
/// buttons send that element's actions.
///
/// ```swift
/// let stack = StackView(store: Store(initialState: RootFeature.State()) { RootFeature() })
/// stack.rootScreen.button("Counter")?.action()   // sends .path(.push(.counter(…)))
/// stack.screen.title                              // "Counter"
/// ```
@MainActor
public struct StackView {
  /// The stack's store.
  public let store: StoreOf<RootFeature>

  /// Creates the view.
  ///
  /// - Parameter store: The stack's store.
  public init(store: StoreOf<RootFeature>) {
    self.store = store
  }

  /// The root: the sum, the screens on the stack and the push buttons (a new counter starts at
  /// 0; the number fact and prime number screens open on the sum).
  public var rootScreen: Screen {
    let store = store
    let state = store.state
    return .stackRoot(
      entries: state.path.map(Self.entry),
      sum: state.sum,
      pushCounter: { store.send(.path(.push(.counter(CounterFeature.State())))) },
      pushNumberFact: {
        store.send(.path(.push(.numberFact(NumberFactFeature.State(number: state.sum)))))
      },
      pushPrimeNumber: {
        store.send(.path(.push(.primeNumber(PrimeNumberFeature.State(number: state.sum)))))
      }
    )
  }

  /// The screen on top of the stack (the root when nothing is pushed).
  public var screen: Screen {
    let path = store.state.path
    guard let id = path.ids.last, let element = path[id: id] else { return rootScreen }
    return screen(for: element, id: id)
  }

  /// The back button: pops the screen on top.
  public func back() {
    guard let id = store.state.path.ids.last else { return }
    store.send(.path(.popFrom(id: id)))
  }

  private func screen(for element: RootFeature.Path.State, id: StackElementID) -> Screen {
    let store = store
    func send(_ action: CounterFeature.Action) -> @MainActor () -> Void {
      { store.send(.path(.element(id: id, action: .counter(action)))) }
    }
    switch element {
    case .counter(let counter):
      return .stackCounter(
        count: counter.count,
        isTimerOn: counter.isTimerOn,
        isLoading: counter.isLoading,
        decrement: send(.decrementButtonTapped),
        increment: send(.incrementButtonTapped),
        toggleTimer: send(.toggleTimerButtonTapped),
        loadAndGo: send(.loadAndGoToCounterButtonTapped),
        showNumberFact: {
          store.send(.path(.push(.numberFact(NumberFactFeature.State(number: counter.count)))))
        },
        showPrimeNumber: {
          store.send(.path(.push(.primeNumber(PrimeNumberFeature.State(number: counter.count)))))
        }
      )
    case .numberFact(let fact):
      return .numberFact(
        number: fact.number,
        fact: fact.fact,
        setNumber: { number in
          // The stepper's binding: its write is an action, which the feature's reducer applies.
          store.send(.path(.element(id: id, action: .numberFact(.binding(.set(\.number, number))))))
        },
        getFact: { store.send(.path(.element(id: id, action: .numberFact(.factButtonTapped)))) }
      )
    case .primeNumber(let prime):
      return .primeNumber(number: prime.number, primeIndex: prime.primeIndex)
    }
  }

  private static func entry(_ element: RootFeature.Path.State) -> Screen.StackEntry {
    switch element {
    case .counter(let counter):
      .counter(count: counter.count, isTimerOn: counter.isTimerOn, isLoading: counter.isLoading)
    case .numberFact(let fact): .numberFact(number: fact.number, fact: fact.fact)
    case .primeNumber(let prime): .primeNumber(number: prime.number)
    }
  }
}
