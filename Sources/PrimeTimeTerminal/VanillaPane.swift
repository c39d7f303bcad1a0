import Clocks
import Foundation
import Observation
import PrimeTimeCore
import VanillaPrimeTime

/// The vanilla app in the terminal, as it is written today (its models and screens) or as the
/// episode wrote it (its `AppState` and hosted screens), with its stack model and live
/// dependencies.
///
/// Its log is what a vanilla screen can tell: the method a button calls, and the properties that
/// changed (compared before and after; a change made later by a task or a callback shows up at
/// the next look, marked as such).
@MainActor
public final class VanillaPane: AppPane {
  public let name = "vanilla"
  public private(set) var log: [String] = []

  /// The app, in the design the pane runs.
  enum App {
    /// The episode's design: the model, and the hosted screens that hold its logic.
    case episode(AppState, counter: CounterView, favorites: FavoritePrimesView)
    /// Today's design: the app's model, which owns every screen's model.
    case current(PrimeTimeModel)
  }

  let app: App
  let root: RootModel
  let stack: StackView
  private let manualClock: TestClock?
  /// The nth-prime questions still in their delay (see `PaneSettings.nthPrimeDelay`).
  private let thinking: Thinking
  /// The number fact screens whose fact was asked for and has not arrived.
  private var awaitedFacts: [NumberFactModel] = []
  private var lastProperties: [(name: String, value: String)] = []
  /// Whether the next changes are the work of the button just pressed.
  private var afterTap = false
  /// The file tasks of today's design seen so far, and those still running.
  private var watched: Set<Task<Void, Never>> = []
  private var running: Set<Task<Void, Never>> = []

  /// Creates the app.
  ///
  /// - Parameters:
  ///   - settings: Its dependencies.
  ///   - design: Which of the app's two designs to run.
  public init(settings: PaneSettings, design: Design = .current) {
    let storage = settings.storage(for: "vanilla")
    let (clock, manualClock) = settings.clock()
    let thinking = Thinking()
    let delay = settings.nthPrimeDelay
    switch design {
    case .current:
      let nthPrime = NthPrimeClient { n in
        guard delay > .zero else { return await PrimeTimeCore.nthPrime(n) }
        thinking.count.withLock { $0 += 1 }
        defer { thinking.count.withLock { $0 -= 1 } }
        do {
          try await clock.sleep(for: delay)
        } catch {
          return nil
        }
        return await PrimeTimeCore.nthPrime(n)
      }
      app = .current(
        PrimeTimeModel(nthPrime: nthPrime, file: .storage(storage), now: settings.now)
      )
    case .episode:
      let state = AppState()
      let content = ContentView(state: state)
      // Hosted, as in a running app: the counter's view state (the modal) then keeps its writes.
      var counter = ViewHost(rootView: content.counterView).rootView
      var favorites = content.favoritePrimesView
      counter.now = settings.now
      favorites.now = settings.now
      favorites.loadFavoritePrimesFile = { try FavoritePrimesFile.load(from: storage) }
      favorites.saveFavoritePrimesFile = { try FavoritePrimesFile.save($0, to: storage) }
      if delay > .zero {
        counter.nthPrime = { n, callback in
          thinking.count.withLock { $0 += 1 }
          Task { @MainActor in
            try? await clock.sleep(for: delay)
            thinking.count.withLock { $0 -= 1 }
            PrimeTimeCore.nthPrime(n, callback: callback)
          }
        }
      }
      app = .episode(state, counter: counter, favorites: favorites)
    }
    self.thinking = thinking
    root = RootModel(clock: clock, fetchFact: { numberFact($0) })
    stack = StackView(model: root)
    self.manualClock = manualClock
    lastProperties = properties
  }

  public var counterScreen: Screen {
    switch app {
    case .episode(_, let counter, _): counter.screen
    case .current(let model): PrimeCounterScreen(model: model.counter).screen
    }
  }

  public var favoritesScreen: Screen {
    switch app {
    case .episode(_, _, let favorites): favorites.screen
    case .current(let model): FavoritePrimesScreen(model: model.favoritesList).screen
    }
  }

  public var activityFeed: [Activity] {
    switch app {
    case .episode(let state, _, _): state.activityFeed
    case .current(let model): model.favorites.activityFeed
    }
  }
  public var stackRootScreen: Screen { stack.rootScreen }
  public var stackTopScreen: Screen? { root.path.isEmpty ? nil : stack.screen }

  public func stackBack() {
    noteChanges()
    afterTap = true
    log.append("▸ back → RootModel.pop(from:)")
    stack.back()
    noteChanges()
  }

  public func willTap(_ title: String, on tab: Tab) {
    noteChanges()
    afterTap = true
    let method =
      if case .current = app, tab != .stack {
        Self.currentMethod(for: title, on: tab)
      } else {
        Self.method(for: title, on: tab, top: stackTopScreen?.title)
      }
    log.append("▸ \"\(title)\" → \(method)")
    if tab == .stack, title == "Get fact", case .numberFact(let model) = root.path.last {
      // Facts that arrived or whose screen was popped are dropped here, so the list stays short
      // and `isIdle` only reads.
      awaitedFacts.removeAll { !isAwaited($0) }
      awaitedFacts.append(model)
    }
    if tab == .stack, title.hasPrefix("Number "), case .numberFact(let model) = root.path.last {
      // A new number drops the answer to the request for the old one: nothing more to wait for.
      awaitedFacts.removeAll { $0 === model }
    }
  }

  public func noteChanges() {
    defer { afterTap = false }
    let now = properties
    if !afterTap, now.map(\.value) != lastProperties.map(\.value) {
      log.append("◦ a task or a callback changed:")
    }
    let before = Dictionary(lastProperties.map { ($0.name, $0.value) }) { first, _ in first }
    let after = Dictionary(now.map { ($0.name, $0.value) }) { first, _ in first }
    for (name, old) in lastProperties where after[name] == nil {
      log.append("  \(name): \(old) → (gone)")
    }
    for (name, new) in now where before[name] != new {
      log.append("  \(name): \(before[name] ?? "(new)") → \(new)")
    }
    lastProperties = now
  }

  /// Whether a fact asked for on `model`'s screen has not arrived while the screen is still up.
  private func isAwaited(_ model: NumberFactModel) -> Bool {
    model.fact == nil && root.path.contains(.numberFact(model))
  }

  public var isIdle: Bool {
    let sleeping = root.path.reduce(0) { total, destination in
      guard let counter = destination.counter else { return total }
      return total + (counter.isTimerOn ? 1 : 0) + (counter.isLoading ? 1 : 0)
    }
    let thinking = thinking.count.withLock { $0 }
    let asking: Bool
    switch app {
    case .episode(let state, _, _):
      asking = state.isNthPrimeButtonDisabled
    case .current(let model):
      asking = model.counter.isNthPrimeButtonDisabled
      // The file is read and written by tasks the model keeps: idle once each has ended.
      for task in [model.favoritesList.saveTask, model.favoritesList.loadTask].compactMap({ $0 })
      where watched.insert(task).inserted {
        running.insert(task)
        Task { [weak self] in
          await task.value
          self?.running.remove(task)
        }
      }
    }
    // A question still in its delay sleeps on the clock too: idle until the clock moves.
    return (!asking || thinking > 0)
      && running.isEmpty
      && !awaitedFacts.contains(where: isAwaited)
      && (manualClock.map { $0.sleeperCount == sleeping + thinking } ?? true)
  }

  public func advance(by duration: Duration) async {
    await manualClock?.advance(by: duration)
  }

  /// Every property a screen of this app reads, by the name a vanilla developer knows it by.
  private var properties: [(name: String, value: String)] {
    appProperties
      + root.path.enumerated().flatMap { index, destination in
        switch destination {
        case .counter(let model):
          [
            ("path[\(index)] CounterModel.count", "\(model.count)"),
            ("path[\(index)] CounterModel.isTimerOn", "\(model.isTimerOn)"),
            ("path[\(index)] CounterModel.isLoading", "\(model.isLoading)"),
          ]
        case .numberFact(let model):
          [("path[\(index)] NumberFactModel.fact", model.fact.map { "\"\($0)\"" } ?? "nil")]
        case .primeNumber(let model):
          [("path[\(index)] PrimeNumberModel.number", "\(model.number)")]
        }
      } + [("RootModel.path", "\(root.path.count) screens")]
  }

  /// The counter's and the favourites' properties, in the design the pane runs.
  private var appProperties: [(name: String, value: String)] {
    switch app {
    case .episode(let state, let counter, _):
      [
        ("AppState.count", "\(state.count)"),
        ("AppState.favoritePrimes", "\(state.favoritePrimes)"),
        ("AppState.activityFeed", "\(state.activityFeed.count) activities"),
        ("AppState.alertNthPrime", state.alertNthPrime.map { "\($0.prime)" } ?? "nil"),
        ("AppState.isNthPrimeButtonDisabled", "\(state.isNthPrimeButtonDisabled)"),
        ("AppState.favoritePrimesAlertMessage", state.favoritePrimesAlertMessage ?? "nil"),
        ("CounterView.isPrimeModalShown", "\(counter.isPrimeModalShown)"),
      ]
    case .current(let model):
      [
        ("PrimeCounterModel.count", "\(model.counter.count)"),
        ("PrimeCounterModel.primeModal", model.counter.primeModal == nil ? "nil" : "presented"),
        ("PrimeCounterModel.alert", model.counter.alert.map { "\($0.prime)" } ?? "nil"),
        (
          "PrimeCounterModel.isNthPrimeButtonDisabled",
          "\(model.counter.isNthPrimeButtonDisabled)"
        ),
        ("Favorites.primes", "\(model.favorites.primes)"),
        ("Favorites.activityFeed", "\(model.favorites.activityFeed.count) activities"),
        ("FavoritePrimesModel.alertMessage", model.favoritesList.alertMessage ?? "nil"),
      ]
    }
  }

  /// The model method the screen's button titled `title` calls, in today's design.
  static func currentMethod(for title: String, on tab: Tab) -> String {
    switch (tab, title) {
    case (.counter, "+"): "PrimeCounterModel.incrementButtonTapped()"
    case (.counter, "-"): "PrimeCounterModel.decrementButtonTapped()"
    case (.counter, "Is this prime?"): "PrimeCounterModel.isPrimeButtonTapped()"
    case (.counter, "Save to favorite primes"): "PrimeModalModel.saveFavoritePrimeTapped()"
    case (.counter, "Remove from favorite primes"): "PrimeModalModel.removeFavoritePrimeTapped()"
    case (.counter, "swipe the sheet away"): "PrimeCounterModel.primeModalDismissed()"
    case (.counter, "Ok"): "PrimeCounterModel.alertDismissButtonTapped()"
    case (.counter, "Cancel"): "PrimeCounterModel.nthPrimeCancelButtonTapped()"
    case (.counter, _): "PrimeCounterModel.nthPrimeButtonTapped()"
    case (.favorites, "Save"): "FavoritePrimesModel.saveButtonTapped()"
    case (.favorites, "Load"): "FavoritePrimesModel.loadButtonTapped()"
    case (.favorites, "Ok"): "FavoritePrimesModel.alertDismissButtonTapped()"
    case (.favorites, _): "FavoritePrimesModel.deleteFavoritePrimes(at:)"
    case (.stack, _): "RootModel.pushCounter()"
    }
  }

  /// The method the vanilla screen's button titled `title` calls.
  static func method(for title: String, on tab: Tab, top: String?) -> String {
    switch (tab, title) {
    case (.counter, "+"): "CounterView.incrementCount()"
    case (.counter, "-"): "CounterView.decrementCount()"
    case (.counter, "Is this prime?"): "CounterView.isPrimeButtonAction()"
    case (.counter, "Save to favorite primes"): "IsPrimeModalView.saveFavoritePrime()"
    case (.counter, "Remove from favorite primes"): "IsPrimeModalView.removeFavoritePrime()"
    case (.counter, "swipe the sheet away"): "CounterView.primeModalDismissed()"
    case (.counter, "Ok"): "CounterView.alertDismissButtonAction()"
    case (.counter, "Cancel"): "CounterView.nthPrimeCancelButtonAction()"
    case (.counter, _): "CounterView.nthPrimeButtonAction()"
    case (.favorites, "Save"): "FavoritePrimesView.saveFavoritePrimes()"
    case (.favorites, "Load"): "FavoritePrimesView.loadFavoritePrimes()"
    case (.favorites, "Ok"): "FavoritePrimesView.alertDismissButtonAction()"
    case (.favorites, _): "FavoritePrimesView.deleteFavoritePrimes(at:)"
    case (.stack, "Counter") where top != "Counter": "RootModel.pushCounter()"
    case (.stack, "Number fact"): "RootModel.pushNumberFact(number:)"
    case (.stack, "Prime number"): "RootModel.pushPrimeNumber(number:)"
    case (.stack, "+"): "CounterModel.incrementButtonTapped()"
    case (.stack, "-"): "CounterModel.decrementButtonTapped()"
    case (.stack, "Start timer"), (.stack, "Stop timer"): "CounterModel.toggleTimerButtonTapped()"
    case (.stack, "Load and go to counter"): "CounterModel.loadAndGoToCounterButtonTapped()"
    case (.stack, "Get fact"): "NumberFactModel.factButtonTapped()"
    case (.stack, "Number +"), (.stack, "Number -"):
      "NumberFactModel.number = (the stepper's binding)"
    case (.stack, _): "RootModel.pushCounter()"
    }
  }
}

/// How many nth-prime questions the vanilla counter's delayed client is holding in their delay.
final class Thinking: Sendable {
  let count = LockIsolated(0)
}
