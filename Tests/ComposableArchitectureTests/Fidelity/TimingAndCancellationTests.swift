import ComposableArchitectureTesting
import ExpectedFailures
import Testing

/// Time, cancellation and change, as a Composable Architecture user writes them.
///
/// `debounce`, `throttle`, `Task.cancel(id:)`, `withTaskCancellation`, `onChange(of:)` and
/// `Effect.actions`. Time only moves when a test clock is advanced.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct TimingAndCancellationTests {
  let clock = TestClock()

  func makeStore() -> TestStore<SearchField.State, SearchField.Action> {
    TestStore(initialState: SearchField.State()) {
      SearchField()
    } withDependencies: { [clock] in
      $0.continuousClock = clock
    }
  }

  @Test func debounceRunsOnlyTheLastOfABurst() async {
    let store = makeStore()
    await store.send(.queryChanged("p")) { $0.query = "p" }
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("pr")) { $0.query = "pr" }
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("pri")) { $0.query = "pri" }
    await clock.advance(by: .milliseconds(299))
    await clock.advance(by: .milliseconds(1))
    await store.receive(.searched("pri")) { $0.searched = ["pri"] }
  }

  @Test(arguments: [true, false])
  func throttleLetsOneActionThroughPerInterval(latest: Bool) async {
    let store = makeStore()
    await store.send(.scrolled(1, latest: latest))
    await store.receive(.loaded(1)) { $0.loaded = [1] }
    await clock.advance(by: .milliseconds(250))
    await store.send(.scrolled(2, latest: latest))
    await clock.advance(by: .milliseconds(250))
    await store.send(.scrolled(3, latest: latest))
    await clock.advance(by: .milliseconds(499))
    // Nothing yet: the interval started at the first load.
    await clock.advance(by: .milliseconds(1))
    let held = latest ? 3 : 2
    await store.receive(.loaded(held)) { $0.loaded = [1, held] }
    // A full interval later, an action goes through at once again.
    await clock.advance(by: .seconds(1))
    await store.send(.scrolled(4, latest: latest))
    await store.receive(.loaded(4)) { $0.loaded = [1, held, 4] }
  }

  /// The throttle's last time is kept per store: a second store's first action goes through at
  /// once although the first store let one through a moment ago.
  @Test func twoStoresNeverThrottleEachOther() async {
    let first = makeStore()
    let second = makeStore()
    await first.send(.scrolled(1, latest: true))
    await first.receive(.loaded(1)) { $0.loaded = [1] }
    await second.send(.scrolled(2, latest: true))
    await second.receive(.loaded(2)) { $0.loaded = [2] }
  }

  /// The throttle's last time is kept per presentation, like a cancellation id: a presented
  /// child's first action goes through at once although its parent, throttling under the same
  /// id, let one through a moment ago; and the parent's next one is still held back.
  @Test func aPresentedChildThrottlesApartFromItsParent() async {
    let store = TestStore(initialState: ThrottledList.State()) {
      ThrottledList()
    } withDependencies: { [clock] in
      $0.continuousClock = clock
    }
    await store.send(.showDetailButtonTapped) { $0.detail = SearchField.State() }
    await store.send(.scrolled(1))
    await store.receive(.loaded(1)) { $0.loaded = [1] }
    await store.send(.detail(.presented(.scrolled(2, latest: true))))
    await store.receive(.detail(.presented(.loaded(2)))) { $0.detail?.loaded = [2] }
    await store.send(.scrolled(3))
    await clock.advance(by: .seconds(1))
    await store.receive(.loaded(3)) { $0.loaded = [1, 3] }
    await store.send(.detail(.dismiss)) { $0.detail = nil }
  }

  @Test func withTaskCancellationCancelsTheRequestInFlight() async {
    let store = makeStore()
    await store.send(.requestButtonTapped("first"))
    await clock.advance(by: .milliseconds(500))
    await store.send(.requestButtonTapped("second"))
    await clock.advance(by: .seconds(1))
    await store.receive(.searched("second")) { $0.searched = ["second"] }
  }

  @Test func aReducersCancelReachesWorkInWithTaskCancellation() async {
    let store = makeStore()
    await store.send(.requestButtonTapped("first"))
    await store.send(.cancelRequestButtonTapped)
    await clock.advance(by: .seconds(5))
  }

  @Test func taskCancelFromAnEffectStopsTheTimer() async {
    let store = TestStore(initialState: Beat.State()) {
      Beat()
    } withDependencies: { [clock] in
      $0.continuousClock = clock
    }
    await store.send(.startButtonTapped)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.send(.stopFromEffectTapped)
    await clock.advance(by: .seconds(5))
  }

  /// The child's `Task.cancel(id:)` is scoped to the child: the parent's timer, under the same
  /// id, keeps ticking.
  @Test func taskCancelInAPresentedChildLeavesTheParentsEffect() async {
    let store = TestStore(initialState: Metronomes.State()) {
      Metronomes()
    } withDependencies: { [clock] in
      $0.continuousClock = clock
    }
    await store.send(.beat(.startButtonTapped))
    await store.send(.showChildButtonTapped) { $0.child = Beat.State() }
    await store.send(.child(.presented(.startButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.beat(.tick)) { $0.ticks = 1 }
    await store.receive(.child(.presented(.tick))) { $0.child?.ticks = 1 }
    await store.send(.child(.presented(.stopFromEffectTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.beat(.tick)) { $0.ticks = 2 }
    await store.send(.child(.dismiss)) { $0.child = nil }
    await store.send(.beat(.stopFromEffectTapped))
    await clock.advance(by: .seconds(5))
  }

  @Test func taskCancelOutsideAnEffectIsReported() async {
    await expectFailure {
      await Task.cancel(id: SearchField.CancelID.request)
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix(
          "\"Task.cancel(id: request)\" was called outside an effect that a store runs"
        )
      }
    }
  }

  @Test func onChangeRunsOnlyWhenTheValueChanges() async {
    let store = TestStore(initialState: Parity.State()) { Parity() }
    await store.send(.add(2)) { $0.count = 2 }
    await store.send(.add(1)) {
      $0.count = 3
      $0.changes = ["even -> odd"]
    }
    await store.send(.add(2)) { $0.count = 5 }
    await store.send(.add(-5)) {
      $0.count = 0
      $0.changes = ["even -> odd", "odd -> even"]
    }
  }

  @Test func effectActionsListsWhatAnEffectSends() async {
    let effect = Effect<Int>.send(1)
      .concatenate(
        with: .run { send in
          await send(2)
          await send(3)
        }
      )
    var received: [Int] = []
    for await action in effect.actions { received.append(action) }
    #expect(received == [1, 2, 3])
    var none: [Int] = []
    for await action in Effect<Int>.none.actions { none.append(action) }
    #expect(none.isEmpty)
  }
}
