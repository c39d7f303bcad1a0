import ComposableArchitectureTesting
import Testing

/// Features that contain themselves, in a store, a test store and a direct `reduce(into:action:)`.
///
/// These are the shapes of the Composable Architecture's "Recursion" case study and of a screen
/// presenting another of its kind. A store that built its whole reducer tree up front would
/// never finish building these; each level is built when an action first reaches it.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct RecursionTests {
  @Test func presentationRecursion_store() {
    let store = Store(initialState: Nested.State()) { Nested() }
    store.send(.presentChildButtonTapped)
    store.send(.child(.presented(.presentChildButtonTapped)))
    store.send(.child(.presented(.child(.presented(.presentChildButtonTapped)))))
    #expect(store.state.child?.child?.child?.depth == 3)
    store.send(.child(.presented(.child(.dismiss))))
    #expect(store.state.child?.depth == 1)
    #expect(store.state.child?.child == nil)
  }

  @Test func presentationRecursion_directReduce() {
    var state = Nested.State()
    let reducer = Nested()
    _ = reducer.reduce(into: &state, action: .presentChildButtonTapped)
    _ = reducer.reduce(into: &state, action: .child(.presented(.presentChildButtonTapped)))
    #expect(state.child?.child?.depth == 2)
  }

  /// A child presenting a child, and the grandchild closing itself with `await dismiss()`.
  @Test func threeLevelNestedDismiss() async {
    let store = TestStore(initialState: Nested.State()) { Nested() }
    await store.send(.presentChildButtonTapped) {
      $0.child = Nested.State(depth: 1)
    }
    await store.send(.child(.presented(.presentChildButtonTapped))) {
      $0.child?.child = Nested.State(depth: 2)
    }
    await store.send(.child(.presented(.child(.presented(.presentChildButtonTapped))))) {
      $0.child?.child?.child = Nested.State(depth: 3)
    }
    await store.send(.child(.presented(.child(.presented(.child(.presented(.closeButtonTapped)))))))
    await store.receive(\.child.presented.child.presented.child.dismiss) {
      $0.child?.child?.child = nil
    }
  }

  /// A screen presenting its own kind 250 levels deep.
  ///
  /// A direct call and a store present one more screen at the bottom; in a test store the
  /// deepest screen closes itself with `await dismiss()`; each chain is freed. Every level is a
  /// few calls deeper on the stack (about 4.6 KB a level in a debug build: with `levels: 1_600`
  /// below this test passes, with `levels: 2_000` the child process overflows the main thread's
  /// 8 MB stack), so a deep enough chain overflows it. Run in a process of its own, so that a
  /// change that made each level much deeper fails this test, not the whole run.
  @Test func aPresentationChainHundredsOfLevelsDeepRuns() async {
    await #expect(processExitsWith: .success) {
      await DeepChain.run(levels: 250)
    }
  }

  @Test func optionalRecursion() async {
    let store = TestStore(
      initialState: Chain.State(next: Chain.State(next: Chain.State(value: 10)))
    ) {
      Chain()
    }
    await store.send(.next(.next(.incrementButtonTapped))) {
      $0.next?.next?.value = 11
    }
    await store.send(.incrementButtonTapped) {
      $0.value = 1
    }
    var state = Chain.State(next: Chain.State())
    _ = Chain().reduce(into: &state, action: .next(.incrementButtonTapped))
    #expect(state.next?.value == 1)
  }

  @Test func stackRecursion() async {
    let store = TestStore(initialState: Drill.State()) { Drill() }
    await store.send(.path(.push(Drill.State()))) {
      $0.path[id: 0] = Drill.State()
    }
    await store.send(.path(.element(id: 0, action: .path(.push(Drill.State(count: 5)))))) {
      $0.path[id: 0]?.path[id: 1] = Drill.State(count: 5)
    }
    await store.send(
      .path(.element(id: 0, action: .path(.element(id: 1, action: .incrementButtonTapped))))
    ) {
      $0.path[id: 0]?.path[id: 1]?.count = 6
    }
    let live = Store(initialState: Drill.State()) { Drill() }
    live.send(.path(.push(Drill.State())))
    #expect(live.state.path.count == 1)
  }

  @Test func enumCaseRecursion() async {
    let store = TestStore(initialState: Branch.State.node(.node(.leaf(1)))) { Branch() }
    await store.send(.node(.node(.incrementButtonTapped))) {
      $0 = .node(.node(.leaf(2)))
    }
    var state = Branch.State.node(.leaf(0))
    _ = Branch().reduce(into: &state, action: .node(.incrementButtonTapped))
    #expect(state == .node(.leaf(1)))
  }
}

/// A chain of `Nested` screens, each presenting the next.
@MainActor
enum DeepChain {
  static func run(levels: Int) async {
    var direct = state(levels: levels)
    _ = Nested().reduce(into: &direct, action: action(levels: levels, .presentChildButtonTapped))
    precondition(depth(of: direct) == levels + 1, "a direct call did not reach the deepest screen")

    let store = Store(initialState: state(levels: levels)) { Nested() }
    store.send(action(levels: levels, .presentChildButtonTapped))
    precondition(depth(of: store.state) == levels + 1, "a store did not reach the deepest screen")

    let testStore = TestStore(initialState: state(levels: levels)) { Nested() }
    await testStore.send(action(levels: levels, .closeButtonTapped))
    await testStore.receive(action(levels: levels - 1, .child(.dismiss))) {
      modifyDeepest(&$0) { $0.child = nil }
    }
    await testStore.finish()
    precondition(depth(of: testStore.state) == levels - 1, "the deepest screen did not close")
  }

  /// Screens 0 through `levels`, each presenting the next.
  static func state(levels: Int) -> Nested.State {
    var state = Nested.State(depth: levels)
    for depth in stride(from: levels - 1, through: 0, by: -1) {
      var parent = Nested.State(depth: depth)
      parent.child = state
      state = parent
    }
    return state
  }

  /// `action` for the screen `levels` below the root.
  static func action(levels: Int, _ action: Nested.Action) -> Nested.Action {
    (0..<levels).reduce(action) { inner, _ in .child(.presented(inner)) }
  }

  /// How deep the deepest screen is.
  static func depth(of state: Nested.State) -> Int {
    var state = state
    while let child = state.child { state = child }
    return state.depth
  }

  /// Changes the deepest screen but one (the one whose child is the last).
  static func modifyDeepest(_ state: inout Nested.State, _ body: (inout Nested.State) -> Void) {
    if state.child?.child == nil {
      body(&state)
    } else {
      modifyDeepest(&state.child!, body)
    }
  }
}
