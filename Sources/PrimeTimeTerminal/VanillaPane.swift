import Clocks
import Foundation
import Observation
import PrimeTimeCore
import VanillaPrimeTime

/// The vanilla app in the terminal: its `AppState`, its hosted screens and its stack model, with
/// live dependencies.
///
/// Its log is what a vanilla screen can tell: the method a button calls, and the properties that
/// changed (compared before and after; a change made later by a task or a callback shows up at
/// the next look, marked as such).
@MainActor
public final class VanillaPane: AppPane {
  public let name = "vanilla"
  public private(set) var log: [String] = []

  let state: AppState
  let content: ContentView
  let counter: CounterView
  let favorites: FavoritePrimesView
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

  /// Creates the app.
  ///
  /// - Parameter settings: Its dependencies.
  public init(settings: PaneSettings) {
    let state = AppState()
    let content = ContentView(state: state)
    // Hosted, as in a running app: the counter's view state (the modal) then keeps its writes.
    var counter = ViewHost(rootView: content.counterView).rootView
    var favorites = content.favoritePrimesView
    let storage = settings.storage(for: "vanilla")
    counter.now = settings.now
    favorites.now = settings.now
    favorites.loadFavoritePrimesFile = { try FavoritePrimesFile.load(from: storage) }
    favorites.saveFavoritePrimesFile = { try FavoritePrimesFile.save($0, to: storage) }
    let (clock, manualClock) = settings.clock()
    let thinking = Thinking()
    if settings.nthPrimeDelay > .zero {
      let delay = settings.nthPrimeDelay
      counter.nthPrime = { n, callback in
        thinking.count += 1
        Task { @MainActor in
          try? await clock.sleep(for: delay)
          thinking.count -= 1
          PrimeTimeCore.nthPrime(n, callback: callback)
        }
      }
    }
    self.thinking = thinking
    root = RootModel(clock: clock, fetchFact: { numberFact($0) })
    stack = StackView(model: root)
    self.state = state
    self.content = content
    self.counter = counter
    self.favorites = favorites
    self.manualClock = manualClock
    lastProperties = properties
  }

  public var counterScreen: Screen { counter.screen }
  public var favoritesScreen: Screen { favorites.screen }
  public var activityFeed: [Activity] { state.activityFeed }
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
    log.append("▸ \"\(title)\" → \(Self.method(for: title, on: tab, top: stackTopScreen?.title))")
    if tab == .stack, title == "Get fact", case .numberFact(let model) = root.path.last {
      // Facts that arrived or whose screen was popped are dropped here, so the list stays short
      // and `isIdle` only reads.
      awaitedFacts.removeAll { !isAwaited($0) }
      awaitedFacts.append(model)
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
    // A question still in its delay sleeps on the clock too: idle until the clock moves.
    return (!state.isNthPrimeButtonDisabled || thinking.count > 0)
      && !awaitedFacts.contains(where: isAwaited)
      && (manualClock.map { $0.sleeperCount == sleeping + thinking.count } ?? true)
  }

  public func advance(by duration: Duration) async {
    await manualClock?.advance(by: duration)
  }

  /// Every property a screen of this app reads, by the name a vanilla developer knows it by.
  private var properties: [(name: String, value: String)] {
    [
      ("AppState.count", "\(state.count)"),
      ("AppState.favoritePrimes", "\(state.favoritePrimes)"),
      ("AppState.activityFeed", "\(state.activityFeed.count) activities"),
      ("AppState.alertNthPrime", state.alertNthPrime.map { "\($0.prime)" } ?? "nil"),
      ("AppState.isNthPrimeButtonDisabled", "\(state.isNthPrimeButtonDisabled)"),
      ("AppState.favoritePrimesAlertMessage", state.favoritePrimesAlertMessage ?? "nil"),
      ("CounterView.isPrimeModalShown", "\(counter.isPrimeModalShown)"),
    ]
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
    case (.stack, _): "RootModel.pushCounter()"
    }
  }
}

/// A count the vanilla counter's delayed nth-prime client keeps, on the main actor.
@MainActor
final class Thinking {
  var count = 0
}
