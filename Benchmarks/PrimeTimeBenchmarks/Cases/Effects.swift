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
      blackHole(store.state)
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
