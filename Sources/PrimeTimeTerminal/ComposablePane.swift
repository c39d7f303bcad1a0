import Clocks
import ComposableArchitecture
import ComposablePrimeTime
import Foundation
import PrimeTimeCore

/// The composable app in the terminal, as it is written today or as the episodes wrote it: the
/// app's store and the stack's store, with live dependencies.
///
/// Its log is what the store reports through `_printChanges`: every action it received (from
/// a button or from an effect) and the whole state's diff.
@MainActor
public final class ComposablePane: AppPane {
  public let name = "composable"
  public var log: [String] { printed.withLock { $0 } }

  /// The app, in the design the pane runs.
  enum App {
    /// The episodes' design.
    case episode(StoreOf<AppFeature>, ContentView)
    /// Today's design.
    case current(StoreOf<PrimeTimeFeature>, PrimeTimeScreen)
  }

  let app: App
  let stackStore: StoreOf<RootFeature>
  let stack: StackView
  private let manualClock: TestClock?
  private let printed: LockIsolated<[String]>

  /// Creates the app.
  ///
  /// - Parameters:
  ///   - settings: Its dependencies.
  ///   - design: Which of the app's two designs to run.
  public init(settings: PaneSettings, design: Design = .current) {
    let printed = LockIsolated<[String]>([])
    let output: @Sendable (String) -> Void = { report in
      printed.withLock { $0 += report.split(separator: "\n").map(String.init) }
    }
    let storage = settings.storage(for: "composable")
    let (clock, manualClock) = settings.clock()
    let dependencies: (inout DependencyValues) -> Void = {
      $0.date = DateGenerator(settings.now)
      $0.fileClient = .storage(storage)
      $0.primeClient = .delayed(by: settings.nthPrimeDelay, on: clock)
    }
    switch design {
    case .current:
      let store = Store(initialState: PrimeTimeFeature.State()) {
        PrimeTimeFeature()._printChanges(to: output)
      } withDependencies: {
        dependencies(&$0)
      }
      app = .current(store, PrimeTimeScreen(store: store))
    case .episode:
      let store = Store(initialState: AppFeature.State()) {
        AppFeature()._printChanges(to: output)
      } withDependencies: {
        dependencies(&$0)
      }
      app = .episode(store, ContentView(store: store))
    }
    stackStore = Store(initialState: RootFeature.State()) {
      RootFeature()._printChanges(to: output)
    } withDependencies: {
      $0.continuousClock = clock
      $0.numberFact = .liveValue
    }
    stack = StackView(store: stackStore)
    self.manualClock = manualClock
    self.printed = printed
  }

  public var counterScreen: Screen {
    switch app {
    case .episode(_, let content): content.counterView.screen
    case .current(_, let root): root.counter.screen
    }
  }

  public var favoritesScreen: Screen {
    switch app {
    case .episode(_, let content): content.favoritePrimesView.screen
    case .current(_, let root): root.favoritePrimes.screen
    }
  }

  public var activityFeed: [Activity] {
    switch app {
    case .episode(let store, _): store.state.activityFeed
    case .current(let store, _): store.state.activityFeed
    }
  }
  public var stackRootScreen: Screen { stack.rootScreen }
  public var stackTopScreen: Screen? { stackStore.state.path.isEmpty ? nil : stack.screen }

  public func stackBack() {
    printed.withLock { $0.append("▸ back") }
    stack.back()
  }

  public func willTap(_ title: String, on tab: Tab) {
    printed.withLock { $0.append("▸ \"\(title)\"") }
  }

  public func noteChanges() {}

  public var isIdle: Bool {
    // Every effect of the app's store ends; on the stack, timers and "load and go" sleep on the
    // clock between ticks, and everything else ends.
    // A question still in its delay sleeps on the clock too: idle until the clock moves.
    let running =
      switch app {
      case .episode(let store, _): store._runningEffectCount
      case .current(let store, _): store._runningEffectCount
      }
    return running + stackStore._runningEffectCount == (manualClock?.sleeperCount ?? 0)
  }

  public func advance(by duration: Duration) async {
    await manualClock?.advance(by: duration)
  }
}

extension PrimeClient {
  /// The live client, waiting `delay` on `clock` before the engine starts.
  ///
  /// With a zero `delay` it is the live client itself. Cancelled while it waits, it answers
  /// `nil` at once.
  static func delayed(by delay: Duration, on clock: any Clock<Duration>) -> PrimeClient {
    guard delay > .zero else { return .liveValue }
    return PrimeClient { n in
      do {
        try await clock.sleep(for: delay)
      } catch {
        return nil
      }
      return await PrimeTimeCore.nthPrime(n)
    }
  }
}
