import ComposableArchitectureTesting
import Testing

/// Children removed by a reducer other than their `ifLet`/`forEach`, and sibling instances of
/// one feature: a child's effects end when it goes, whoever removed it, and only its own.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ChildEffectLifetimeTests {
  /// A sibling reducer runs before `ifLet` and dismisses the child: `ifLet` sees a child it had
  /// presented missing on that same action and cancels its timer.
  ///
  /// The same through the tree a store builds and through direct calls of
  /// `reduce(into:action:)` (`running:`), which keep nothing between calls: what `ifLet` saw is
  /// kept in the state.
  @Test(arguments: [false, true], Running.allCases)
  func presentedChildRemovedBySibling(removesAfterTheOperators: Bool, running: Running) async {
    let clock = TestClock()
    let store = Self.makeStore(
      Sidelined.State(detail: Metronome.State()),
      Sidelined(removesAfterTheOperators: removesAfterTheOperators),
      running,
      clock
    )
    await store.send(.detail(.presented(.startTimerButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.detail(.presented(.tick))) { $0.detail?.ticks = 1 }
    await store.send(.closeButtonTapped) { $0.detail = nil }
    if removesAfterTheOperators {
      // The sibling ran after `ifLet`: the next action through `ifLet` ends the timer.
      await store.send(.refreshButtonTapped)
    }
    await clock.advance(by: .seconds(5))
  }

  /// A sibling reducer empties the stack in place (`removeAll()`): the elements' timers end, on
  /// the same action or the next, both ways of running the reducer.
  @Test(arguments: [false, true], Running.allCases)
  func stackElementsRemovedBySibling(removesAfterTheOperators: Bool, running: Running) async {
    let clock = TestClock()
    let store = Self.makeStore(
      Sidelined.State(),
      Sidelined(removesAfterTheOperators: removesAfterTheOperators),
      running,
      clock
    )
    await store.send(.path(.push(Metronome.State()))) { $0.path[id: 0] = Metronome.State() }
    await store.send(.path(.element(id: 0, action: .startTimerButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .tick))) { $0.path[id: 0]?.ticks = 1 }
    await store.send(.popToRootButtonTapped) { $0.path = StackState() }
    if removesAfterTheOperators {
      await store.send(.refreshButtonTapped)
    }
    await clock.advance(by: .seconds(5))
  }

  static func makeStore(
    _ state: Sidelined.State,
    _ feature: Sidelined,
    _ running: Running,
    _ clock: TestClock
  ) -> TestStore<Sidelined.State, Sidelined.Action> {
    switch running {
    case .built:
      TestStore(initialState: state) {
        feature
      } withDependencies: {
        $0.continuousClock = clock
      }
    case .direct:
      TestStore(initialState: state) {
        RunDirectly(base: feature)
      } withDependencies: {
        $0.continuousClock = clock
      }
    }
  }

  /// Two panes of one feature, each presenting a detail: closing the left one (#1) leaves the
  /// right one's (#2) timer running, because each child's cancellation identity includes its
  /// `id`.
  @Test func siblingPanesKeepTheirOwnChildEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: SplitView.State()) {
      SplitView()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.left(.showDetailButtonTapped(id: 1))) {
      $0.left.detail = Metronome.State(id: 1)
    }
    await store.send(.right(.showDetailButtonTapped(id: 2))) {
      $0.right.detail = Metronome.State(id: 2)
    }
    await store.send(.left(.detail(.presented(.startTimerButtonTapped))))
    await store.send(.right(.detail(.presented(.startTimerButtonTapped))))
    await clock.advance(by: .seconds(1))
    await store.receive(.left(.detail(.presented(.tick)))) { $0.left.detail?.ticks = 1 }
    await store.receive(.right(.detail(.presented(.tick)))) { $0.right.detail?.ticks = 1 }
    await store.send(.left(.detail(.dismiss))) { $0.left.detail = nil }
    await clock.advance(by: .seconds(1))
    await store.receive(.right(.detail(.presented(.tick)))) { $0.right.detail?.ticks = 2 }
    await store.send(.right(.detail(.dismiss))) { $0.right.detail = nil }
  }
  /// Two panes presenting details with the same `id` share their children's effects.
  ///
  /// The two children have the same cancellation identity (a `Scope` adds nothing to it, as in
  /// the Composable Architecture), so closing the left one cancels the right one's timer too. A
  /// list's rows differ by row id; panes differ only by the child's own identity.
  @Test func siblingPanesPresentingTheSameIDShareTheirChildEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: SplitView.State()) {
      SplitView()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.left(.showDetailButtonTapped(id: 1))) {
      $0.left.detail = Metronome.State(id: 1)
    }
    await store.send(.right(.showDetailButtonTapped(id: 1))) {
      $0.right.detail = Metronome.State(id: 1)
    }
    await store.send(.left(.detail(.presented(.startTimerButtonTapped))))
    await store.send(.right(.detail(.presented(.startTimerButtonTapped))))
    await clock.advance(by: .seconds(1))
    await store.receive(.left(.detail(.presented(.tick)))) { $0.left.detail?.ticks = 1 }
    await store.receive(.right(.detail(.presented(.tick)))) { $0.right.detail?.ticks = 1 }
    await store.send(.left(.detail(.dismiss))) { $0.left.detail = nil }
    await clock.advance(by: .seconds(1))
    await store.send(.right(.detail(.dismiss))) { $0.right.detail = nil }
  }

}

/// Behaviours of the test tools a Composable Architecture user's test depends on.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct TestToolFidelityTests {
  /// An effect that sleeps for zero seconds on a `TestClock` waits for the clock to move, so a
  /// test can cancel it first: the action it would send never arrives.
  @Test func aZeroSleepThenCancelSendsNothing() async {
    let clock = TestClock()
    let store = TestStore(initialState: Deferral.State()) {
      Deferral()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startButtonTapped)
    await store.send(.cancelButtonTapped)
    await clock.advance(by: .zero)
  }

  /// Comparing a presentation with itself (the same storage) never runs the wrapped `==`.
  @Test func presentationEqualityShortCircuitsOnSharedStorage() {
    let counter = EqualityCounter()
    let presentation = PresentationState(wrappedValue: Counted(counter: counter))
    let copy = presentation
    #expect(presentation == copy)
    #expect(counter.comparisons == 0)
    var changed = copy
    changed.wrappedValue = Counted(counter: counter)
    #expect(presentation == changed)
    #expect(counter.comparisons == 1)
  }
}

/// Counts how often `==` runs.
final class EqualityCounter: Sendable {
  private let count = LockIsolated(0)
  var comparisons: Int { count.withLock { $0 } }
  func increment() { count.withLock { $0 += 1 } }
}

/// A value whose `==` is counted.
struct Counted: Equatable {
  let counter: EqualityCounter
  static func == (lhs: Counted, rhs: Counted) -> Bool {
    lhs.counter.increment()
    return true
  }
}

/// Sleeps for zero seconds, then reports; cancellable.
struct Deferral: Reducer {
  struct State: Equatable {}

  enum Action: Equatable, Sendable {
    case startButtonTapped
    case cancelButtonTapped
    case fired
  }

  enum CancelID { case sleep }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startButtonTapped:
      return .run { [clock] send in
        try await clock.sleep(for: .zero)
        await send(.fired)
      }
      .cancellable(id: CancelID.sleep)
    case .cancelButtonTapped:
      return .cancel(id: CancelID.sleep)
    case .fired:
      return .none
    }
  }
}
