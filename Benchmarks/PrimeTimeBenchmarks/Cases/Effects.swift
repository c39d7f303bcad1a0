import BenchmarkHarness
import ComposableArchitecture
import ComposableArchitectureTestingCore
import ComposablePrimeTime
import Observation

/// The work both sides' effects do off the main actor: a call the optimizer cannot see through.
///
/// Not `{}`: the optimizer removes the hop off the main actor into an empty closure, and the
/// vanilla task would then never leave the main actor while a `.run` effect always does (its
/// operation is not isolated to the main actor). `Vanilla.TaskOnMainActor` shows that shortcut.
let effectWork: @Sendable () async -> Void = { blackHole(0) }

/// An action whose effect does the work and sends one action back.
struct Ping: Reducer {
  enum Action: Sendable {
    case ping
    case pong
  }
  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .ping:
      return .run { send in
        await effectWork()
        await send(.pong)
      }
    case .pong:
      state &+= 1
      return .none
    }
  }
}

/// The vanilla equivalent: a method that starts a task, which does the work and writes back on
/// the main actor.
@MainActor
@Observable
final class PingModel {
  var count = 0
  @ObservationIgnored let work: @Sendable () async -> Void

  init(work: @escaping @Sendable () async -> Void) {
    self.work = work
  }

  func ping() -> Task<Void, Never> {
    Task {
      await work()
      count &+= 1
    }
  }
}

/// A screen that presents another of its kind, and can do `Ping`'s work.
///
/// The deepest screen of a chain is where the effect starts: its effect is lifted through every
/// presentation above it.
struct PingChain: Reducer {
  struct State {
    var count = 0
    @PresentationState var child: State?
  }

  indirect enum Action: Sendable, CasePathable {
    case child(PresentationAction<Action>)
    case ping
    case pong

    struct AllCasePaths: Sendable {
      let child = AnyCasePath<Action, PresentationAction<Action>>(
        embed: { .child($0) },
        extract: { if case .child(let action) = $0 { action } else { nil } }
      )
    }
    static let allCasePaths = AllCasePaths()
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .child:
        return .none
      case .ping:
        return .run { send in
          await effectWork()
          await send(.pong)
        }
      case .pong:
        state.count &+= 1
        return .none
      }
    }
    .ifLet(\.$child, action: \.child) { Self() }
  }

  /// Screens 0 through `depth`, each presenting the next.
  static func state(depth: Int) -> State {
    var state = State()
    for _ in 0..<depth {
      var parent = State()
      parent.child = state
      state = parent
    }
    return state
  }

  /// The store the deepest screen would hold: scoped through every presentation.
  @MainActor
  static func deepestStore(of root: Store<State, Action>, depth: Int) -> Store<State, Action> {
    var store = root
    for _ in 0..<depth {
      guard let child = store.scope(state: \.child, action: \.child.presented) else {
        fatalError("the chain is shorter than \(depth)")
      }
      store = child
    }
    return store
  }
}

/// The vanilla chain: each model may hold a presented model of its kind; the deepest screen
/// holds its own model and calls it directly.
@MainActor
@Observable
final class PingChainModel {
  var child: PingChainModel?
  let ping: PingModel

  init(depth: Int) {
    ping = PingModel(work: effectWork)
    child = depth > 0 ? PingChainModel(depth: depth - 1) : nil
  }

  var deepest: PingChainModel { child?.deepest ?? self }
}

/// An effect round trip from the screen `depth` presentations below the root, both ways.
@MainActor
func deepEffectBenchmarks(depth: Int) -> [Benchmark] {
  let pair = "effect round trip, \(depth) presentations deep"
  return [
    Benchmark(name: "Vanilla.TaskRoundTrip.Depth\(depth)", pair: pair, style: .vanilla) {
      let root = PingChainModel(depth: depth)
      let model = root.deepest.ping
      return .async { iterations in
        for _ in 0..<iterations { await model.ping().value }
        blackHole(model.count)
        withExtendedLifetime(root) {}
      }
    },
    Benchmark(name: "Store.EffectRoundTrip.Depth\(depth)", pair: pair, style: .composable) {
      let root = Store(initialState: PingChain.state(depth: depth)) { PingChain() }
      let store = PingChain.deepestStore(of: root, depth: depth)
      return .async { iterations in
        for _ in 0..<iterations { await store.send(.ping).finish() }
        blackHole(store.withState(\.count))
        withExtendedLifetime(root) {}
      }
    },
  ]
}

@MainActor
let effectBenchmarks: [Benchmark] = [
  Benchmark(name: "Vanilla.TaskRoundTrip", pair: "effect round trip", style: .vanilla) {
    let model = PingModel(work: effectWork)
    return .async { iterations in
      for _ in 0..<iterations { await model.ping().value }
      blackHole(model.count)
    }
  },
  Benchmark(name: "Store.EffectRoundTrip", pair: "effect round trip", style: .composable) {
    let store = Store(initialState: 0) { Ping() }
    return .async { iterations in
      for _ in 0..<iterations { await store.send(.ping).finish() }
      blackHole(store.withState { $0 })
    }
  },
  Benchmark(
    name: "Vanilla.TaskOnMainActor",
    pair: "a task that never leaves the main actor",
    style: .vanilla
  ) {
    let model = PingModel(work: {})
    return .async { iterations in
      for _ in 0..<iterations { await model.ping().value }
      blackHole(model.count)
    }
  },
]

@MainActor
let testStoreBenchmarks: [Benchmark] = [
  Benchmark(name: "TestStore.Send", pair: "exhaustive test step", style: .information) {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    return .async { iterations in
      for _ in 0..<iterations {
        await store.send(.incrementButtonTapped) { $0.count += 1 }
      }
      blackHole(store.state.count)
    }
  }
]
