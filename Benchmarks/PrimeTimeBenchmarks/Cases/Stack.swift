import BenchmarkHarness
import Clocks
import ComposableArchitecture
import ComposablePrimeTime
import VanillaPrimeTime

/// A parent that only hosts a stack of counters, to measure `forEach` itself.
struct StackHost: Reducer {
  struct State { var path = StackState<CounterFeature.State>() }
  enum Action: Sendable, CasePathable {
    case path(StackAction<CounterFeature.State, CounterFeature.Action>)
    struct AllCasePaths: Sendable {
      let path = AnyCasePath<Action, StackAction<CounterFeature.State, CounterFeature.Action>>(
        embed: { .path($0) },
        extract: { if case .path(let action) = $0 { action } else { nil } }
      )
    }
    static let allCasePaths = AllCasePaths()
  }
  var body: some Reducer<State, Action> {
    Reduce { _, _ in .none }
      .forEach(\.path, action: \.path) { CounterFeature() }
  }
}

/// Which screen of a stack acts: the top one (the screen the user sees), or the bottom one (a
/// screen under others, such as one whose timer still ticks).
enum StackPosition {
  case top, bottom
}

@MainActor
func stackElementBenchmarks(size: Int, acting position: StackPosition = .top) -> [Benchmark] {
  // The top keeps the names the goals and the earlier tables use.
  let suffix = position == .top ? "\(size)" : "Bottom.\(size)"
  let pair = "\(position == .top ? "top" : "bottom") counter +1, \(size) on stack"
  let index = position == .top ? size - 1 : 0
  return [
    Benchmark(name: "Vanilla.StackElement.\(suffix)", pair: pair, style: .vanilla) {
      let root = RootModel(clock: ImmediateClock(), fetchFact: { "\($0)" })
      root.path = (0..<size).map { _ in .counter(CounterModel(clock: ImmediateClock())) }
      // `root.sum` walks the whole stack: it is read after the clock stops, not timed.
      return .sync { iterations in
        for _ in 0..<iterations { root.path[index].counter?.incrementButtonTapped() }
      } epilogue: {
        blackHole(root.sum)
      }
    },
    Benchmark(name: "Stack.ElementAction.\(suffix)", pair: pair, style: .composable) {
      let store = Store(
        initialState: StackHost.State(
          path: StackState(Array(repeating: CounterFeature.State(), count: size))
        )
      ) {
        StackHost()
      }
      let id = store.withState(\.path.ids)[index]
      let action = StackHost.Action.path(.element(id: id, action: .incrementButtonTapped))
      return .sync { iterations in
        for _ in 0..<iterations { store.send(action) }
        blackHole(store)
      }
    },
  ]
}

/// A clock whose time never comes: a sleep on it lasts until its task is cancelled.
///
/// For timers that must be running but never fire while a case is timed. Each sleep is a task
/// sleep of its own, so cancelling one costs the same however many others sleep.
struct StoppedClock: Clock {
  var now: ContinuousClock.Instant { ContinuousClock.now }
  var minimumResolution: Duration { .zero }

  func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
    try await Task.sleep(for: .seconds(1_000_000))
  }
}

/// The top counter's timer switched off and on again while every counter on the stack has its
/// timer running: one effect cancelled by its id, one started, among `size` running.
@MainActor
func stackTimerBenchmarks(size: Int) -> [Benchmark] {
  let pair = "top timer off + on, \(size) ticking"
  return [
    Benchmark(name: "Vanilla.StackTimer.\(size)", pair: pair, style: .vanilla) {
      let root = RootModel(clock: StoppedClock(), fetchFact: { "\($0)" })
      let counters = (0..<size).map { _ in CounterModel(clock: StoppedClock()) }
      root.path = counters.map { .counter($0) }
      for counter in counters { counter.toggleTimerButtonTapped() }
      let top = counters[size - 1]
      return .sync { iterations in
        for _ in 0..<iterations {
          top.toggleTimerButtonTapped()
          top.toggleTimerButtonTapped()
        }
      } epilogue: {
        for counter in counters { counter.cancelTasks() }
        blackHole(root.path.count)
      }
    },
    Benchmark(name: "Stack.Timer.\(size)", pair: pair, style: .composable) {
      let store = Store(
        initialState: StackHost.State(
          path: StackState(Array(repeating: CounterFeature.State(), count: size))
        )
      ) {
        StackHost()
      } withDependencies: {
        $0.continuousClock = StoppedClock()
      }
      let ids = store.withState(\.path.ids)
      for id in ids { store.send(.path(.element(id: id, action: .toggleTimerButtonTapped))) }
      let toggle = StackHost.Action.path(
        .element(id: ids[size - 1], action: .toggleTimerButtonTapped)
      )
      return .sync { iterations in
        for _ in 0..<iterations {
          store.send(toggle)
          store.send(toggle)
        }
      } epilogue: {
        store._cancelAllEffects()
        blackHole(store.withState(\.path.count))
      }
    },
  ]
}

@MainActor
let stackBenchmarks: [Benchmark] =
  stackElementBenchmarks(size: 1) + stackElementBenchmarks(size: 100)
  + stackElementBenchmarks(size: 10_000) + stackElementBenchmarks(size: 10_000, acting: .bottom)
  + [
    Benchmark(name: "Vanilla.StackPushPop", pair: "push + pop", style: .vanilla) {
      let root = RootModel(clock: ImmediateClock(), fetchFact: { "\($0)" })
      return .sync { iterations in
        for _ in 0..<iterations {
          let counter = root.pushCounter()
          root.pop(from: .counter(counter))
        }
        blackHole(root.path.count)
      }
    },
    Benchmark(name: "Stack.PushPop", pair: "push + pop", style: .composable) {
      let store = Store(initialState: StackHost.State()) { StackHost() }
      return .sync { iterations in
        for _ in 0..<iterations {
          store.send(.path(.push(CounterFeature.State())))
          if let id = store.withState({ $0.path.ids.last }) { store.send(.path(.popFrom(id: id))) }
        }
        blackHole(store)
      }
    },
  ]
