import Clocks
import ComposableArchitecture
import ComposablePrimeTime
import Foundation
import PrimeTimeCore
import PrimeTimeFixtures

/// Drives the composable app as a user would, through its screens (see ``UIApp``), with the
/// fixtures' date, nth-prime answers and an in-memory favourites file.
@MainActor
public final class ComposableAppDriver: AppDriver {
  let store: Store<AppFeature.State, AppFeature.Action>
  /// The app as a UI test sees it.
  public let ui: UIApp

  /// Creates the app with its state and a favourites file.
  public init(
    count: Int = 0,
    favoritePrimes: [Int] = [],
    file: InMemoryFavoritesFile = InMemoryFavoritesFile()
  ) {
    let store = Store(
      initialState: AppFeature.State(
        count: count,
        favoritePrimes: favoritePrimes,
        loggedInUser: Fixtures.user
      )
    ) {
      AppFeature()
    } withDependencies: {
      $0.useFixtures(file: file)
    }
    self.store = store
    let content = ContentView(store: store)
    ui = UIApp(
      root: { content.screen },
      destinations: [
        "Counter demo": { content.counterView.screen },
        "Favorite primes": { content.favoritePrimesView.screen },
      ],
      settle: { await store._finishAllEffects() }
    )
  }

  public func perform(_ intent: AppIntent) async throws {
    try await ui.perform(intent)
  }

  public var snapshot: AppSnapshot {
    let state = store.state
    return AppSnapshot(
      count: state.count,
      favoritePrimes: state.favoritePrimes,
      loggedInUser: state.loggedInUser,
      activityFeed: state.activityFeed,
      alertNthPrime: state.alertNthPrime,
      isNthPrimeButtonDisabled: state.isNthPrimeButtonDisabled,
      isPrimeModalShown: state.primeModal != nil,
      favoritesAlertMessage: state.favoritePrimesAlertMessage
    )
  }
}

extension DependencyValues {
  /// The fixtures' date and nth-prime answers, and `file` for favourites, as both composable
  /// designs run in the drivers.
  mutating func useFixtures(file: InMemoryFavoritesFile) {
    date = .constant(Fixtures.date)
    primeClient.nthPrime = { Fixtures.nthPrime($0) }
    fileClient = FileClient(load: file.load, save: file.save)
  }
}

/// Drives the composable navigation stack, with a `TestClock` and the fixtures' fact client.
@MainActor
public final class ComposableStackDriver: StackDriver {
  let clock = TestClock()
  let store: Store<RootFeature.State, RootFeature.Action>

  public init() {
    let clock = clock
    store = Store(initialState: RootFeature.State()) {
      RootFeature()
    } withDependencies: {
      $0.continuousClock = clock
      $0.numberFact.fetch = { Fixtures.numberFact($0) }
    }
  }

  public func perform(_ intent: StackIntent) async {
    if case .advance(let seconds) = intent {
      await clock.advance(by: .seconds(seconds))
      return
    }
    guard let action = Self.action(for: intent, path: store.state.path) else { return }
    let task = store.send(action)
    if case .getFact = intent { await task.finish() }
  }

  /// The action a user's intent sends on this stack (`nil` when the screen offers no such button,
  /// or for the passing of time).
  public static func action(
    for intent: StackIntent,
    path: StackState<RootFeature.Path.State>
  ) -> RootFeature.Action? {
    func id(_ index: Int) -> StackElementID? {
      path.ids.indices.contains(index) ? path.ids[index] : nil
    }
    func counter(_ index: Int, _ action: CounterFeature.Action) -> RootFeature.Action? {
      guard let id = id(index), path[id: id, case: \.counter] != nil else { return nil }
      return .path(.element(id: id, action: .counter(action)))
    }
    switch intent {
    case .pushCounter(let count):
      return .path(.push(.counter(CounterFeature.State(count: count))))
    case .pushNumberFact(let number):
      return .path(.push(.numberFact(NumberFactFeature.State(number: number))))
    case .pushPrimeNumber(let number):
      return .path(.push(.primeNumber(PrimeNumberFeature.State(number: number))))
    case .pop(let index): return id(index).map { .path(.popFrom(id: $0)) }
    case .increment(let index): return counter(index, .incrementButtonTapped)
    case .decrement(let index): return counter(index, .decrementButtonTapped)
    case .toggleTimer(let index): return counter(index, .toggleTimerButtonTapped)
    case .loadAndGo(let index): return counter(index, .loadAndGoToCounterButtonTapped)
    case .getFact(let index):
      guard let id = id(index), path[id: id, case: \.numberFact] != nil else { return nil }
      return .path(.element(id: id, action: .numberFact(.factButtonTapped)))
    case .setNumber(let index, let number):
      guard let id = id(index), path[id: id, case: \.numberFact] != nil else { return nil }
      return .path(.element(id: id, action: .numberFact(.binding(.set(\.number, number)))))
    case .advance: return nil
    }
  }

  public var snapshot: StackSnapshot {
    let state = store.state
    return StackSnapshot(
      elements: state.path.map { element in
        switch element {
        case .counter(let counter):
          .counter(count: counter.count, isTimerOn: counter.isTimerOn, isLoading: counter.isLoading)
        case .numberFact(let fact): .numberFact(number: fact.number, fact: fact.fact)
        case .primeNumber(let prime): .primeNumber(number: prime.number)
        }
      },
      sum: state.sum
    )
  }
}
