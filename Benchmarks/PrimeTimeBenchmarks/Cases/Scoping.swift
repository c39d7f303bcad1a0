import BenchmarkHarness
import ComposableArchitecture
import Observation

/// A vanilla parent screen's model whose child can be replaced, so reading it is observed.
@MainActor @Observable final class VanillaScreenParent { var child = VanillaLevel0() }

/// What a parent screen does on every render to hand a child screen its part.
///
/// The vanilla parent reads the child's model (an observed property read), the composable parent
/// scopes its store with two key path literals. The child store is either kept alive by the
/// child screen between renders (the usual case: found in the store's cache) or not (a new store
/// on every call). `Presented` scopes to a presented child as a sheet's screen does
/// (`\.child.presented`), the sheet's screen holding its store.
@MainActor
let scopingBenchmarks: [Benchmark] = [
  Benchmark(name: "Vanilla.ChildModel", pair: "child for a child screen", style: .vanilla) {
    let model = VanillaScreenParent()
    return .sync { iterations in
      for _ in 0..<iterations { blackHole(model.child) }
    }
  },
  Benchmark(name: "Store.Scope.Kept", pair: "child for a child screen", style: .composable) {
    let store = Store(initialState: Siblings.State()) { Siblings() }
    let screen = store.scope(state: \.first, action: \.child)
    return .sync { iterations in
      for _ in 0..<iterations { blackHole(store.scope(state: \.first, action: \.child)) }
      blackHole(screen)
    }
  },
  Benchmark(name: "Store.Scope.Presented", pair: "child for a child screen", style: .composable) {
    let store = Store(initialState: PresentedLevel.State()) { PresentedLevel() }
    let sheet = store.scope(state: \.child, action: \.child.presented)
    return .sync { iterations in
      for _ in 0..<iterations { blackHole(store.scope(state: \.child, action: \.child.presented)) }
      blackHole(sheet)
    }
  },
  Benchmark(name: "Store.Scope.New", pair: "child for a child screen", style: .composable) {
    let store = Store(initialState: Siblings.State()) { Siblings() }
    return .sync { iterations in
      for _ in 0..<iterations { blackHole(store.scope(state: \.first, action: \.child)) }
    }
  },
]
