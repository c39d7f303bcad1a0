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
