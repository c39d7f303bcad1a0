import ComposableArchitectureTesting
import ExpectedFailures
import Testing

/// A timer feature that speaks its parent's language: its actions are `Stopwatch.Action`.
private struct Lap: Reducer {
  struct State: Equatable {
    var ticks = 0
  }
  typealias Action = Stopwatch.Action

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tickButtonTapped:
      state.ticks += 1
      return .none
    case .startButtonTapped:
      return .run { send in await send(.tickButtonTapped) }
    case .stopButtonTapped:
      return .none
    }
  }
}

/// A parent whose children use its own action type, integrated with `action: \.self`.
private struct Stopwatch: Reducer {
  struct State: Equatable {
    var lap = Lap.State()
    var optionalLap: Lap.State?
    var mode = Mode.running(Lap.State())
    var log: [String] = []
  }

  enum Mode: Equatable, CasePathable {
    case running(Lap.State)
    case stopped

    struct AllCasePaths: Sendable {
      let running = AnyCasePath<Mode, Lap.State>(
        embed: { .running($0) },
        extract: { if case .running(let state) = $0 { state } else { nil } }
      )
    }
    static let allCasePaths = AllCasePaths()
  }

  enum Action: Equatable, CasePathable {
    case tickButtonTapped
    case startButtonTapped
    case stopButtonTapped

    struct AllCasePaths: Sendable {
      let tickButtonTapped = AnyCasePath<Action, Void>(
        embed: { .tickButtonTapped },
        extract: { if case .tickButtonTapped = $0 { () } else { nil } }
      )
    }
    static let allCasePaths = AllCasePaths()
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.lap, action: \.self) {
      Lap()
    }
    Scope(state: \.mode, action: \.self) {
      Scope(state: \.running, action: \.self) {
        Lap()
      }
    }
    Reduce { state, action in
      state.log.append("parent saw \(action)")
      if action == .stopButtonTapped { state.mode = .stopped }
      return .none
    }
    .ifLet(\.optionalLap, action: \.self) {
      Lap()
    }
  }
}

/// `\.self` as an action path: a child whose actions are its parent's own, as the Composable
/// Architecture's `Scope(state: \.x, action: \.self)`, `ifLet(_:action: \.self)` and
/// `store.scope(state:action: \.self)` are written.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct SelfCaseKeyPathTests {
  @Test func scopeWithSelfRunsTheChildOnEveryParentActionAndItsEffectsComeBack() async {
    let store = TestStore(initialState: Stopwatch.State(optionalLap: Lap.State())) {
      Stopwatch()
    }
    await store.send(.startButtonTapped) {
      $0.log = ["parent saw startButtonTapped"]
    }
    // Three children started the same effect; each sends the parent's own action back.
    for expected in 1...3 {
      await store.receive(.tickButtonTapped) {
        $0.lap.ticks = expected
        $0.mode = .running(Lap.State(ticks: expected))
        $0.optionalLap?.ticks = expected
        $0.log.append("parent saw tickButtonTapped")
      }
    }
  }

  @Test func aDirectReduceAgreesWithTheStore() async {
    var state = Stopwatch.State(optionalLap: Lap.State())
    _ = Stopwatch().reduce(into: &state, action: .tickButtonTapped)
    let store = Store(initialState: Stopwatch.State(optionalLap: Lap.State())) { Stopwatch() }
    store.send(.tickButtonTapped)
    #expect(state == store.state)
    #expect(state.lap.ticks == 1 && state.optionalLap?.ticks == 1)
    #expect(state.mode == .running(Lap.State(ticks: 1)))
  }

  @Test func aScopeToACaseWithSelfReportsActionsWhileInAnotherCase() async {
    var state = Stopwatch.State(mode: .stopped)
    let issues = IssueReporting.collect {
      let scope = Scope(state: \Stopwatch.State.mode, action: \Stopwatch.Action.AllCasePaths.self) {
        Scope(state: \.running, action: \.self) { Lap() }
      }
      _ = scope.reduce(into: &state, action: .tickButtonTapped)
    }
    #expect(state.mode == .stopped)
    #expect(issues.count == 1)
    #expect(
      issues.first?.message.contains(
        "received a child action when child state was set to a different case"
      ) == true
    )
  }

  @Test func ifLetWithSelfReportsEveryActionWhileTheChildIsAbsent() async {
    let store = TestStore(initialState: Stopwatch.State()) { Stopwatch() }
    // Every action is a child action, and there is no child: the Composable Architecture
    // reports it too.
    await expectFailure {
      await store.send(.tickButtonTapped) {
        $0.lap.ticks = 1
        $0.mode = .running(Lap.State(ticks: 1))
        $0.log = ["parent saw tickButtonTapped"]
      }
    } matching: { issue in
      issue.message.contains("received a child action when child state was \"nil\"")
    }
  }

  @Test func storeScopeWithSelfSendsTheParentsActionsAndIsKept() async {
    let store = Store(initialState: Stopwatch.State(optionalLap: Lap.State())) { Stopwatch() }
    let lap = store.scope(state: \.lap, action: \.self)
    #expect(store.scope(state: \.lap, action: \.self) === lap)
    lap.send(.tickButtonTapped)
    #expect(lap.state.ticks == 1)
    #expect(store.state.log == ["parent saw tickButtonTapped"])

    let optionalLap = store.scope(state: \.optionalLap, action: \.self)
    #expect(optionalLap?.state.ticks == 1)
    #expect(store.scope(state: \.optionalLap, action: \.self) === optionalLap)
  }

  @Test func storeScopeWithSelfToAnAbsentChildIsNil() {
    let store = Store(initialState: Stopwatch.State()) { Stopwatch() }
    #expect(store.scope(state: \.optionalLap, action: \.self) == nil)
  }
}
