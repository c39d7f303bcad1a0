import BenchmarkHarness
import ComposableArchitecture
import Observation

/// A vanilla parent screen's model whose child can be replaced, so reading it is observed.
@MainActor @Observable final class VanillaScreenParent { var child = VanillaLevel0() }

/// How many rows the list screen of the "rows for a list screen" pair draws.
let listScreenRows = 100

/// A vanilla list screen's model: one observable model per row.
@MainActor @Observable final class VanillaListScreen {
  var rows = (0..<listScreenRows).map { _ in VanillaLevel0() }
}

/// A row of the composable list screen: a counter with an ID.
struct ListRow: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var count = 0
  }
  typealias Action = Level0.Action
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count &+= 1
    return .none
  }
}

/// A composable list screen's feature: one ``ListRow`` per row, run by `forEach`.
struct ListScreen: Reducer {
  struct State: Equatable {
    var rows = IdentifiedArray(uniqueElements: (0..<listScreenRows).map { ListRow.State(id: $0) })
  }
  enum Action: Equatable, Sendable, CasePathable {
    case rows(IdentifiedActionOf<ListRow>)
    struct AllCasePaths: Sendable {
      let rows = AnyCasePath<Action, IdentifiedActionOf<ListRow>>(
        embed: { .rows($0) },
        extract: { if case .rows(let action) = $0 { action } else { nil } }
      )
    }
    static let allCasePaths = AllCasePaths()
  }
  var body: some Reducer<State, Action> {
    EmptyReducer()
      .forEach(\.rows, action: \.rows) { ListRow() }
  }
}

/// What a parent screen does on every render to hand a child screen its part.
///
/// The vanilla parent reads the child's model (an observed property read), the composable parent
/// scopes its store with two key path literals. The child store is either kept alive by the
/// child screen between renders (the usual case: found in the store's cache) or not (a new store
/// on every call). `Presented` scopes to a presented child as a sheet's screen does
/// (`\.child.presented`), the sheet's screen holding its store. The list screen draws each of
/// its rows: the vanilla one reads its rows' models, the composable one scopes to its rows'
/// stores (`store.scope(state: \.rows, action: \.rows)`), which the row screens hold.
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
  Benchmark(name: "Vanilla.RowModels", pair: "rows for a list screen", style: .vanilla) {
    let model = VanillaListScreen()
    return .sync { iterations in
      for _ in 0..<iterations {
        for row in model.rows { blackHole(row) }
      }
    }
  },
  Benchmark(name: "Store.Scope.Rows", pair: "rows for a list screen", style: .composable) {
    let store = Store(initialState: ListScreen.State()) { ListScreen() }
    // The row screens hold their stores between renders, as views do.
    let screens = Array(store.scope(state: \.rows, action: \.rows))
    return .sync { iterations in
      for _ in 0..<iterations {
        for row in store.scope(state: \.rows, action: \.rows) { blackHole(row) }
      }
      blackHole(screens)
    }
  },
]

/// A list screen and its 100 row screens, each observing what it draws; one action changes one
/// row's count, and only that row's screen must be invalidated.
///
/// The vanilla list screen observes its array of row models, each row screen its model's count.
/// The composable list screen observes the collection of rows' stores (which rows there are),
/// each row screen its row's store's state. After each change the invalidated screen observes
/// again, as a screen does when it redraws. The epilogue checks that every action invalidated
/// exactly one screen, on both sides: a case that invalidated more (or none) would be timing
/// other work than its twin, and stops the run.
@MainActor
let observedRowBenchmarks: [Benchmark] = [
  Benchmark(name: "Vanilla.ObservedRows", pair: "one of 100 observed row screens", style: .vanilla)
  {
    let model = VanillaListScreen()
    let observer = Observer()
    observer.observe { _ = model.rows }
    for row in model.rows { observer.observe { _ = row.count } }
    var actions = 0
    return .sync { iterations in
      for iteration in 0..<iterations {
        let row = model.rows[iteration % listScreenRows]
        row.count &+= 1
        observer.observe { _ = row.count }
      }
      actions += iterations
    } epilogue: {
      expectOneInvalidationPerAction(observer.changes, actions: actions, in: "Vanilla.ObservedRows")
    }
  },
  Benchmark(name: "Store.ObservedRows", pair: "one of 100 observed row screens", style: .composable)
  {
    let store = Store(initialState: ListScreen.State()) { ListScreen() }
    let observer = Observer()
    var rows: [Store<ListRow.State, ListRow.Action>] = []
    observer.observe { rows = Array(store.scope(state: \.rows, action: \.rows)) }
    for row in rows { observer.observe { _ = row.state } }
    var actions = 0
    return .sync { iterations in
      for iteration in 0..<iterations {
        let row = rows[iteration % listScreenRows]
        row.send(.incrementButtonTapped)
        observer.observe { _ = row.state }
      }
      actions += iterations
    } epilogue: {
      expectOneInvalidationPerAction(observer.changes, actions: actions, in: "Store.ObservedRows")
    }
  },
]

/// Stops the run unless `changes` screens were invalidated by `actions` actions, one each.
func expectOneInvalidationPerAction(_ changes: Int, actions: Int, in name: String) {
  guard changes == actions else {
    fatalError(
      "\(name): \(actions) actions invalidated \(changes) screens; each must invalidate one"
    )
  }
}
