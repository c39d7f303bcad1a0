import Clocks
import ComposableArchitectureTesting
import ExpectedFailures
import Testing

@testable import ComposableArchitecture

/// What building a reducer tree once means for feature code.
///
/// A store builds the tree when it is created, under its dependencies; a test store builds it
/// again when the test changes its dependencies.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ReducerBuildTests {
  @Test func aStoreBuildsTheBodyOnceForAllActions() {
    let builds = LockIsolated(0)
    let store = Store(initialState: Greeter.State()) {
      Greeter(builds: builds)
    } withDependencies: {
      $0.greeting = "store"
    }
    for _ in 1...5 { store.send(.stamp) }
    #expect(builds.withLock { $0 } == 1)
    #expect(store.state == Greeter.State(builtWith: "store", sentWith: "store", stamps: 5))
  }

  /// A lazily built child is built once, not on every action.
  ///
  /// A feature that contains itself builds the level below the store's at once; the level under
  /// that is built (with its own child) the first time an action reaches it, and then kept. Five
  /// actions at the third level build two more levels once; rebuilt per action, they would build
  /// ten.
  @Test func aLazilyBuiltChildIsBuiltOnceForAllItsActions() {
    let builds = LockIsolated(0)
    let third = Matryoshka.State()
    let store = Store(
      initialState: Matryoshka.State(inner: [Matryoshka.State(inner: [third])])
    ) {
      Matryoshka(builds: builds)
    }
    #expect(builds.withLock { $0 } == 2)
    for _ in 1...5 { store.send(.inner(.inner(.openButtonTapped))) }
    #expect(builds.withLock { $0 } == 4)
    #expect(store.state.innerDoll?.innerDoll?.opened == 5)
  }

  @Test func callingReduceDirectlyBuildsTheBodyOnEveryCall() {
    let builds = LockIsolated(0)
    let greeter = Greeter(builds: builds)
    var state = Greeter.State()
    for _ in 1...3 { _ = greeter.reduce(into: &state, action: .stamp) }
    #expect(builds.withLock { $0 } == 3)
    #expect(state.stamps == 3)
  }

  /// Why a direct call cannot keep a built function between calls, as a store does: one value of
  /// one reducer type builds a different tree under the dependencies of each call, so a cache
  /// keyed by the type (or the value) would answer the second call with the first call's tree.
  @Test func eachDirectCallBuildsUnderItsOwnDependencies() {
    let greeter = Greeter(builds: LockIsolated(0))
    var state = Greeter.State()
    withDependencies {
      $0.greeting = "first"
    } operation: {
      _ = greeter.reduce(into: &state, action: .stamp)
    }
    #expect(state.builtWith == "first")
    withDependencies {
      $0.greeting = "second"
    } operation: {
      _ = greeter.reduce(into: &state, action: .stamp)
    }
    #expect(state.builtWith == "second")
  }

  @Test func aDependencyOverrideIsInEffectWhileTheChildIsBuilt() {
    let builds = LockIsolated(0)
    let store = Store(initialState: GreeterHost.State()) {
      GreeterHost(builds: builds)
    } withDependencies: {
      $0.greeting = "store"
    }
    store.send(.greeter(.stamp))
    #expect(store.state.greeter.builtWith == "overridden")
    #expect(store.state.greeter.sentWith == "overridden")
    #expect(store.state.hostSaw == "store")
    #expect(builds.withLock { $0 } == 1)
  }

  @Test func aTestStoreRebuildsTheBodyAfterTheTestChangesDependencies() async {
    let builds = LockIsolated(0)
    let store = TestStore(initialState: Greeter.State()) {
      Greeter(builds: builds)
    } withDependencies: {
      $0.greeting = "first"
    }
    await store.send(.stamp) {
      $0.builtWith = "first"
      $0.sentWith = "first"
      $0.stamps = 1
    }
    await store.send(.stamp) { $0.stamps = 2 }
    #expect(builds.withLock { $0 } == 1)

    store.dependencies.greeting = "second"
    await store.send(.stamp) {
      $0.builtWith = "second"
      $0.sentWith = "second"
      $0.stamps = 3
    }
    #expect(builds.withLock { $0 } == 2)
  }

  @Test func storedPathsAreResolvedToOffsetsAndOthersStayKeyPaths() {
    #expect(_ResolvedKeyPath(\Shapes.State.stored).offset != nil)
    #expect(_ResolvedKeyPath(\Shapes.State.inner.counter).offset != nil)
    #expect(_ResolvedKeyPath(\Shapes.State.mirrored).offset == nil)
    #expect(_ResolvedKeyPath(\Shapes.State.counters[1]).offset == nil)
    #expect(_ResolvedKeyPath(\Shapes.State.box.counter).offset == nil)
  }

  @Test func everyShapeOfScopeChangesTheRightPartInAStoreAndDirectly() {
    let actions: [Shapes.Action] = [
      .stored(.incrementButtonTapped),
      .nested(.setCount(7)),
      .nested(.incrementButtonTapped),
      .element(.setCount(3)),
      .computed(.setCount(5)),
      .computed(.incrementButtonTapped),
      .boxed(.setCount(9)),
    ]
    let store = Store(initialState: Shapes.State()) { Shapes() }
    for action in actions { store.send(action) }

    var direct = Shapes.State()
    for action in actions { _ = Shapes().reduce(into: &direct, action: action) }

    for state in [store.state, direct] {
      #expect(state.stored.count == 6)  // the computed property writes through to `stored`
      #expect(state.inner == Shapes.State.Inner(padding: "unchanged", counter: .init(count: 8)))
      #expect(state.counters.map(\.count) == [0, 3, 0])
      #expect(state.setterCalls == 2)
      #expect(state.box.counter.count == 9)
    }
  }

  /// A child store reads its state by offset through stored properties and through the key path
  /// otherwise; every shape reads what the key path reads, after every change.
  @Test func aChildStoreReadsEveryShapeOfPathAsItsKeyPathDoes() {
    #expect(_ResolvedReadPath(\Shapes.State.inner.counter).offset != nil)
    #expect(_ResolvedReadPath(\Shapes.State.mirrored).offset == nil)
    #expect(_ResolvedReadPath(\Shapes.State.counters[1]).offset == nil)
    #expect(_ResolvedReadPath(\Shapes.State.box.counter).offset == nil)
    let store = Store(initialState: Shapes.State()) { Shapes() }
    let children = [
      store.scope(state: \.stored, action: \.stored),
      store.scope(state: \.inner.counter, action: \.nested),
      store.scope(state: \.counters[1], action: \.element),
      store.scope(state: \.mirrored, action: \.computed),
      store.scope(state: \.box.counter, action: \.boxed),
    ]
    for (n, child) in children.enumerated() {
      child.send(.setCount(10 + n))
      let state = store.state
      let expected = [
        state.stored, state.inner.counter, state.counters[1], state.mirrored, state.box.counter,
      ]
      #expect(children.map(\.state) == expected)
      #expect(expected[n].count == 10 + n)
    }
  }

  /// Not matched: a feature that writes both a `body` and its own `reduce(into:action:)`.
  ///
  /// The Composable Architecture runs the feature's own `reduce` wherever it runs the feature
  /// (its macro warns that `body` is then never used). Here a store runs the `body` it built and
  /// never calls that `reduce`; only a direct call does. Swift offers no way to ask which
  /// `reduce` a type has short of calling it, which would run the feature's code on the store's
  /// state. Debug and release builds run the same code. This test shows the difference as it
  /// is, so that closing it shows too.
  @Test func aFeatureWithABodyAndItsOwnReduceRunsOnlyItsBodyInAStore() {
    let store = Store(initialState: [String]()) { BodyAndReduce() }
    let issues = IssueReporting.collect { store.send(.tap) }
    var direct: [String] = []
    _ = BodyAndReduce().reduce(into: &direct, action: .tap)
    #expect(store.state == ["body"])
    #expect(direct == ["reduce", "body"])
    #expect(issues.isEmpty)
  }

  /// The same feature over state held in an object: the store never calls the feature's own
  /// `reduce`, so the object sees the body's writes only, in debug and release builds alike.
  @Test func aStoreNeverCallsTheOwnReduceOfAFeatureWithABody() {
    let log = EntryLog()
    let store = Store(initialState: log) { LoggingBodyAndReduce() }
    for _ in 1...100 { store.send(.tap) }
    #expect(log.entries == Array(repeating: "body", count: 100))
  }
}

/// State held in an object, as a feature over a class might keep it.
final class EntryLog {
  var entries: [String] = []
}

/// ``BodyAndReduce`` over an ``EntryLog``.
struct LoggingBodyAndReduce: Reducer {
  enum Action: Equatable { case tap }

  var body: some Reducer<EntryLog, Action> {
    Reduce { log, _ in
      log.entries.append("body")
      return .none
    }
  }

  func reduce(into log: inout EntryLog, action: Action) -> Effect<Action> {
    log.entries.append("reduce")
    return body.reduce(into: &log, action: action)
  }
}

/// Writes both a `body` and its own `reduce(into:action:)`, which logs and then runs the body.
struct BodyAndReduce: Reducer {
  enum Action: Equatable { case tap }

  var body: some Reducer<[String], Action> {
    Reduce { state, _ in
      state.append("body")
      return .none
    }
  }

  func reduce(into state: inout [String], action: Action) -> Effect<Action> {
    state.append("reduce")
    return body.reduce(into: &state, action: action)
  }
}

/// Counts how often its body is built and records the greeting it saw then and at each action.
struct Greeter: Reducer {
  struct State: Equatable {
    var builtWith = ""
    var sentWith = ""
    var stamps = 0
  }
  enum Action: Equatable, CasePathable {
    case stamp
    struct AllCasePaths: Sendable {
      let stamp = AnyCasePath<Action, Void>(
        embed: { .stamp },
        extract: { if case .stamp = $0 { () } else { nil } }
      )
    }
    static let allCasePaths = AllCasePaths()
  }

  let builds: LockIsolated<Int>
  @Dependency(\.greeting) var greeting

  var body: some Reducer<State, Action> {
    let _ = builds.withLock { $0 += 1 }
    let builtWith = greeting
    Reduce { state, _ in
      state.builtWith = builtWith
      state.sentWith = greeting
      state.stamps += 1
      return .none
    }
  }
}

/// Runs a `Greeter` under an overridden greeting, and records the greeting it sees itself.
struct GreeterHost: Reducer {
  struct State: Equatable {
    var greeter = Greeter.State()
    var hostSaw = ""
  }
  enum Action: Equatable, CasePathable {
    case greeter(Greeter.Action)
    struct AllCasePaths: Sendable {
      let greeter = AnyCasePath<Action, Greeter.Action>(
        embed: { .greeter($0) },
        extract: { if case .greeter(let action) = $0 { action } else { nil } }
      )
    }
    static let allCasePaths = AllCasePaths()
  }

  let builds: LockIsolated<Int>
  @Dependency(\.greeting) var greeting

  var body: some Reducer<State, Action> {
    Scope(state: \.greeter, action: \.greeter) {
      Greeter(builds: builds).dependency(\.greeting, "overridden")
    }
    Reduce { state, _ in
      state.hostSaw = greeting
      return .none
    }
  }
}

/// A `Tally` scoped five ways: a stored property, a nested stored property after other
/// fields, an array element, a computed property with a setter, and a property of a class.
struct Shapes: Reducer {
  final class Box: Equatable {
    var counter = Tally.State()
    static func == (lhs: Box, rhs: Box) -> Bool { lhs.counter == rhs.counter }
  }
  struct State: Equatable {
    struct Inner: Equatable {
      var padding = "unchanged"
      var counter = Tally.State()
    }
    var flag = false
    var stored = Tally.State()
    var inner = Inner()
    var counters = [Tally.State(), Tally.State(), Tally.State()]
    var setterCalls = 0
    let box = Box()
    var mirrored: Tally.State {
      get { Tally.State(count: stored.count) }
      set {
        stored.count = newValue.count
        setterCalls += 1
      }
    }
  }
  enum Action: Equatable, CasePathable {
    case stored(Tally.Action)
    case nested(Tally.Action)
    case element(Tally.Action)
    case computed(Tally.Action)
    case boxed(Tally.Action)
    struct AllCasePaths: Sendable {
      let stored = AnyCasePath<Action, Tally.Action>(
        embed: { .stored($0) },
        extract: { if case .stored(let action) = $0 { action } else { nil } }
      )
      let nested = AnyCasePath<Action, Tally.Action>(
        embed: { .nested($0) },
        extract: { if case .nested(let action) = $0 { action } else { nil } }
      )
      let element = AnyCasePath<Action, Tally.Action>(
        embed: { .element($0) },
        extract: { if case .element(let action) = $0 { action } else { nil } }
      )
      let computed = AnyCasePath<Action, Tally.Action>(
        embed: { .computed($0) },
        extract: { if case .computed(let action) = $0 { action } else { nil } }
      )
      let boxed = AnyCasePath<Action, Tally.Action>(
        embed: { .boxed($0) },
        extract: { if case .boxed(let action) = $0 { action } else { nil } }
      )
    }
    static let allCasePaths = AllCasePaths()
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.stored, action: \.stored) { Tally() }
    Scope(state: \.inner.counter, action: \.nested) { Tally() }
    Scope(state: \.counters[1], action: \.element) { Tally() }
    Scope(state: \.mirrored, action: \.computed) { Tally() }
    Scope(state: \.box.counter, action: \.boxed) { Tally() }
  }
}

/// A doll holding an optional doll of its own kind (`ifLet(\.innerDoll) { Self(…) }`), counting
/// how many times a body is built.
struct Matryoshka: Reducer {
  struct State: Equatable, Sendable {
    var opened = 0
    // A struct cannot hold itself inline; an array is the box.
    var inner: [State] = []

    var innerDoll: State? {
      get { inner.first }
      set { inner = newValue.map { [$0] } ?? [] }
    }
  }

  indirect enum Action: Equatable, Sendable {
    case inner(Action)
    case openButtonTapped
  }

  let builds: LockIsolated<Int>

  var body: some ReducerOf<Self> {
    let _ = builds.withLock { $0 += 1 }
    Reduce { state, action in
      if case .openButtonTapped = action { state.opened += 1 }
      return .none
    }
    .ifLet(\.innerDoll, action: \.inner) { Self(builds: builds) }
  }
}

extension Matryoshka.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let inner = AnyCasePath<Matryoshka.Action, Matryoshka.Action>(
      embed: { .inner($0) },
      extract: { if case .inner(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}
