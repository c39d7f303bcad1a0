import Clocks
import Foundation
import PrimeTimeCore
import PrimeTimeFixtures
import VanillaPrimeTime

/// Drives the vanilla app as a user would, through its screens (see ``UIApp``), with the
/// fixtures' date, nth-prime answers and an in-memory favourites file.
@MainActor
public final class VanillaAppDriver: AppDriver {
  /// The app's model, read for the parity snapshot (a UI test could not read it).
  public let model: AppState
  let counter: CounterView
  let favorites: FavoritePrimesView
  /// The app as a UI test sees it.
  public let ui: UIApp
  /// The favourites file (its writes are what a save test checks).
  public let file: InMemoryFavoritesFile

  /// Creates the app with a model and a favourites file.
  public init(
    count: Int = 0,
    favoritePrimes: [Int] = [],
    file: InMemoryFavoritesFile = InMemoryFavoritesFile()
  ) {
    let model = AppState(count: count, favoritePrimes: favoritePrimes, loggedInUser: Fixtures.user)
    let content = ContentView(state: model)
    // Hosted, as in a running app: the counter's own view state (the modal) then works.
    var counter = ViewHost(rootView: content.counterView).rootView
    var favorites = content.favoritePrimesView
    counter.now = { Fixtures.date }
    favorites.now = { Fixtures.date }
    counter.nthPrime = { n, callback in callback(Fixtures.nthPrime(n)) }
    favorites.loadFavoritePrimesFile = file.loadPrimes
    favorites.saveFavoritePrimesFile = file.savePrimes
    self.model = model
    self.counter = counter
    self.favorites = favorites
    self.file = file
    // The stubs answer at once, so a tap has finished when it returns.
    ui = UIApp(
      root: { content.screen },
      destinations: ["Counter demo": { counter.screen }, "Favorite primes": { favorites.screen }],
      settle: {}
    )
  }

  public func perform(_ intent: AppIntent) async throws {
    try await ui.perform(intent)
  }

  public var snapshot: AppSnapshot {
    AppSnapshot(
      count: model.count,
      favoritePrimes: model.favoritePrimes,
      loggedInUser: model.loggedInUser,
      activityFeed: model.activityFeed,
      alertNthPrime: model.alertNthPrime,
      isNthPrimeButtonDisabled: model.isNthPrimeButtonDisabled,
      isPrimeModalShown: counter.isPrimeModalShown,
      favoritesAlertMessage: favorites.alertMessage
    )
  }
}

/// Drives the vanilla navigation stack, with a `TestClock` and the fixtures' fact client.
@MainActor
public final class VanillaStackDriver: StackDriver {
  /// The clock the timers sleep on (a timer test checks nothing is left asleep on it).
  public let clock = TestClock()
  let root: RootModel

  public init() {
    root = RootModel(clock: clock, fetchFact: Fixtures.numberFact)
  }

  public func perform(_ intent: StackIntent) async {
    switch intent {
    case .pushCounter(let count): root.pushCounter(count: count)
    case .pushNumberFact(let number): root.pushNumberFact(number: number)
    case .pushPrimeNumber(let number): root.pushPrimeNumber(number: number)
    case .pop(let index):
      guard root.path.indices.contains(index) else { return }
      root.pop(from: root.path[index])
    case .increment(let index): counter(at: index)?.incrementButtonTapped()
    case .decrement(let index): counter(at: index)?.decrementButtonTapped()
    case .toggleTimer(let index): counter(at: index)?.toggleTimerButtonTapped()
    case .loadAndGo(let index): counter(at: index)?.loadAndGoToCounterButtonTapped()
    case .getFact(let index):
      guard root.path.indices.contains(index), case .numberFact(let model) = root.path[index]
      else { return }
      await model.factButtonTapped().value
    case .setNumber(let index, let number):
      guard root.path.indices.contains(index), case .numberFact(let model) = root.path[index]
      else { return }
      model.number = number
    case .advance(let seconds): await clock.advance(by: .seconds(seconds))
    }
  }

  private func counter(at index: Int) -> CounterModel? {
    root.path.indices.contains(index) ? root.path[index].counter : nil
  }

  public var snapshot: StackSnapshot {
    StackSnapshot(
      elements: root.path.map { destination in
        switch destination {
        case .counter(let model):
          .counter(count: model.count, isTimerOn: model.isTimerOn, isLoading: model.isLoading)
        case .numberFact(let model): .numberFact(number: model.number, fact: model.fact)
        case .primeNumber(let model): .primeNumber(number: model.number)
        }
      },
      sum: root.sum
    )
  }
}
