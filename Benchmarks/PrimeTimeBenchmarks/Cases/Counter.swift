import BenchmarkHarness
import ComposableArchitecture
import ComposablePrimeTime
import Observation
import PrimeTimeCore
import VanillaPrimeTime

/// Re-registers an observation of `read` after every change, as a UI does after each render.
@MainActor
final class Observer {
  var changes = 0
  func observe(_ read: @escaping () -> Void) {
    withObservationTracking(read) {
      MainActor.assumeIsolated { self.changes &+= 1 }
    }
  }
}

@MainActor
let counterBenchmarks: [Benchmark] = [
  Benchmark(name: "Vanilla.Mutate", pair: "counter +1", style: .vanilla) {
    let state = AppState()
    return .sync { iterations in
      for _ in 0..<iterations { state.count += 1 }
      blackHole(state.count)
    }
  },
  Benchmark(name: "Vanilla.MutateObserved", pair: "counter +1, observed", style: .vanilla) {
    let state = AppState()
    let observer = Observer()
    return .sync { iterations in
      for _ in 0..<iterations {
        observer.observe { _ = state.count }
        state.count += 1
      }
      blackHole(observer.changes)
    }
  },
  Benchmark(name: "Reducer.Reduce", pair: "counter +1", style: .composable) {
    let reducer = Counter()
    return .sync { iterations in
      // The state is a local variable, as in a test that calls a reducer: held in a variable the
      // timed closure captured, each `&state` would cost a dynamic exclusivity check that the
      // vanilla side does not pay for its measurement. The effect is dropped, as `Store.Send`
      // drops its task and the vanilla side has none.
      var state = Counter.State()
      for _ in 0..<iterations {
        _ = reducer.reduce(into: &state, action: .incrementButtonTapped)
      }
      blackHole(state.count)
    }
  },
  Benchmark(name: "Store.Send", pair: "counter +1", style: .composable) {
    let store = Store(initialState: Counter.State()) { Counter() }
    return .sync { iterations in
      for _ in 0..<iterations { store.send(.incrementButtonTapped) }
      blackHole(store.withState(\.count))
    }
  },
  Benchmark(name: "Store.SendObserved", pair: "counter +1, observed", style: .composable) {
    let store = Store(initialState: Counter.State()) { Counter() }
    let observer = Observer()
    return .sync { iterations in
      for _ in 0..<iterations {
        observer.observe { _ = store.state.count }
        store.send(.incrementButtonTapped)
      }
      blackHole(observer.changes)
    }
  },
]

@MainActor
let threeFieldBenchmarks: [Benchmark] = [
  Benchmark(name: "Vanilla.NthPrimeResponse", pair: "nth-prime answer", style: .vanilla) {
    let state = AppState(count: 7, isNthPrimeButtonDisabled: true)
    return .sync { iterations in
      for iteration in 0..<iterations {
        // The callback body of CounterView.nthPrimeButtonAction. The answer alternates, as on
        // the store's side, so that each write changes the alert: Observation does not notify
        // for a write of an equal value, and the comparison would be with a no-op.
        state.alertNthPrime = PrimeAlert(prime: iteration & 1 == 0 ? 17 : 19)
        state.isNthPrimeButtonDisabled = false
      }
      blackHole(state.alertNthPrime)
    }
  },
  Benchmark(name: "Store.NthPrimeResponse", pair: "nth-prime answer", style: .composable) {
    let store = Store(initialState: Counter.State(count: 7, isNthPrimeButtonDisabled: true)) {
      Counter()
    }
    return .sync { iterations in
      for iteration in 0..<iterations {
        store.send(.nthPrimeResponse(iteration & 1 == 0 ? 17 : 19))
      }
      blackHole(store.withState(\.alertNthPrime))
    }
  },
]
