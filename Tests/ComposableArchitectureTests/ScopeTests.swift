import ComposableArchitecture
import Testing

@MainActor
@Suite struct ScopeTests {
  @Test func structScopeRunsTheChildBeforeTheParent() {
    let store = Store(initialState: Parent.State()) { Parent() }
    store.send(.counter(.incrementButtonTapped))
    #expect(store.state.counter.count == 1)
    #expect(store.state.log == ["parent saw counter incrementButtonTapped at 1"])
  }

  @Test func otherActionsDoNotReachTheChild() {
    var state = Tally.State(count: 5)
    let scope = Scope(state: \Tally.State.self, action: \Parent.Action.AllCasePaths.counter) {
      Tally()
    }
    _ = scope.reduce(into: &state, action: .dismissButtonTapped)
    #expect(state.count == 5)
  }

  @Test func enumScopeRunsTheChildInItsCase() {
    var state = Screen.counter(Tally.State(count: 1))
    let scope = Scope(
      state: \Screen.AllCasePaths.counter,
      action: \ScreenAction.AllCasePaths.counter
    ) {
      Tally()
    }
    _ = scope.reduce(into: &state, action: .counter(.incrementButtonTapped))
    #expect(state == .counter(Tally.State(count: 2)))
  }

  @Test func enumScopeReportsAChildActionInAnotherCase() async {
    var state = Screen.message("hello")
    let scopeLine = #line + 1
    let scope = Scope(
      state: \Screen.AllCasePaths.counter,
      action: \ScreenAction.AllCasePaths.counter
    ) {
      Tally()
    }
    let issues = IssueReporting.collect {
      _ = scope.reduce(into: &state, action: .counter(.incrementButtonTapped))
    }
    #expect(state == .message("hello"))
    #expect(issues.count == 1)
    let message = issues.first?.message ?? ""
    #expect(message.hasPrefix("A \"Scope\" at \"ComposableArchitectureTests/ScopeTests.swift:"))
    #expect(
      message.contains("received a child action when child state was set to a different case")
    )
    #expect(issues.first?.location.line == scopeLine)
  }

  @Test func childEffectsAreMappedToParentActions() async {
    struct Child: Reducer {
      func reduce(into state: inout Int, action: Tally.Action) -> Effect<Tally.Action> {
        switch action {
        case .incrementButtonTapped:
          state += 1
          return .run { send in await send(.setCount(100)) }
        case .setCount(let value):
          state = value
          return .none
        case .decrementButtonTapped:
          return .send(.setCount(-1))
        }
      }
    }
    struct Host: Reducer {
      var body: some Reducer<Int, Parent.Action> {
        Scope(state: \.self, action: \.counter) { Child() }
      }
    }
    let store = Store(initialState: 0) { Host() }
    await store.send(.counter(.incrementButtonTapped)).finish()
    #expect(store.state == 100)
    store.send(.counter(.decrementButtonTapped))
    #expect(store.state == -1)
  }
}

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct IfLetTests {
  @Test func childRunsBeforeParentWhilePresent() {
    let store = Store(initialState: Parent.State()) { Parent() }
    store.send(.presentButtonTapped)
    store.send(.optionalCounter(.incrementButtonTapped))
    #expect(store.state.optionalCounter?.count == 1)
    #expect(store.state.log == ["parent saw optional incrementButtonTapped at Optional(1)"])
  }

  @Test func childActionWhileNilIsReported() async {
    let store = Store(initialState: Parent.State()) { Parent() }
    let issues = IssueReporting.collect {
      store.send(.optionalCounter(.incrementButtonTapped))
    }
    #expect(store.state.optionalCounter == nil)
    #expect(issues.count == 1)
    #expect(
      issues.first?.message.contains(
        "received a child action when child state was \"nil\""
      ) == true
    )
    #expect(issues.first?.message.contains("Features.swift") == true)
    // The action is drawn as every operator's message draws it.
    #expect(
      issues.first?.message.contains(
        "    Parent.Action.optionalCounter(.incrementButtonTapped)\n"
      ) == true
    )
  }

  @Test func dismissingTheChildCancelsItsEffects() async {
    let clock = TestClock()
    let store = Store(initialState: TimerHost.State(timer: TimerFeature.State())) {
      TimerHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await withMainSerialExecutor {
      let task = store.send(.timer(.startButtonTapped))
      await clock.advance(by: .seconds(2))
      #expect(store.state.timer?.ticks == 2)
      store.send(.dismissButtonTapped)
      #expect(store.state.timer == nil)
      await clock.advance(by: .seconds(5))
      #expect(store.state.timer == nil)
      #expect(clock.sleeperCount == 0)
      task.cancel()  // cleanup only: a missing cancellation must fail above, not hang here
      await task.finish()
    }
  }
}

@MainActor
@Suite struct IfCaseLetTests {
  struct Host: Reducer {
    var body: some Reducer<Screen, ScreenAction> {
      Reduce { state, action in
        if case .showMessage(let text) = action { state = .message(text) }
        return .none
      }
      .ifCaseLet(\.counter, action: \.counter) { Tally() }
    }
  }

  @Test func childRunsInItsCase() {
    let store = Store(initialState: Screen.counter(Tally.State())) { Host() }
    store.send(.counter(.incrementButtonTapped))
    #expect(store.state == .counter(Tally.State(count: 1)))
    store.send(.showMessage("done"))
    #expect(store.state == .message("done"))
  }

  @Test func childActionInAnotherCaseIsReported() async {
    let store = Store(initialState: Screen.message("hi")) { Host() }
    let issues = IssueReporting.collect {
      store.send(.counter(.incrementButtonTapped))
    }
    #expect(store.state == .message("hi"))
    #expect(issues.count == 1)
    #expect(
      issues.first?.message.contains(
        "\"ifCaseLet\" at \"ComposableArchitectureTests/ScopeTests.swift:"
      ) == true
    )
  }
}

/// A feature with a timer on `\.continuousClock`, presented optionally by `TimerHost`.
struct TimerFeature: Reducer {
  struct State: Equatable {
    var ticks = 0
  }

  enum Action: Equatable {
    case startButtonTapped
    case tick
  }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startButtonTapped:
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

struct TimerHost: Reducer {
  struct State: Equatable {
    var timer: TimerFeature.State?
  }

  enum Action: Equatable, CasePathable {
    case timer(TimerFeature.Action)
    case dismissButtonTapped

    struct AllCasePaths: Sendable {
      let timer = AnyCasePath<Action, TimerFeature.Action>(
        embed: { .timer($0) },
        extract: { if case .timer(let action) = $0 { action } else { nil } }
      )
    }
    static let allCasePaths = AllCasePaths()
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if action == .dismissButtonTapped { state.timer = nil }
      return .none
    }
    .ifLet(\.timer, action: \.timer) { TimerFeature() }
  }
}
