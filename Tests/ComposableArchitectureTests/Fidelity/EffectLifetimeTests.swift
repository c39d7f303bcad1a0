import ComposableArchitectureTesting
import ExpectedFailures
import Testing

/// When a child's effects end: on removal, on a change of identity, on a parent's cancellation.
///
/// Every test is exhaustive, so an effect that outlives its child fails
/// it twice over: its ticks arrive unasserted, and it is still running at the end.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct EffectLifetimeTests {
  let clock = TestClock()

  func makeStore(
    _ state: Host.State,
    _ running: Running = .built
  ) -> TestStore<Host.State, Host.Action> {
    switch running {
    case .built:
      TestStore(initialState: state) {
        Host()
      } withDependencies: { [clock] in
        $0.continuousClock = clock
      }
    case .direct:
      TestStore(initialState: state) {
        RunDirectly(base: Host())
      } withDependencies: { [clock] in
        $0.continuousClock = clock
      }
    }
  }

  // MARK: Identity

  @Test(arguments: Running.allCases)
  func ifLetCancelsAChildReplacedByAnotherID(running: Running) async {
    let store = makeStore(Host.State(item: Ticker.State(id: 1)), running)
    await store.send(.item(.startButtonTapped))
    await clock.advance(by: .seconds(1))
    await store.receive(\.item.tick) { $0.item?.ticks = 1 }
    await store.send(.replaceItemButtonTapped(id: 2)) { $0.item = Ticker.State(id: 2) }
    await clock.advance(by: .seconds(5))
  }

  @Test func ifLetKeepsTheEffectsOfAnEditedChild() async {
    let store = makeStore(Host.State(item: Ticker.State(id: 1)))
    await store.send(.item(.startButtonTapped))
    await clock.advance(by: .seconds(1))
    await store.receive(\.item.tick) { $0.item?.ticks = 1 }
    // Same id: the same child, so its timer goes on.
    await store.send(.editItemButtonTapped) { $0.item?.ticks = 0 }
    await clock.advance(by: .seconds(1))
    await store.receive(\.item.tick) { $0.item?.ticks = 1 }
    await store.send(.item(.stopButtonTapped))
  }

  @Test(arguments: Running.allCases)
  func presentationCancelsAReplacedChild(running: Running) async {
    let store = makeStore(Host.State(sheet: Ticker.State(id: 1)), running)
    await store.send(.sheet(.presented(.startButtonTapped)))
    await store.send(.replaceSheetButtonTapped(id: 2)) { $0.sheet = Ticker.State(id: 2) }
    await clock.advance(by: .seconds(5))
  }

  @Test(arguments: Running.allCases)
  func presentationCancelsADestinationThatChangesCase(running: Running) async {
    let store = makeStore(Host.State(destination: .ticker(Ticker.State(id: 1))), running)
    await store.send(.destination(.presented(.ticker(.startButtonTapped))))
    await store.send(.showNoteButtonTapped) { $0.destination = .note("Tickers rest here.") }
    await clock.advance(by: .seconds(5))
  }

  @Test(arguments: Running.allCases)
  func presentationKeepsTheEffectsOfADestinationReplacedInTheSameCase(running: Running) async {
    let store = makeStore(Host.State(destination: .timer(TimerFeature.State())), running)
    await store.send(.destination(.presented(.timer(.startButtonTapped))))
    await clock.advance(by: .seconds(1))
    await store.receive(.destination(.presented(.timer(.tick)))) {
      $0.destination = .timer(TimerFeature.State(ticks: 1))
    }
    // A timer's state has no `id`: a new value in the same case is the same child.
    await store.send(.restartTimerButtonTapped) {
      $0.destination = .timer(TimerFeature.State())
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.destination(.presented(.timer(.tick)))) {
      $0.destination = .timer(TimerFeature.State(ticks: 1))
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }

  @Test(arguments: Running.allCases)
  func presentationCancelsADestinationThatLeavesACaseWithoutAnID(running: Running) async {
    let store = makeStore(Host.State(destination: .timer(TimerFeature.State())), running)
    await store.send(.destination(.presented(.timer(.startButtonTapped))))
    await store.send(.showTickerButtonTapped(id: 1)) {
      $0.destination = .ticker(Ticker.State(id: 1))
    }
    await clock.advance(by: .seconds(5))
  }

  @Test(arguments: Running.allCases)
  func presentationCancelsADestinationCaseReplacedByAnotherID(running: Running) async {
    let store = makeStore(Host.State(destination: .ticker(Ticker.State(id: 1))), running)
    await store.send(.destination(.presented(.ticker(.startButtonTapped))))
    await store.send(.showTickerButtonTapped(id: 2)) {
      $0.destination = .ticker(Ticker.State(id: 2))
    }
    await clock.advance(by: .seconds(5))
  }

  @Test(arguments: Running.allCases)
  func ifCaseLetCancelsAChildThatChangesCaseOrID(running: Running) async {
    let initialState = Switcher.State.ticking(Ticker.State(id: 1))
    let store =
      running == .built
      ? TestStore(initialState: initialState) {
        Switcher()
      } withDependencies: { [clock] in
        $0.continuousClock = clock
      }
      : TestStore(initialState: initialState) {
        RunDirectly(base: Switcher())
      } withDependencies: { [clock] in
        $0.continuousClock = clock
      }
    await store.send(.ticking(.startButtonTapped))
    await store.send(.restartButtonTapped(id: 2)) { $0 = .ticking(Ticker.State(id: 2)) }
    await clock.advance(by: .seconds(5))
    await store.send(.ticking(.startButtonTapped))
    await store.send(.stopButtonTapped) { $0 = .idle }
    await clock.advance(by: .seconds(5))
  }

  // MARK: Removal by the parent's own reducer

  @Test func removeAllOnAStackCancelsEveryElementsEffects() async {
    let store = makeStore(Host.State(path: [Ticker.State(id: 1), Ticker.State(id: 2)]))
    await store.send(.path(.element(id: 0, action: .startButtonTapped)))
    await store.send(.path(.element(id: 1, action: .startButtonTapped)))
    await store.send(.popAllButtonTapped) { $0.path.removeAll() }
    await clock.advance(by: .seconds(5))
  }

  @Test func settingPresentedStateToNilCancelsItsEffects() async {
    let store = makeStore(Host.State(sheet: Ticker.State(id: 1)))
    await store.send(.sheet(.presented(.startButtonTapped)))
    await store.send(.closeSheetButtonTapped) { $0.sheet = nil }
    await clock.advance(by: .seconds(5))
  }

  // MARK: Cancellation across levels

  @Test func aParentsCancelReachesItsChildrensEffects() async {
    let store = makeStore(
      Host.State(path: [Ticker.State(id: 1)], sheet: Ticker.State(id: 2))
    )
    await store.send(.startHostTimerButtonTapped)
    await store.send(.path(.element(id: 0, action: .startButtonTapped)))
    await store.send(.sheet(.presented(.startButtonTapped)))
    await store.send(.cancelTimersButtonTapped)
    await clock.advance(by: .seconds(5))
  }

  @Test func aChildsCancelReachesNeitherItsParentNorASibling() async {
    let store = makeStore(Host.State(path: [Ticker.State(id: 1), Ticker.State(id: 2)]))
    await store.send(.startHostTimerButtonTapped)
    await store.send(.path(.element(id: 0, action: .startButtonTapped)))
    await store.send(.path(.element(id: 1, action: .startButtonTapped)))
    await store.send(.path(.element(id: 0, action: .stopButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(\.hostTick) { $0.hostTicks = 1 }
    await store.receive(\.path[id: 1].tick) { $0.path[id: 1]?.ticks = 1 }
    await store.send(.cancelTimersButtonTapped)
  }

  /// A cancellation reaches down any number of levels, and only down its own branch: a row's
  /// `.cancel(id:)` stops its sheet's timer, two levels below the root, and not the timer of
  /// the other row's sheet, declared with the same ID at the same depth, nor the other row's,
  /// nor the root's.
  @Test func aScreensCancelReachesItsGrandchildButNotASiblingsGrandchild() async {
    var root = Warren.State(id: 0)
    for (row, sheet) in [(1, 3), (2, 4)] {
      var screen = Warren.State(id: row)
      screen.sheet = Warren.State(id: sheet)
      root.rows.append(screen)
    }
    let store = TestStore(initialState: root) {
      Warren(removerRunsFirst: false)
    } withDependencies: { [clock] in
      $0.continuousClock = clock
    }
    store.exhaustivity = .off
    await store.send(.startTimerButtonTapped)
    await store.send(.rows(.element(id: 2, action: .startTimerButtonTapped)))
    for row in [1, 2] {
      await store.send(
        .rows(.element(id: row, action: .sheet(.presented(.startTimerButtonTapped))))
      )
    }
    await store.send(.rows(.element(id: 1, action: .stopTimerButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.skipReceivedActions()
    #expect(store.state.ticks == 1)
    #expect(store.state.rows[id: 1]?.sheet?.ticks == 0)
    #expect(store.state.rows[id: 2]?.ticks == 1)
    #expect(store.state.rows[id: 2]?.sheet?.ticks == 1)
    // The root's cancellation reaches every timer below it.
    await store.send(.stopTimerButtonTapped)
    await clock.advance(by: .seconds(5))
    await store.skipReceivedActions(strict: false)
    #expect(store.state.ticks == 1)
    #expect(store.state.rows[id: 2]?.ticks == 1)
    #expect(store.state.rows[id: 2]?.sheet?.ticks == 1)
  }

  // MARK: Dismissal

  @Test func aParentAnsweringDismissWithANewChildKeepsIt() async {
    var state = Host.State(sheet: Ticker.State(id: 1))
    state.replacesDismissedSheet = true
    let store = makeStore(state)
    await store.send(.sheet(.presented(.startButtonTapped)))
    await store.send(.sheet(.dismiss)) { $0.sheet = Ticker.State(id: 99) }
    await clock.advance(by: .seconds(5))
  }

  @Test func sendingAfterDismissIsReported() async {
    let store = makeStore(Host.State(sheet: Ticker.State(id: 1)))
    await expectFailure {
      // The effect dismisses, then sends: the send is reported where the feature makes it.
      await store.send(.sheet(.presented(.closeThenTickButtonTapped)))
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix(
        """
        An effect sent an action after its feature was dismissed: …

          Action:
            Ticker.Action.tick
        """
      ) && issue.sourceLocation.fileName == "LifetimeFeatures.swift"
    }
    await store.receive(\.sheet.dismiss) { $0.sheet = nil }
  }
}
