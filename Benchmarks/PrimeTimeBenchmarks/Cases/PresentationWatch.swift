import BenchmarkHarness
import ComposableArchitecture
import Observation

/// A presented child with one action, which starts an effect that ends at once.
struct Pinger: Reducer {
  struct State: Equatable {}
  enum Action: Equatable, Sendable, CasePathable {
    case ping
    struct AllCasePaths: Sendable {}
    static let allCasePaths = AllCasePaths()
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .run { _ in }
  }
}

/// A counter with a presented `Pinger`, at either of two presentation properties.
///
/// Whether a child has started an effect is remembered per key path, so `quiet` and `busy`
/// let the two benchmark cases run the same feature, one before and one after a child effect.
struct PingerParent: Reducer {
  struct State: Equatable {
    var count = 0
    @PresentationState var quiet: Pinger.State? = Pinger.State()
    @PresentationState var busy: Pinger.State? = Pinger.State()
  }
  enum Action: Equatable, Sendable, CasePathable {
    case child(PresentationAction<Pinger.Action>)
    case incrementButtonTapped
    struct AllCasePaths: Sendable {
      let child = AnyCasePath<Action, PresentationAction<Pinger.Action>>(
        embed: { .child($0) },
        extract: { if case .child(let action) = $0 { action } else { nil } }
      )
    }
    static let allCasePaths = AllCasePaths()
  }

  /// Where the child is presented: `\.$quiet` or `\.$busy`.
  let presentation: WritableKeyPath<State, PresentationState<Pinger.State>>

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .incrementButtonTapped = action { state.count &+= 1 }
      return .none
    }
    .ifLet(presentation, action: \.child) { Pinger() }
  }
}

/// The vanilla twin: a counter object holding an optional child object.
@MainActor @Observable final class VanillaPingerParent {
  final class Pinger {}
  var count = 0
  var child: Pinger? = Pinger()
}

/// The parent's own action beside a presented child: the vanilla write, whatever the child
/// did (the same work in both pairs).
@MainActor
private func vanillaParentIncrement() -> Benchmark.Runner {
  let root = VanillaPingerParent()
  return .sync { iterations in
    for _ in 0..<iterations { root.count &+= 1 }
    blackHole(root)
  }
}

/// The parent's own action, through `ifLet`, before and after a child started an effect.
@MainActor
private func parentIncrement(afterAChildEffect: Bool) -> Benchmark.Runner {
  let store = Store(initialState: PingerParent.State()) {
    PingerParent(presentation: afterAChildEffect ? \.$busy : \.$quiet)
  }
  if afterAChildEffect { store.send(.child(.presented(.ping))).cancel() }
  return .sync { iterations in
    for _ in 0..<iterations { store.send(.incrementButtonTapped) }
    blackHole(store)
  }
}

/// What `ifLet` costs the parent's own actions: nothing to read until a child presented there
/// starts an effect; then, with a child presented, a read of `$child` (through the key path
/// runtime) before the parent runs and another after.
@MainActor
let presentationWatchBenchmarks: [Benchmark] = [
  Benchmark(
    name: "Vanilla.ParentMutate.Presented",
    pair: "parent +1 beside a presented child",
    style: .vanilla,
    make: vanillaParentIncrement
  ),
  Benchmark(
    name: "NestedStore.ParentSend.Presented",
    pair: "parent +1 beside a presented child",
    style: .composable
  ) { parentIncrement(afterAChildEffect: false) },
  Benchmark(
    name: "Vanilla.ParentMutate.AfterChildEffect",
    pair: "parent +1 beside a child that ran an effect",
    style: .vanilla,
    make: vanillaParentIncrement
  ),
  Benchmark(
    name: "NestedStore.ParentSend.AfterChildEffect",
    pair: "parent +1 beside a child that ran an effect",
    style: .composable
  ) { parentIncrement(afterAChildEffect: true) },
]
