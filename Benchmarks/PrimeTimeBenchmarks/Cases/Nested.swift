import BenchmarkHarness
import ComposableArchitecture
import Observation

/// A parent with many children, to scope many child stores from one root.
///
/// Its reducer scopes into a stored property (`first`) so the case measures the child store, not a
/// subscript key path rebuilt on every action; `children` exists to give each extra child store its
/// own scope.
struct Siblings: Reducer {
  struct State: Equatable {
    var first = Level0.State()
    var children = Array(repeating: Level0.State(), count: 100)
  }
  enum Action: Equatable, Sendable, CasePathable {
    case child(Level0.Action)
    struct AllCasePaths: Sendable {
      let child = AnyCasePath<Action, Level0.Action>(
        embed: { .child($0) },
        extract: { if case .child(let action) = $0 { action } else { nil } }
      )
    }
    static let allCasePaths = AllCasePaths()
  }
  var body: some Reducer<State, Action> {
    Scope(state: \.first, action: \.child) { Level0() }
  }
}

@MainActor
func nestedStoreBenchmark<R: Reducer>(
  depth: Int,
  _ reducer: R,
  _ state: R.State,
  _ action: R.Action
) -> Benchmark {
  Benchmark(
    name: "NestedStore.Send.Depth\(depth)",
    pair: "leaf +1 at depth \(depth)",
    style: .composable
  ) {
    let store = Store(initialState: state) { reducer }
    return .sync { iterations in
      for _ in 0..<iterations { store.send(action) }
      blackHole(store)
    }
  }
}

@MainActor
let nestedBenchmarks: [Benchmark] = [
  Benchmark(name: "Vanilla.NestedMutate.Depth1", pair: "leaf +1 at depth 1", style: .vanilla) {
    let root = VanillaLevel1()
    return .sync { iterations in
      for _ in 0..<iterations { root.child.count &+= 1 }
      blackHole(root.child.count)
    }
  },
  nestedStoreBenchmark(depth: 1, Level1(), Level1.State(), .child(.incrementButtonTapped)),
  Benchmark(name: "Vanilla.NestedMutate.Depth5", pair: "leaf +1 at depth 5", style: .vanilla) {
    let root = VanillaLevel5()
    return .sync { iterations in
      for _ in 0..<iterations { root.child.child.child.child.child.count &+= 1 }
      blackHole(root)
    }
  },
  nestedStoreBenchmark(
    depth: 5,
    Level5(),
    Level5.State(),
    .child(.child(.child(.child(.child(.incrementButtonTapped)))))
  ),
  Benchmark(name: "Vanilla.NestedMutate.Depth10", pair: "leaf +1 at depth 10", style: .vanilla) {
    let root = VanillaLevel10()
    return .sync { iterations in
      for _ in 0..<iterations {
        root.child.child.child.child.child.child.child.child.child.child.count &+= 1
      }
      blackHole(root)
    }
  },
  nestedStoreBenchmark(
    depth: 10,
    Level10(),
    Level10.State(),
    .child(
      .child(.child(.child(.child(.child(.child(.child(.child(.child(.incrementButtonTapped)))))))))
    )
  ),
  childStoreBenchmark(alive: 10),
  childStoreBenchmark(alive: 100),
]

/// A send to one scoped child store while `alive` scoped stores of the same root exist.
@MainActor
func childStoreBenchmark(alive: Int) -> Benchmark {
  Benchmark(name: "ChildStore.Send.\(alive)Alive", pair: "child store +1", style: .composable) {
    let store = Store(initialState: Siblings.State()) { Siblings() }
    let child = store.scope(state: \.first, action: \.child)
    let others = (1..<alive).map { store.scope(state: \.children[$0], action: \.child) }
    let children = [child] + others
    return .sync { iterations in
      for _ in 0..<iterations { child.send(.incrementButtonTapped) }
      blackHole(children.count)
    }
  }
}
