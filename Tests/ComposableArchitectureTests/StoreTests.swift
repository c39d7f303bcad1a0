import ComposableArchitecture
import Observation
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct StoreTests {
  @Test func sendRunsTheReducer() {
    let store = Store(initialState: Tally.State()) { Tally() }
    store.send(.incrementButtonTapped)
    store.send(.incrementButtonTapped)
    store.send(.decrementButtonTapped)
    #expect(store.state == Tally.State(count: 1))
    #expect(store.count == 1)
  }

  @Test func aNoEffectSendReturnsAFinishedTask() {
    let store = Store(initialState: Tally.State()) { Tally() }
    let task = store.send(.incrementButtonTapped)
    #expect(task == .finished)
    #expect(task.isCancelled)
  }

  @Test func reentrantSendsFromObserversAreProcessedInOrder() {
    let store = Store(initialState: [String]()) { Recorder() }
    var reentered = false
    withObservationTracking {
      _ = store.state
    } onChange: {
      // Runs inside the first send, once its reducer has run: this send must wait its turn.
      MainActor.assumeIsolated {
        reentered = true
        store.send(.record("from observer"))
      }
    }
    store.send(.start("first") { .send(.record("first's effect")) })
    #expect(reentered)
    #expect(store.state == ["first", "from observer", "first's effect"])
  }

  @Test func observersAreNotifiedOncePerSend() {
    let store = Store(initialState: Tally.State()) { Tally() }
    var changes = 0
    func observe() {
      withObservationTracking {
        _ = store.state.count
      } onChange: {
        MainActor.assumeIsolated { changes += 1 }
      }
    }
    observe()
    store.send(.incrementButtonTapped)
    #expect(changes == 1)
    store.send(.incrementButtonTapped)
    #expect(changes == 1)  // tracking is one-shot until re-registered, as in SwiftUI
    observe()
    store.send(.incrementButtonTapped)
    #expect(changes == 2)
  }

  @Test func scopedStoresReadAndWriteThroughTheParent() {
    let store = Store(initialState: Parent.State()) { Parent() }
    let child = store.scope(state: \.counter, action: \.counter)
    child.send(.incrementButtonTapped)
    #expect(child.state.count == 1)
    #expect(store.state.counter.count == 1)
    #expect(store.state.log == ["parent saw counter incrementButtonTapped at 1"])
  }

  @Test func scopingTwiceReturnsTheSameStore() {
    let store = Store(initialState: Parent.State()) { Parent() }
    #expect(
      store.scope(state: \.counter, action: \.counter)
        === store.scope(state: \.counter, action: \.counter)
    )
  }

  @Test func aChildStoreKeepsItsParentAlive() {
    var child: Store<Tally.State, Tally.Action>?
    weak var weakParent: Store<Parent.State, Parent.Action>?
    do {
      let parent = Store(initialState: Parent.State()) { Parent() }
      weakParent = parent
      child = parent.scope(state: \.counter, action: \.counter)
    }
    #expect(weakParent != nil)
    child?.send(.incrementButtonTapped)
    #expect(child?.state.count == 1)
    child = nil
    #expect(weakParent == nil)  // and no cycle keeps it once the child is gone
  }

  @Test func scopedStoresAreObservable() {
    let store = Store(initialState: Parent.State()) { Parent() }
    let child = store.scope(state: \.counter, action: \.counter)
    var changed = false
    withObservationTracking {
      _ = child.state
    } onChange: {
      MainActor.assumeIsolated { changed = true }
    }
    store.send(.counter(.incrementButtonTapped))
    #expect(changed)
  }

  /// `withState` reads the current state of a root store and of a scoped one without
  /// registering observation: a change afterwards notifies no one, where a read of `state` in
  /// the same place is notified.
  @Test func withStateReadsTheStateWithoutObservingIt() {
    let store = Store(initialState: Parent.State()) { Parent() }
    let child = store.scope(state: \.counter, action: \.counter)
    var unobservedChanges = 0
    var observedChanges = 0
    withObservationTracking {
      _ = store.withState(\.counter.count)
      _ = child.withState { $0 }
    } onChange: {
      MainActor.assumeIsolated { unobservedChanges += 1 }
    }
    withObservationTracking {
      _ = child.state
    } onChange: {
      MainActor.assumeIsolated { observedChanges += 1 }
    }
    store.send(.counter(.incrementButtonTapped))
    #expect(store.withState(\.counter.count) == 1)
    #expect(child.withState(\.count) == 1)
    #expect(observedChanges == 1)
    #expect(unobservedChanges == 0)
  }

  @Test func finishWaitsForEffectsOfActionsSentBackByEffects() async {
    let clock = TestClock()
    let store = Store(initialState: [String]()) { Recorder() }
    await withMainSerialExecutor {
      let task = store.send(
        .start("outer") {
          .run { send in
            await send(.start("inner") { delayed("inner done", clock, after: .seconds(3)) })
          }
        }
      )
      await clock.advance(by: .seconds(3))
      await task.finish()
      #expect(store.state == ["outer", "inner", "inner done"])
    }
  }

  @Test func releasingTheStoreCancelsItsEffects() async {
    let clock = TestClock()
    var store: Store<[String], Recorder.Action>? = Store(initialState: []) { Recorder() }
    await withMainSerialExecutor {
      let task = store?.send(.start("start") { ticking(clock) })
      await clock.advance(by: .seconds(1))
      #expect(store?.state == ["start", "tick"])
      store = nil
      await clock.advance(by: .seconds(1))
      #expect(clock.sleeperCount == 0)
      task?.cancel()  // cleanup only
      await task?.finish()
    }
  }
}

/// Scoping to optional (presented) child state.
@MainActor
@Suite struct OptionalScopeTests {
  @Test func scopeToPresentedStateIsNilWhileAbsent() async {
    let store = Store(initialState: Host.State()) { Host() }
    #expect(store.scope(state: \.sheet, action: \.sheet.presented) == nil)
  }

  @Test func aPresentedChildStoreSendsThroughTheParentAndOutlivesItsState() async {
    let store = Store(initialState: Host.State(sheet: Ticker.State(id: 1))) { Host() }
    let child = store.scope(state: \.sheet, action: \.sheet.presented)
    #expect(child != nil)
    child?.send(.tick)
    #expect(store.state.sheet?.ticks == 1)
    #expect(child?.state.ticks == 1)  // the sheet's screen draws again
    store.send(.closeSheetButtonTapped)
    #expect(store.state.sheet == nil)
    // A screen animating out still reads the state it last drew.
    #expect(child?.state == Ticker.State(id: 1, ticks: 1))
    #expect(store.scope(state: \.sheet, action: \.sheet.presented) == nil)
  }
}
