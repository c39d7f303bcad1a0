import Clocks
import Foundation
import PrimeTimeCore
import PrimeTimeFixtures
import VanillaPrimeTime

/// Drives the vanilla app as a user would, with the fixtures' date, nth-prime answers and an
/// in-memory favourites file.
@MainActor
public final class VanillaAppDriver: AppDriver {
  let state: AppState
  var counter: CounterView
  var favorites: FavoritePrimesView
  /// The favourites file (its writes are what a save test checks).
  public let file: InMemoryFavoritesFile
  let bug: SeededBug?
  private var respond: CheckedContinuation<Void, Never>?

  /// Creates the app with a model and a favourites file, optionally with a seeded bug applied
  /// through the hooks a vanilla developer could get wrong (the injected closures, the methods).
  public init(
    count: Int = 0,
    favoritePrimes: [Int] = [],
    file: InMemoryFavoritesFile = InMemoryFavoritesFile(),
    bug: SeededBug? = nil
  ) {
    state = AppState(count: count, favoritePrimes: favoritePrimes, loggedInUser: Fixtures.user)
    let content = ContentView(state: state)
    // Hosted, as in a running app: the counter's own view state (the modal) then works.
    counter = ViewHost(rootView: content.counterView).rootView
    favorites = content.favoritePrimesView
    self.file = file
    self.bug = bug
    let dates: () -> Date = bug == .wallClockDate ? Date.init : { Fixtures.date }
    counter.now = dates
    favorites.now = dates
    counter.nthPrime = { [weak self] n, callback in
      guard let self else { return }
      if self.bug == .liveClientInTest {
        PrimeTimeCore.nthPrime(n) { prime in
          callback(prime)
          self.responded()
        }
        return
      }
      callback(Fixtures.nthPrime(n))
      if self.bug == .nthPrimeResponseTwice { callback(Fixtures.nthPrime(n)) }
      self.responded()
    }
    if bug == .failedLoadIsSilent {
      favorites.loadFavoritePrimesFile = { (try? file.loadPrimes()) ?? nil }
    } else {
      favorites.loadFavoritePrimesFile = file.loadPrimes
    }
    if bug == .saveWritesStaleList {
      favorites.saveFavoritePrimesFile = { _ in try file.savePrimes(favoritePrimes) }
    } else {
      favorites.saveFavoritePrimesFile = file.savePrimes
    }
  }

  private func responded() {
    respond?.resume()
    respond = nil
  }

  public func perform(_ intent: AppIntent) async {
    let before = state.snapshotForBugs
    switch intent {
    case .incrementTapped:
      counter.incrementCount()
      if bug == .incrementLogsOut { state.loggedInUser = nil }
      if bug == .unassertedRequestOnIncrement { counter.nthPrime(state.count) { _ in } }
    case .decrementTapped: counter.decrementCount()
    case .isPrimeTapped: counter.isPrimeButtonAction()
    case .saveFavoriteTapped:
      counter.primeModal?.saveFavoritePrime()
      if bug == .modalFavoritesNotShared { state.favoritePrimes = before.favoritePrimes }
    case .removeFavoriteTapped:
      counter.primeModal?.removeFavoritePrime()
      if bug == .removeClearsActivityFeed { state.activityFeed.removeAll() }
    case .primeModalDismissed: counter.primeModalDismissed()
    case .nthPrimeTapped:
      await withCheckedContinuation { continuation in
        respond = continuation
        counter.nthPrimeButtonAction()
      }
    case .alertDismissed: counter.alertDismissButtonAction()
    case .deleteFavorites(let offsets):
      favorites.deleteFavoritePrimes(at: offsets)
      if bug == .deleteRecordsNoActivity { state.activityFeed = before.activityFeed }
    case .saveTapped: favorites.saveFavoritePrimes()
    case .loadTapped: favorites.loadFavoritePrimes()
    case .favoritesAlertDismissed: favorites.alertDismissButtonAction()
    }
  }

  public var snapshot: AppSnapshot {
    AppSnapshot(
      count: state.count,
      favoritePrimes: state.favoritePrimes,
      loggedInUser: state.loggedInUser,
      activityFeed: state.activityFeed,
      alertNthPrime: state.alertNthPrime,
      isNthPrimeButtonDisabled: state.isNthPrimeButtonDisabled,
      isPrimeModalShown: counter.isPrimeModalShown,
      favoritesAlertMessage: favorites.alertMessage
    )
  }
}

extension AppState {
  /// The fields a seeded bug restores.
  fileprivate var snapshotForBugs: (favoritePrimes: [Int], activityFeed: [Activity]) {
    (favoritePrimes, activityFeed)
  }
}

/// Drives the vanilla navigation stack, with a `TestClock` and the fixtures' fact client.
@MainActor
public final class VanillaStackDriver: StackDriver {
  /// The clock the timers sleep on (a timer test checks nothing is left asleep on it).
  public let clock = TestClock()
  let root: RootModel
  let bug: SeededBug?
  private var strayTimers: [Task<Void, Never>] = []

  public init(bug: SeededBug? = nil) {
    root = RootModel(clock: clock, fetchFact: Fixtures.numberFact)
    self.bug = bug
  }

  deinit {
    for timer in strayTimers { timer.cancel() }
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
    case .toggleTimer(let index):
      if bug == .timerNotCancelledOnPop, let counter = counter(at: index) {
        // The mistake: a timer loop outside the model's bookkeeping (as in a view's task), so
        // nothing cancels it when the counter leaves the stack.
        counter.isTimerOn.toggle()
        let clock = clock
        strayTimers.append(
          Task { [weak counter] in
            while (try? await clock.sleep(for: .seconds(1))) != nil {
              counter?.count += 1
            }
          }
        )
      } else {
        counter(at: index)?.toggleTimerButtonTapped()
      }
    case .loadAndGo(let index): counter(at: index)?.loadAndGoToCounterButtonTapped()
    case .getFact(let index):
      guard root.path.indices.contains(index), case .numberFact(let model) = root.path[index]
      else { return }
      await model.factButtonTapped().value
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
