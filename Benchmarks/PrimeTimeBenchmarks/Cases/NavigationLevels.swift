import BenchmarkHarness
import ComposableArchitecture
import Observation

/// A presented child (`@PresentationState` and `ifLet`) holding the leaf counter.
struct PresentedLevel: Reducer {
  struct State: Equatable {
    @PresentationState var child: Level0.State? = Level0.State()
  }
  enum Action: Equatable, Sendable, CasePathable {
    case child(PresentationAction<Level0.Action>)
    struct AllCasePaths: Sendable {
      let child = AnyCasePath<Action, PresentationAction<Level0.Action>>(
        embed: { .child($0) },
        extract: { if case .child(let action) = $0 { action } else { nil } }
      )
    }
    static let allCasePaths = AllCasePaths()
  }
  var body: some Reducer<State, Action> {
    Reduce { _, _ in .none }
      .ifLet(\.$child, action: \.child) { Level0() }
  }
}

/// The same presented child, declared as a stored `PresentationState` property instead of
/// through `@PresentationState`: `ifLet(\.child, …)` then names a stored property, which the
/// store reaches by byte offset, where `\.$child` is a computed property applied by the key path
/// runtime.
struct StoredPresentationLevel: Reducer {
  struct State: Equatable {
    var child = PresentationState<Level0.State>(wrappedValue: Level0.State())
  }
  typealias Action = PresentedLevel.Action
  var body: some Reducer<State, Action> {
    Reduce { _, _ in .none }
      .ifLet(\.child, action: \.child) { Level0() }
  }
}

/// Enum state whose `counter` case holds the leaf counter, run with `ifCaseLet`.
struct CaseLevel: Reducer {
  enum State: Equatable, CasePathable {
    case counter(Level0.State)
    case idle
    struct AllCasePaths: Sendable {
      let counter = AnyCasePath<State, Level0.State>(
        embed: { .counter($0) },
        extract: { if case .counter(let state) = $0 { state } else { nil } }
      )
    }
    static let allCasePaths = AllCasePaths()
  }
  enum Action: Equatable, Sendable, CasePathable {
    case counter(Level0.Action)
    struct AllCasePaths: Sendable {
      let counter = AnyCasePath<Action, Level0.Action>(
        embed: { .counter($0) },
        extract: { if case .counter(let action) = $0 { action } else { nil } }
      )
    }
    static let allCasePaths = AllCasePaths()
  }
  var body: some Reducer<State, Action> {
    Reduce { _, _ in .none }
      .ifCaseLet(\.counter, action: \.counter) { Level0() }
  }
}

/// A presented destination, an enum whose `counter` case holds the leaf counter: the shape an app
/// uses for a screen that can present one of several children.
struct DestinationLevel: Reducer {
  struct State: Equatable {
    var destination = PresentationState<CaseLevel.State>(wrappedValue: .counter(Level0.State()))
  }
  enum Action: Equatable, Sendable, CasePathable {
    case destination(PresentationAction<CaseLevel.Action>)
    struct AllCasePaths: Sendable {
      let destination = AnyCasePath<Action, PresentationAction<CaseLevel.Action>>(
        embed: { .destination($0) },
        extract: { if case .destination(let action) = $0 { action } else { nil } }
      )
    }
    static let allCasePaths = AllCasePaths()
  }
  var body: some Reducer<State, Action> {
    Reduce { _, _ in .none }
      .ifLet(\.destination, action: \.destination) {
        Scope(state: \.counter, action: \.counter) { Level0() }
      }
  }
}

/// A presented `Identifiable` child (the list screen's row: a counter with an `id`), declared as
/// a stored `PresentationState` property.
struct IdentifiedPresentationLevel: Reducer {
  struct State: Equatable {
    var child = PresentationState<ListRow.State>(wrappedValue: ListRow.State(id: 1))
  }
  typealias Action = PresentedLevel.Action
  var body: some Reducer<State, Action> {
    Reduce { _, _ in .none }
      .ifLet(\.child, action: \.child) { ListRow() }
  }
}

/// The vanilla presented child: an optional child object.
@MainActor @Observable final class VanillaPresentedLevel {
  var child: VanillaLevel0? = VanillaLevel0()
}

/// The vanilla enum-case child: an enum holding the child object.
@MainActor @Observable final class VanillaCaseLevel {
  enum Destination {
    case counter(VanillaLevel0)
    case idle
  }
  var destination = Destination.counter(VanillaLevel0())
}

/// The vanilla presented destination: an optional enum holding the child object.
@MainActor @Observable final class VanillaDestinationLevel {
  var destination: VanillaCaseLevel.Destination? = .counter(VanillaLevel0())
}

/// The leaf +1 in the vanilla optional child (the same work beside either presented form).
@MainActor
private func vanillaPresentedChildIncrement() -> Benchmark.Runner {
  let root = VanillaPresentedLevel()
  return .sync { iterations in
    for _ in 0..<iterations { root.child?.count &+= 1 }
    blackHole(root)
  }
}

/// The leaf +1 sent to a presented child, whichever way the presentation is declared.
@MainActor
private func presentedChildIncrement<State>(
  _ store: Store<State, PresentedLevel.Action>
) -> Benchmark.Runner {
  .sync { iterations in
    for _ in 0..<iterations { store.send(.child(.presented(.incrementButtonTapped))) }
    blackHole(store)
  }
}

/// One level of each navigation operator, next to one `Scope` level (`Depth1`).
@MainActor
let navigationLevelBenchmarks: [Benchmark] = [
  Benchmark(
    name: "Vanilla.NestedMutate.Presented",
    pair: "leaf +1 in a presented child",
    style: .vanilla,
    make: vanillaPresentedChildIncrement
  ),
  Benchmark(
    name: "NestedStore.Send.Presented",
    pair: "leaf +1 in a presented child",
    style: .composable
  ) { presentedChildIncrement(Store(initialState: PresentedLevel.State()) { PresentedLevel() }) },
  Benchmark(
    name: "Vanilla.NestedMutate.PresentedStored",
    pair: "leaf +1 in a presented child, stored property",
    style: .vanilla,
    make: vanillaPresentedChildIncrement
  ),
  Benchmark(
    name: "NestedStore.Send.PresentedStored",
    pair: "leaf +1 in a presented child, stored property",
    style: .composable
  ) {
    presentedChildIncrement(
      Store(initialState: StoredPresentationLevel.State()) { StoredPresentationLevel() }
    )
  },
  Benchmark(
    name: "Vanilla.NestedMutate.IdentifiedStored",
    pair: "leaf +1 in a presented Identifiable child, stored property",
    style: .vanilla,
    make: vanillaPresentedChildIncrement
  ),
  Benchmark(
    name: "NestedStore.Send.IdentifiedStored",
    pair: "leaf +1 in a presented Identifiable child, stored property",
    style: .composable
  ) {
    presentedChildIncrement(
      Store(initialState: IdentifiedPresentationLevel.State()) { IdentifiedPresentationLevel() }
    )
  },
  Benchmark(
    name: "Vanilla.NestedMutate.EnumCase",
    pair: "leaf +1 in an enum-case child",
    style: .vanilla
  ) {
    let root = VanillaCaseLevel()
    return .sync { iterations in
      for _ in 0..<iterations {
        if case .counter(let child) = root.destination { child.count &+= 1 }
      }
      blackHole(root)
    }
  },
  Benchmark(
    name: "NestedStore.Send.EnumCase",
    pair: "leaf +1 in an enum-case child",
    style: .composable
  ) {
    let store = Store(initialState: CaseLevel.State.counter(Level0.State())) { CaseLevel() }
    return .sync { iterations in
      for _ in 0..<iterations { store.send(.counter(.incrementButtonTapped)) }
      blackHole(store)
    }
  },
  Benchmark(
    name: "Vanilla.NestedMutate.DestinationStored",
    pair: "leaf +1 in a presented enum destination, stored property",
    style: .vanilla
  ) {
    let root = VanillaDestinationLevel()
    return .sync { iterations in
      for _ in 0..<iterations {
        if case .counter(let child)? = root.destination { child.count &+= 1 }
      }
      blackHole(root)
    }
  },
  Benchmark(
    name: "NestedStore.Send.DestinationStored",
    pair: "leaf +1 in a presented enum destination, stored property",
    style: .composable
  ) {
    let store = Store(initialState: DestinationLevel.State()) { DestinationLevel() }
    return .sync { iterations in
      for _ in 0..<iterations {
        store.send(.destination(.presented(.counter(.incrementButtonTapped))))
      }
      blackHole(store)
    }
  },
]
