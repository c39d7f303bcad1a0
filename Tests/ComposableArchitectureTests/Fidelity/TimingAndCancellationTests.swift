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

  /// `Task.cancel(id:)` in a test cancels an effect the test runs through `effect.actions`, as
  /// the Composable Architecture's own effect tests use it.
  @Test func taskCancelOutsideAStoreCancelsAnEffectRunThroughActions() async {
    let timer = WaitingEffect()
    var actions = timer.effect.cancellable(id: "timer").actions.makeAsyncIterator()
    #expect(await actions.next() == 1)
    await timer.untilWaiting()
    #expect(!timer.wasCancelled)
    Task.cancel(id: "timer")
    #expect(timer.wasCancelled)
    #expect(await actions.next() == nil)
  }

  /// From another actor, `Task.cancel(id:)` cancels on the main actor's next turn (its
  /// registry's actor), and never assumes it is on the main actor.
  @Test func taskCancelFromAnotherActorCancelsOnTheMainActor() async {
    let timer = WaitingEffect()
    var actions = timer.effect.cancellable(id: "timer").actions.makeAsyncIterator()
    #expect(await actions.next() == 1)
    await timer.untilWaiting()
    await Elsewhere().cancel(id: "timer")
    #expect(await actions.next() == nil)
    #expect(timer.wasCancelled)
  }

  /// `.cancel(id:)` run through `effect.actions` reaches it too.
  @Test func aCancelEffectRunThroughActionsCancelsAnother() async {
    let timer = WaitingEffect()
    var actions = timer.effect.cancellable(id: "timer").actions.makeAsyncIterator()
    #expect(await actions.next() == 1)
    await timer.untilWaiting()
    for await _ in Effect<Int>.cancel(id: "timer").actions {}
    #expect(timer.wasCancelled)
    #expect(await actions.next() == nil)
  }

  /// `cancelInFlight` between effects run through `effect.actions`.
  @Test func cancelInFlightThroughActionsCancelsTheEarlierEffect() async {
    let timer = WaitingEffect()
    var first = timer.effect.cancellable(id: "timer").actions.makeAsyncIterator()
    #expect(await first.next() == 1)
    await timer.untilWaiting()
    var second: [Int] = []
    let replacement = Effect<Int>.send(3).cancellable(id: "timer", cancelInFlight: true)
    for await action in replacement.actions { second.append(action) }
    #expect(second == [3])
    #expect(timer.wasCancelled)
    #expect(await first.next() == nil)
  }

  /// Outside a store, ids are kept per test: a cancellation made outside this test (a detached
  /// task knows no test) does not reach this test's effect.
  @Test func taskCancelOutsideThisTestLeavesItsEffects() async {
    let timer = WaitingEffect()
    var actions = timer.effect.cancellable(id: "timer").actions.makeAsyncIterator()
    #expect(await actions.next() == 1)
    await timer.untilWaiting()
    await Task.detached { Task.cancel(id: "timer") }.value
    // The detached call's cancellation ran on the main actor before this test's next turn.
    #expect(!timer.wasCancelled)
    Task.cancel(id: "timer")
    #expect(timer.wasCancelled)
    #expect(await actions.next() == nil)
  }

  /// `withTaskCancellation(id:)` outside a store files its work where `Task.cancel(id:)` finds it.
  @Test func withTaskCancellationOutsideAStoreIsCancelledById() async {
    let timer = WaitingEffect()
    let work = Task {
      await withTaskCancellation(id: "work") { await timer.waitUntilCancelled() }
    }
    await timer.untilWaiting()
    Task.cancel(id: "work")
    await work.value
    #expect(timer.wasCancelled)
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

/// An effect that sends `1` and then waits until its task is cancelled, noting that it was.
///
/// The cancellation is noted by a cancellation handler, which runs at once when the task is
/// cancelled while it waits: a test that has seen it waiting (``untilWaiting()``) reads the
/// note right after cancelling.
final class WaitingEffect: Sendable {
  private let cancelled = LockIsolated(false)
  private let waiting: AsyncStream<Void>
  private let startWaiting: AsyncStream<Void>.Continuation

  init() {
    (waiting, startWaiting) = AsyncStream.makeStream(of: Void.self)
  }

  /// Whether the effect's task has been cancelled while it waited.
  var wasCancelled: Bool { cancelled.withLock { $0 } }

  /// Sends `1`, then waits for its cancellation.
  var effect: Effect<Int> {
    .run { [self] send in
      await send(1)
      await waitUntilCancelled()
    }
  }

  /// Returns once the work is waiting for its cancellation.
  func untilWaiting() async {
    for await _ in waiting { break }
  }

  /// Returns once the calling task is cancelled.
  func waitUntilCancelled() async {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    await withTaskCancellationHandler {
      startWaiting.yield()
      // An `AsyncStream` ends its iteration when the waiting task is cancelled.
      for await _ in stream {}
    } onCancel: {
      cancelled.withLock { $0 = true }
    }
    continuation.finish()
  }
}

/// An actor that is not the main actor, to call `Task.cancel(id:)` from.
actor Elsewhere {
  func cancel(id: String) {
    Task.cancel(id: id)
  }
}
