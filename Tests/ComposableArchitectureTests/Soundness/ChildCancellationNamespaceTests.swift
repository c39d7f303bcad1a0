import ComposableArchitecture
import ComposableArchitectureTesting
import Testing

/// A child integrated with plain `ifLet` or `ifCaseLet` cancels its effects by ID in a namespace
/// of its own: the same ID in its parent, or in the level above in a feature that holds itself,
/// is another effect.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ChildCancellationNamespaceTests {
  /// The ID both levels use, as two features written apart would.
  enum CancelID { case timer }

  /// Sends `tick` every second until `CancelID.timer` is cancelled.
  nonisolated static func timer<Action: Sendable>(
    _ clock: any Clock<Duration>,
    tick: Action
  ) -> Effect<Action> {
    .run { send in
      while true {
        try await clock.sleep(for: .seconds(1))
        await send(tick)
      }
    }
    .cancellable(id: CancelID.timer)
  }

  /// Ticks every second while its timer runs; holds an optional child of its own kind (plain
  /// `ifLet`).
  struct Ticker: Reducer {
    struct State: Equatable, Sendable {
      var ticks = 0
      // A struct cannot hold itself inline; an array is the box.
      var children: [State] = []

      var child: State? {
        get { children.first }
        set { children = newValue.map { [$0] } ?? [] }
      }
    }

    indirect enum Action: Equatable, Sendable {
      case child(Action)
      case closeChildButtonTapped
      case showChildButtonTapped
      case startButtonTapped
      case stopButtonTapped
      case tick
    }

    @Dependency(\.continuousClock) var clock

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .child:
          return .none
        case .closeChildButtonTapped:
          state.child = nil
          return .none
        case .showChildButtonTapped:
          state.child = State()
          return .none
        case .startButtonTapped:
          return ChildCancellationNamespaceTests.timer(clock, tick: .tick)
        case .stopButtonTapped:
          return .cancel(id: CancelID.timer)
        case .tick:
          state.ticks += 1
          return .none
        }
      }
      .ifLet(\.child, action: \.child) { Self() }
    }
  }

  /// One of two screens, each a ``Ticker`` (`ifCaseLet`), with a timer of its own.
  struct Switcher: Reducer {
    enum State: Equatable, Sendable {
      case ticker(Ticker.State)
      case other
    }

    enum Action: Equatable, Sendable {
      case startButtonTapped
      case stopButtonTapped
      case tick
      case ticker(Ticker.Action)
    }

    @Dependency(\.continuousClock) var clock

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .startButtonTapped:
          return ChildCancellationNamespaceTests.timer(clock, tick: .tick)
        case .stopButtonTapped:
          return .cancel(id: CancelID.timer)
        case .tick:
          state = .other
          return .none
        case .ticker:
          return .none
        }
      }
      .ifCaseLet(\.ticker, action: \.ticker) { Ticker() }
    }
  }

  private func makeStore(_ clock: TestClock) -> TestStore<Ticker.State, Ticker.Action> {
    TestStore(initialState: Ticker.State()) {
      Ticker()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func anIfLetChildsCancelLeavesItsParentsEffectWithTheSameID() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.startButtonTapped)
    await store.send(.showChildButtonTapped) { $0.child = Ticker.State() }
    await store.send(.child(.stopButtonTapped))
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.send(.stopButtonTapped)
  }

  @Test func anIfCaseLetChildsCancelLeavesItsParentsEffectWithTheSameID() async {
    let clock = TestClock()
    let store = TestStore(initialState: Switcher.State.ticker(Ticker.State())) {
      Switcher()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startButtonTapped)
    await store.send(.ticker(.stopButtonTapped))
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0 = .other }
    await store.send(.stopButtonTapped)
  }

  /// A level that closes its own child cancels that child's work, not its own.
  @Test func closingAGrandchildLeavesTheChildsOwnEffects() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.showChildButtonTapped) { $0.child = Ticker.State() }
    await store.send(.child(.startButtonTapped))
    await store.send(.child(.showChildButtonTapped)) { $0.child?.child = Ticker.State() }
    await store.send(.child(.child(.startButtonTapped)))
    await store.send(.child(.closeChildButtonTapped)) { $0.child?.child = nil }
    await clock.advance(by: .seconds(1))
    await store.receive(.child(.tick)) { $0.child?.ticks = 1 }
    await store.send(.closeChildButtonTapped) { $0.child = nil }
  }
}

extension ChildCancellationNamespaceTests.Ticker.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let child = AnyCasePath<
      ChildCancellationNamespaceTests.Ticker.Action, ChildCancellationNamespaceTests.Ticker.Action
    >(
      embed: { .child($0) },
      extract: { if case .child(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

extension ChildCancellationNamespaceTests.Switcher.State: CasePathable {
  struct AllCasePaths: Sendable {
    let ticker = AnyCasePath<
      ChildCancellationNamespaceTests.Switcher.State, ChildCancellationNamespaceTests.Ticker.State
    >(
      embed: { .ticker($0) },
      extract: { if case .ticker(let state) = $0 { state } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

extension ChildCancellationNamespaceTests.Switcher.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let ticker = AnyCasePath<
      ChildCancellationNamespaceTests.Switcher.Action, ChildCancellationNamespaceTests.Ticker.Action
    >(
      embed: { .ticker($0) },
      extract: { if case .ticker(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}
