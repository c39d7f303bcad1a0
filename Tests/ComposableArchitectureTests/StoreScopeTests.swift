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

  /// What a screen showing a sheet does on each render.
  func renderSheet(_ store: StoreOf<Host>) -> StoreOf<Ticker>? {
    store.scope(state: \.sheet, action: \.sheet.presented)
  }

  /// A sheet's screen scopes with `\.sheet.presented` on every render: it is made once, and is
  /// the same object on each evaluation, as a key path literal of properties is (a case reached
  /// through dynamic member lookup is a subscript with a key path argument, made anew each time).
  @Test func aPresentedChildsCaseKeyPathIsTheSameObjectOnEachEvaluation() {
    func path() -> CaseKeyPath<Host.Action, Ticker.Action> { \.sheet.presented }
    #expect(path() === path())
    #expect(Host.Action.casePath(path()).extract(from: .sheet(.presented(.tick))) == .tick)
    #expect(Host.Action.casePath(path()).extract(from: .sheet(.dismiss)) == nil)
    #expect(Host.Action.casePath(path()).embed(.tick) == .sheet(.presented(.tick)))
  }

  @Test func aPresentedChildScopedOnEveryRenderIsTheSameStore() {
    let store = Store(initialState: Host.State(sheet: Ticker.State(id: 1))) { Host() }
    let sheet = renderSheet(store)
    #expect(sheet != nil)
    #expect(renderSheet(store) === sheet)
    sheet?.send(.tick)
    #expect(renderSheet(store) === sheet)
    #expect(renderSheet(store)?.state == Ticker.State(id: 1, ticks: 1))
  }

  /// Once a scope has found the sheet closed, the next sheet is a new screen with a store of its
  /// own.
  @Test func aChildPresentedAgainGetsAStoreOfItsOwn() {
    let store = Store(initialState: Host.State(sheet: Ticker.State(id: 1))) { Host() }
    let first = renderSheet(store)
    first?.send(.tick)
    #expect(first?.state.ticks == 1)  // the sheet's screen draws again
    store.send(.closeSheetButtonTapped)
    #expect(renderSheet(store) == nil)
    // The store a screen animating out still holds keeps the state it last drew.
    #expect(first?.state == Ticker.State(id: 1, ticks: 1))
    store.send(.replaceSheetButtonTapped(id: 2))
    let second = renderSheet(store)
    #expect(second != nil)
    #expect(second !== first)
    #expect(renderSheet(store) === second)
    second?.send(.tick)
    #expect(store.state.sheet == Ticker.State(id: 2, ticks: 1))
  }

  /// The same child scoped from two places with two key path objects that are equal, each
  /// remembered by its own identity (each evaluation of a key path with a subscript argument is a
  /// new object; a place in the code that keeps one uses that object each time): a child
  /// presented again gets a new store from both.
  @Test func aChildPresentedAgainGetsANewStoreFromEveryPlaceThatScopesIt() {
    let here = \TwoTallies.State.spares[0]
    let there = \TwoTallies.State.spares[0]
    #expect(here == there)
    #expect(here !== there)
    let store = Store(initialState: TwoTallies.State(spares: [Tally.State()])) { TwoTallies() }
    func renderHere() -> StoreOf<Tally>? { store.scope(state: here, action: \.second) }
    func renderThere() -> StoreOf<Tally>? { store.scope(state: there, action: \.second) }
    let first = renderHere()
    #expect(first != nil)
    #expect(renderThere() === first)
    #expect(renderHere() === first)
    #expect(renderThere() === first)
    store.send(.hideSpareButtonTapped)
    #expect(renderHere() == nil)
    store.send(.showSpareButtonTapped)
    let second = renderThere()
    #expect(second != nil)
    #expect(second !== first)
    #expect(renderHere() === second)
  }

  /// One pair of key paths to optional state makes two scopes, each with its own store.
  ///
  /// The optional state as it is (a store of `Ticker.State?`), and the presented child.
  @Test func theOptionalStateAndThePresentedChildAreTwoScopes() {
    let store = Store(initialState: Host.State(sheet: Ticker.State(id: 1))) { Host() }
    func renderOptional() -> Store<Ticker.State?, Ticker.Action> {
      store.scope(state: \.sheet, action: \.sheet.presented)
    }
    let optional = renderOptional()
    let presented = renderSheet(store)
    #expect(renderOptional() === optional)
    #expect(renderSheet(store) === presented)
    #expect(renderOptional() === optional)
    presented?.send(.tick)
    #expect(optional.state?.ticks == 1)
  }

  /// With nothing to say which is wanted, a scope to optional state is the presented child's
  /// (`Store<Child, …>?`), as `if let child = store.scope(…)` expects; the store of the optional
  /// itself needs its type written out.
  @Test func withoutATypeAScopeToOptionalStateIsThePresentedChilds() {
    let store = Store(initialState: Host.State(sheet: Ticker.State(id: 1))) { Host() }
    let sheet = store.scope(state: \.sheet, action: \.sheet.presented)
    #expect(type(of: sheet) == Optional<StoreOf<Ticker>>.self)
    #expect(sheet === renderSheet(store))
  }
}
