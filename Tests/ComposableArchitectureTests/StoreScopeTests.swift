import ComposableArchitecture
import Testing

/// The child-store cache behind `scope(state:action:)`: a screen that scopes on every render
/// gets the same store back, and different scopes never share one.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct StoreScopeTests {
  /// What a screen does on each render: the same two key path literals, so the same objects.
  func render(_ store: StoreOf<TwoTallies>) -> StoreOf<Tally> {
    store.scope(state: \.first, action: \.first)
  }

  @Test func aScreenThatScopesOnEveryRenderGetsTheSameStore() {
    let store = Store(initialState: TwoTallies.State()) { TwoTallies() }
    let child = render(store)
    #expect(render(store) === child)
    #expect(render(store) === child)
    child.send(.incrementButtonTapped)
    #expect(render(store).state.count == 1)
  }

  @Test func theSameStatePathWithAnotherActionIsAnotherStore() {
    let store = Store(initialState: TwoTallies.State()) { TwoTallies() }
    let first = render(store)
    let firstAgain = store.scope(state: \.first, action: \.firstAgain)
    let second = store.scope(state: \.second, action: \.second)
    #expect(first !== firstAgain)
    #expect(first !== second)
    #expect(render(store) === first)
    #expect(store.scope(state: \.first, action: \.firstAgain) === firstAgain)
    first.send(.incrementButtonTapped)
    firstAgain.send(.incrementButtonTapped)
    second.send(.decrementButtonTapped)
    #expect(store.state.log == ["first", "firstAgain", "second"])
    #expect(store.state.first.count == 2)
    #expect(store.state.second.count == -1)
  }

  /// Key paths with subscript arguments are new objects on every evaluation, and there are more
  /// of them here than the store remembers by identity: each is still found by equality, and
  /// the first scope, pushed out of the recent ones, too.
  @Test func moreScopesThanTheStoreRemembersByIdentityStillFindTheirStores() {
    let store = Store(initialState: TwoTallies.State()) { TwoTallies() }
    let first = render(store)
    let rows = (0..<10).map { store.scope(state: \.rows[$0], action: \.second) }
    for index in 0..<10 {
      #expect(store.scope(state: \.rows[index], action: \.second) === rows[index])
    }
    #expect(render(store) === first)
    #expect(Set(rows.map(ObjectIdentifier.init)).count == 10)
  }

  /// The cache holds child stores weakly: once nothing else does, the next scope makes a new one
  /// that works as the old one did.
  @Test func aScopeWhoseStoreWentAwayGetsANewOneThatWorks() {
    let store = Store(initialState: TwoTallies.State()) { TwoTallies() }
    weak var gone: StoreOf<Tally>?
    do {
      let child = render(store)
      gone = child
      child.send(.incrementButtonTapped)
    }
    #expect(gone == nil)
    let again = render(store)
    again.send(.incrementButtonTapped)
    #expect(again.state.count == 2)
    #expect(render(store) === again)
  }
}
