import ComposableArchitecture
import Foundation
import Observation
import Testing

/// A store notifies the observers of its state only when that state changed, as the Composable
/// Architecture's stores have since 1.7: a screen observing one row of a list is not redrawn
/// when another row changes, and an action that changes nothing redraws no screen.
///
/// Each test counts invalidations with `withObservationTracking`, registering again after each
/// one, as a screen does after each render.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ObservationGranularityTests {
  /// The screens observing some stores, and which of them were invalidated.
  @MainActor final class Screens {
    var invalidated: [String] = []

    /// Reads `store`'s state the way a screen's body does, and records the screen's name when
    /// Observation reports a change.
    func observe<State, Action>(_ store: Store<State, Action>, as name: String) {
      withObservationTracking {
        _ = store.state
      } onChange: {
        MainActor.assumeIsolated { self.invalidated.append(name) }
      }
    }
  }

  func row(_ n: Int) -> UUID { rowID(1_000 + n) }

  func outline(rows: Int) -> Store<Outline.State, Outline.Action> {
    var state = Outline.State(id: rowID(999))
    // IDs the store's `\.uuid` does not draw, so that a row it adds is a new one.
    for n in 0..<rows { state.rows.append(Outline.State(id: row(n), name: "row \(n)")) }
    return Store(initialState: state) {
      Outline()
    } withDependencies: {
      $0.uuid = .incrementing
    }
  }

  @Test func oneRowOfAHundredChangingInvalidatesOnlyThatRowsScreen() {
    let store = outline(rows: 100)
    let screens = Screens()
    let rows = Array(store.scope(state: \.rows, action: \.rows))
    for (n, row) in rows.enumerated() { screens.observe(row, as: "row \(n)") }

    rows[41].send(.nameChanged("changed"))
    #expect(screens.invalidated == ["row 41"])

    // Registered again, as after a render: the next change to another row is that row's alone.
    screens.invalidated = []
    screens.observe(rows[41], as: "row 41")
    rows[7].send(.nameChanged("changed too"))
    #expect(screens.invalidated == ["row 7"])
  }

  /// A list screen draws which rows there are; each row's screen draws what its row holds.
  @Test func aListScreenIsInvalidatedByRowsComingAndGoingNotByWhatTheyHold() {
    let store = outline(rows: 3)
    let screens = Screens()
    // The rows' stores the screen draws, held as a screen holds them while it is shown.
    var drawn: [Store<Outline.State, Outline.Action>] = []
    func observeList() {
      withObservationTracking {
        drawn = Array(store.scope(state: \.rows, action: \.rows))
      } onChange: {
        MainActor.assumeIsolated { screens.invalidated.append("list") }
      }
    }
    observeList()
    #expect(drawn.count == 3)

    store.send(.rows(.element(id: row(1), action: .nameChanged("changed"))))
    #expect(screens.invalidated == [])

    store.send(.addRowButtonTapped)
    #expect(screens.invalidated == ["list"])

    screens.invalidated = []
    observeList()
    store.send(.onDelete([0]))
    #expect(screens.invalidated == ["list"])
  }

  /// Rows that moved (the first one deleted) are still compared with their own state.
  @Test func rowsThatMovedAreComparedWithTheirOwnState() {
    let store = outline(rows: 3)
    let screens = Screens()
    let rows = Array(store.scope(state: \.rows, action: \.rows))
    for (n, row) in rows.enumerated() { screens.observe(row, as: "row \(n)") }

    store.send(.onDelete([0]))
    #expect(screens.invalidated == [])  // row 0's store keeps its last state

    rows[2].send(.nameChanged("changed"))
    #expect(screens.invalidated == ["row 2"])
    rows[1].send(.nameChanged("changed too"))
    #expect(screens.invalidated == ["row 2", "row 1"])
  }

  @Test func anActionThatChangesNothingInvalidatesNoObserver() {
    let store = Store(initialState: Tally.State(count: 3)) { Tally() }
    let screens = Screens()
    screens.observe(store, as: "tally")

    store.send(.setCount(3))
    #expect(screens.invalidated == [])

    // The same observer is invalidated by an action that does change the count.
    store.send(.setCount(4))
    #expect(screens.invalidated == ["tally"])
  }

  @Test func aScopeWhoseStateDidNotChangeIsNotInvalidated() {
    let store = Store(initialState: Parent.State()) { Parent() }
    let screens = Screens()
    screens.observe(store.scope(state: \.counter, action: \.counter), as: "counter")
    screens.observe(store, as: "parent")

    // Presents the optional counter: the parent's state changes, the counter's does not.
    store.send(.presentButtonTapped)
    #expect(screens.invalidated == ["parent"])
  }

  @Test func theParentOfAChangedRowIsInvalidatedWithIt() {
    let store = outline(rows: 3)
    let screens = Screens()
    let rows = Array(store.scope(state: \.rows, action: \.rows))
    screens.observe(store, as: "outline")
    screens.observe(rows[0], as: "row 0")
    screens.observe(rows[1], as: "row 1")

    rows[1].send(.nameChanged("changed"))
    #expect(screens.invalidated.sorted() == ["outline", "row 1"])
  }

  @Test func aPresentedChildIsInvalidatedByItsOwnChangesOnly() throws {
    var initial = Parent.State()
    initial.optionalCounter = Tally.State()
    let store = Store(initialState: initial) { Parent() }
    let screens = Screens()
    let child = try #require(store.scope(state: \.optionalCounter, action: \.optionalCounter))
    screens.observe(child, as: "child")

    // The parent's own counter changes; the presented one does not.
    store.send(.counter(.incrementButtonTapped))
    #expect(screens.invalidated == [])

    child.send(.incrementButtonTapped)
    #expect(screens.invalidated == ["child"])
  }

  /// Without `Equatable` there is nothing to compare with: every action notifies, as every
  /// action did before stores compared their state.
  @Test func aStoreOfStateThatIsNotEquatableIsInvalidatedByEveryAction() {
    let store = Store(initialState: Opaque.State()) { Opaque() }
    let screens = Screens()
    screens.observe(store, as: "opaque")

    store.send(.nothing)
    #expect(screens.invalidated == ["opaque"])
  }

  /// A screen told of a change may draw rows whose stores did not exist yet, while the rows
  /// are being compared (making enough of them sweeps the row table): each new row is observed
  /// from then on, and the rows compared before and after it are told of their own changes.
  @Test func rowsFirstDrawnWhileRowsAreComparedAreObservedToo() {
    let store = outline(rows: 40)
    let screens = Screens()
    // The collection itself, whose rows' stores are made as they are drawn.
    let drawn = DrawnRows(store.scope(state: \.rows, action: \.rows), on: screens)
    // Rows drawn once and scrolled away: their stores are gone, and a sweep moves the others.
    for n in 20..<30 { _ = drawn.collection[n].state }
    for n in 0..<3 { drawn.draw(n) }
    withObservationTracking {
      _ = drawn.collection[1].state
    } onChange: {
      MainActor.assumeIsolated {
        for n in 3..<40 { drawn.draw(n) }
      }
    }
    let collection = drawn.collection

    collection[1].send(.nameChanged("changed"))
    #expect(screens.invalidated == ["row 1"])
    #expect(drawn.stores.count == 40)

    screens.invalidated = []
    for n in [0, 2, 3, 39] { collection[n].send(.nameChanged("changed \(n)")) }
    #expect(screens.invalidated == ["row 0", "row 2", "row 3", "row 39"])

    // Drawn again after the sweep, a row is observed in its new place.
    screens.invalidated = []
    for n in [0, 3] { screens.observe(collection[n], as: "row \(n)") }
    for n in [0, 3] { collection[n].send(.nameChanged("again \(n)")) }
    #expect(screens.invalidated == ["row 0", "row 3"])
  }

  /// A deinit in a store's state may read the store from inside the store's comparison, when
  /// the value its screen read is let go of: that read is an ordinary one, made before the
  /// screens are told (and so told with them).
  @Test func aDeinitInTheStateThatReadsTheStoreRunsAfterTheComparison() {
    let hooks = TokenList.Hooks()
    let store = Store(
      initialState: TokenList.Row.State(id: 7, token: TokenList.Token(id: 7, hooks: hooks))
    ) {
      TokenList.Row()
    }
    let screens = Screens()
    let readInDeinit = Counter()
    hooks.onDeinit = { _ in
      readInDeinit.count = store.state.count
      screens.observe(store, as: "again")
    }
    screens.observe(store, as: "row")
    store.send(.newToken)
    #expect(screens.invalidated.sorted() == ["again", "row"])
    #expect(readInDeinit.count == 0)
    hooks.onDeinit = nil
    screens.invalidated = []
    screens.observe(store, as: "row")
    store.send(.increment)
    #expect(screens.invalidated == ["row"])
  }

  /// A deinit in a row's state may read that same row: a row's store keeps the last state it
  /// read, and lets go of the one before only after keeping the new one.
  @Test func aDeinitInARowsStateThatReadsTheRowRunsAfterItsRead() {
    let hooks = TokenList.Hooks()
    let store = Store(initialState: TokenList.State(hooks: hooks)) { TokenList() }
    let row = Array(store.scope(state: \.rows, action: \.rows))[3]
    let readInDeinit = Counter()
    hooks.onDeinit = { id in
      if id == 3 { readInDeinit.count = row.withState(\.count) + 1 }
    }
    _ = row.withState(\.id)
    row.send(.newToken)
    row.send(.increment)
    // The read that keeps the new state lets go of the old one, whose token was its last.
    #expect(row.withState(\.count) == 1)
    #expect(readInDeinit.count == 2)
  }

  /// A deinit in a row's state may read or make rows' stores.
  ///
  /// The row table lets go of what a screen read only once it is whole again. Here the last
  /// reference to a removed row's token is what its screen read: the token's deinit runs while
  /// the table is swept, and draws three more rows then; another runs while a row is compared.
  @Test func aDeinitThatDrawsRowsRunsOnlyOnceTheRowTableIsWhole() {
    let hooks = TokenList.Hooks()
    let store = Store(initialState: TokenList.State(hooks: hooks)) { TokenList() }
    let screens = Screens()
    var held: [Int: StoreOf<TokenList.Row>] = [:]
    // A render: the rows scoped anew (a collection holds the list as it was when made).
    func draw(_ id: Int) {
      guard let position = store.withState({ $0.rows.index(id: id) }) else { return }
      let rows: _StoreCollection<Int, TokenList.Row.State, TokenList.Row.Action> = store.scope(
        state: \.rows,
        action: \.rows
      )
      let row = rows[position]
      held[id] = row
      screens.observe(row, as: "row \(id)")
    }
    let deinits = Counter()
    hooks.onDeinit = { id in
      deinits.count += 1
      // Drawn from inside the release: these rows' stores are made then.
      if id == 0 { for id in 17..<20 { draw(id) } }
    }
    for id in 0..<16 { draw(id) }

    // Row 0 leaves the list and its screen goes: what that screen read is the token's last
    // reference, released when the sweep that the next row store triggers drops the slot.
    store.send(.remove(id: 0))
    held[0] = nil
    screens.invalidated = []
    draw(16)
    #expect(deinits.count == 1)
    #expect(held.count == 19)

    // Row 5's new token replaces its old one, whose last reference is what its screen read,
    // let go of while the rows are compared.
    store.send(.rows(.element(id: 5, action: .newToken)))
    #expect(screens.invalidated == ["row 5"])

    screens.invalidated = []
    for n in [1, 16, 19] { held[n]?.send(.increment) }
    #expect(screens.invalidated == ["row 1", "row 16", "row 19"])
  }

  /// Rows whose state is not `Equatable` are no exception: every action notifies every row
  /// screen that is watching.
  @Test func rowsWhoseStateIsNotEquatableAreInvalidatedByEveryAction() {
    let store = Store(initialState: OpaqueList.State()) { OpaqueList() }
    let screens = Screens()
    let rows = Array(store.scope(state: \.rows, action: \.rows))
    for (n, row) in rows.enumerated() { screens.observe(row, as: "row \(n)") }

    rows[1].send(.nothing)
    #expect(screens.invalidated.sorted() == ["row 0", "row 1", "row 2"])
  }

  /// Code generic over the rows' state cannot see their `==`; the store finds it, and compares
  /// rows with it all the same.
  @Test func rowsScopedWhereTheirEqualityIsNotVisibleAreComparedWithIt() {
    func rowStores<State, Action: CasePathable, ID: Hashable & Sendable, RowState, RowAction>(
      _ store: Store<State, Action>,
      state: KeyPath<State, IdentifiedArray<ID, RowState>>,
      action: CaseKeyPath<Action, IdentifiedAction<ID, RowAction>>
    ) -> [Store<RowState, RowAction>] {
      Array(store.scope(state: state, action: action))
    }
    let store = outline(rows: 3)
    let screens = Screens()
    let rows = rowStores(store, state: \.rows, action: \.rows)
    for (n, row) in rows.enumerated() { screens.observe(row, as: "row \(n)") }

    rows[2].send(.nameChanged("changed"))
    #expect(screens.invalidated == ["row 2"])
  }

  /// The comparison is the state type's own `==`: a field that `==` leaves out is, for the
  /// store, no change.
  @Test func theStateTypesOwnEqualityDecidesWhatIsAChange() {
    let store = Store(initialState: Annotated.State()) { Annotated() }
    let screens = Screens()
    screens.observe(store, as: "annotated")

    store.send(.noteChanged("ignored by =="))
    #expect(screens.invalidated == [])
    #expect(store.withState(\.note) == "ignored by ==")

    store.send(.valueChanged(1))
    #expect(screens.invalidated == ["annotated"])
  }

  /// Two specializations of one generic state type are two types: each store compares its
  /// values as its own type.
  @Test func storesOfTwoSpecializationsOfAGenericStateCompareTheirOwnType() {
    let strings = Store(initialState: Holder<String>.State(value: "a")) { Holder<String>() }
    let arrays = Store(initialState: Holder<[Int]>.State(value: [1])) { Holder<[Int]>() }
    let screens = Screens()
    screens.observe(strings, as: "strings")
    screens.observe(arrays, as: "arrays")

    strings.send(.set("a"))
    arrays.send(.set([1]))
    #expect(screens.invalidated == [])

    strings.send(.set("b"))
    arrays.send(.set([1, 2]))
    #expect(screens.invalidated == ["strings", "arrays"])
  }

  /// What fine observation costs: one copy of a watched list.
  ///
  /// A watched store keeps the state its screen read, to compare it after the next action, so
  /// that action's change to a list in that state copies the list once. Once the screen is
  /// notified, nothing is kept until it reads again.
  @Test func aWatchedListIsCopiedOnceByTheNextChange() {
    let store = Store(
      initialState: {
        var favorites = [2, 3]
        favorites.reserveCapacity(64)  // room to grow: an append in place never moves the list
        return favorites
      }()
    ) {
      AppendPrime()
    }
    func storage() -> UnsafeRawPointer? {
      store.withState { $0.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
    }
    let screens = Screens()

    let unwatched = storage()
    store.send(.append(5))
    #expect(storage() == unwatched)  // nobody read `state`: appended in place

    screens.observe(store, as: "favorites")
    let watched = storage()
    store.send(.append(7))
    #expect(screens.invalidated == ["favorites"])
    #expect(storage() != watched)  // the screen's copy was shared: the append copied the list

    let notified = storage()
    store.send(.append(11))
    #expect(storage() == notified)  // the screen has not read again: nothing was kept
    #expect(store.withState { $0 } == [2, 3, 5, 7, 11])
  }

  /// Screens come and go: the observations of stores that went away do not pile up, even when
  /// the store went away after its screen was notified (and so is never compared again).
  @Test func theObservationsOfStoresThatWentAwayAreForgotten() {
    let store = Store(initialState: Parent.State()) { Parent() }
    let screens = Screens()
    for _ in 0..<1_000 {
      // A new child store each time: the last one went away with its screen.
      let child = store.scope(state: \.counter, action: \.counter)
      screens.observe(child, as: "child")
      child.send(.incrementButtonTapped)
    }
    #expect(screens.invalidated.count == 1_000)
    #expect(store.withState(\.counter.count) == 1_000)
    #expect(store._observationCount <= 32)
  }

  /// An optional state and a state of a class type are compared as what they are.
  @Test func optionalAndClassStatesAreComparedWithTheirOwnEquality() {
    let optional = Store(initialState: Holder<Int?>.State(value: 1)) { Holder<Int?>() }
    let object = Store(initialState: Reference(1)) { Replacing() }
    let screens = Screens()
    screens.observe(optional, as: "optional")
    screens.observe(object, as: "object")

    optional.send(.set(1))
    object.send(.replace(1))  // a new object, equal to the last by its `==`
    #expect(screens.invalidated == [])

    optional.send(.set(nil))
    object.send(.replace(2))
    #expect(screens.invalidated == ["optional", "object"])
  }

  /// A store that went away is compared no more, and the stores still observed keep working.
  @Test func aStoreThatWentAwayIsNoLongerCompared() {
    let store = outline(rows: 2)
    let screens = Screens()
    do {
      let rows = Array(store.scope(state: \.rows, action: \.rows))
      screens.observe(rows[0], as: "row 0")
    }
    screens.observe(store, as: "outline")
    store.send(.rows(.element(id: row(0), action: .nameChanged("changed"))))
    #expect(screens.invalidated == ["outline"])
  }
}

/// A list's rows as its screens draw them: each drawn row's store is held, as a view holds it,
/// and observed.
@MainActor
final class DrawnRows {
  let collection: _StoreCollection<UUID, Outline.State, Outline.Action>
  let screens: ObservationGranularityTests.Screens
  var stores: [Int: StoreOf<Outline>] = [:]

  init(
    _ collection: _StoreCollection<UUID, Outline.State, Outline.Action>,
    on screens: ObservationGranularityTests.Screens
  ) {
    self.collection = collection
    self.screens = screens
  }

  func draw(_ n: Int) {
    stores[n] = collection[n]
    screens.observe(collection[n], as: "row \(n)")
  }
}

/// A counter a test's callbacks share.
@MainActor
final class Counter {
  var count = 0
}

/// A list whose rows each hold a class instance, whose deinit runs a test's code.
struct TokenList: Reducer {
  /// What a test runs when a token goes, held by the test.
  @MainActor
  final class Hooks {
    var onDeinit: ((Int) -> Void)?
  }
  /// A class instance in a row's state.
  final class Token: Equatable {
    let id: Int
    weak var hooks: Hooks?
    init(id: Int, hooks: Hooks?) {
      self.id = id
      self.hooks = hooks
    }
    deinit {
      let (id, hooks) = (id, hooks)
      MainActor.assumeIsolated { hooks?.onDeinit?(id) }
    }
    static func == (lhs: Token, rhs: Token) -> Bool { lhs === rhs }
  }
  struct Row: Reducer {
    struct State: Equatable, Identifiable {
      let id: Int
      var count = 0
      var token: Token
    }
    enum Action: Sendable {
      case increment
      case newToken
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment: state.count += 1
      case .newToken: state.token = Token(id: state.id, hooks: state.token.hooks)
      }
      return .none
    }
  }
  struct State {
    var rows: IdentifiedArray<Int, Row.State>
    init(hooks: Hooks) {
      rows = IdentifiedArray(
        uniqueElements: (0..<20).map { Row.State(id: $0, token: Token(id: $0, hooks: hooks)) }
      )
    }
  }
  enum Action: CasePathable, Sendable {
    case remove(id: Int)
    case rows(IdentifiedAction<Int, Row.Action>)
    struct AllCasePaths: Sendable {
      let rows = AnyCasePath<Action, IdentifiedAction<Int, Row.Action>>(
        embed: { .rows($0) },
        extract: { if case .rows(let action) = $0 { action } else { nil } }
      )
    }
    static let allCasePaths = AllCasePaths()
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .remove(let id) = action { state.rows.remove(id: id) }
      return .none
    }
    .forEach(\.rows, action: \.rows) { Row() }
  }
}

/// A feature whose state is not `Equatable`.
struct Opaque: Reducer {
  struct State { var count = 0 }
  enum Action { case nothing }
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

/// A list of features whose state is not `Equatable`.
struct OpaqueList: Reducer {
  struct Row: Reducer {
    struct State: Identifiable { let id: Int }
    enum Action { case nothing }
    func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
  }
  struct State {
    var rows = IdentifiedArray(uniqueElements: (0..<3).map { Row.State(id: $0) })
  }
  enum Action: CasePathable {
    case rows(IdentifiedAction<Int, Row.Action>)
    struct AllCasePaths: Sendable {
      let rows = AnyCasePath<Action, IdentifiedAction<Int, Row.Action>>(
        embed: { .rows($0) },
        extract: { if case .rows(let action) = $0 { action } else { nil } }
      )
    }
    static let allCasePaths = AllCasePaths()
  }
  var body: some ReducerOf<Self> {
    EmptyReducer().forEach(\.rows, action: \.rows) { Row() }
  }
}

/// A feature whose state's `==` leaves a field out.
struct Annotated: Reducer {
  struct State: Equatable {
    var value = 0
    var note = ""
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
  }
  enum Action {
    case noteChanged(String)
    case valueChanged(Int)
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .noteChanged(let note): state.note = note
    case .valueChanged(let value): state.value = value
    }
    return .none
  }
}

/// A feature generic over the value it holds.
struct Holder<Value: Equatable>: Reducer {
  struct State: Equatable { var value: Value }
  enum Action { case set(Value) }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if case .set(let value) = action { state.value = value }
    return .none
  }
}

/// A list of numbers that grows at the end.
struct AppendPrime: Reducer {
  enum Action { case append(Int) }
  func reduce(into state: inout [Int], action: Action) -> Effect<Action> {
    if case .append(let prime) = action { state.append(prime) }
    return .none
  }
}

/// A state of a class type, equal by its value.
final class Reference: Equatable {
  let value: Int
  init(_ value: Int) { self.value = value }
  static func == (lhs: Reference, rhs: Reference) -> Bool { lhs.value == rhs.value }
}

/// A feature whose state is an object, replaced by each action.
struct Replacing: Reducer {
  enum Action { case replace(Int) }
  func reduce(into state: inout Reference, action: Action) -> Effect<Action> {
    if case .replace(let value) = action { state = Reference(value) }
    return .none
  }
}
