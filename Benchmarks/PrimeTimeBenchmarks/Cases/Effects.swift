import BenchmarkHarness
import ComposableArchitecture
import ComposableArchitectureTestingCore
import ComposablePrimeTime
import Observation

/// An action whose effect sends one action back.
struct Ping: Reducer {
  enum Action: Sendable {
    case ping
    case pong
  }
  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .ping: return .run { send in await send(.pong) }
    case .pong:
      state &+= 1
      return .none
    }
  }
}

/// The vanilla equivalent: a method that starts a task, which writes back on the main actor.
@MainActor
@Observable
final class PingModel {
  var count = 0
  @ObservationIgnored let work: @Sendable () async -> Void = {}

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
    let model = PingModel()
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
