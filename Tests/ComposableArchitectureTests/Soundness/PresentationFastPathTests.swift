import ComposableArchitectureTesting
import Foundation
import Testing

@testable import ComposableArchitecture

/// A store's `ifLet(\.$child, …)` does not read `$child` for actions that are not its own
/// until a child presented there has started an effect (before that there is nothing to
/// cancel); and whichever way that first effect is started, the child's effects still end when
/// it goes.
///
/// A presentation declared as a stored `PresentationState` property is reached by byte offset
/// instead of through the key path runtime, and behaves the same.
///
/// Each test presents at its own key path (`Watched.State.first`, `.second`, `.third`):
/// whether a child has started an effect at a key path is remembered for the whole process.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct PresentationFastPathTests {
  /// A test store of `Watched` presenting at `presentation`, and the clock its child ticks on.
  func makeStore(
    presenting presentation: WritableKeyPath<Watched.State, PresentationState<Metronome.State>>
  ) -> (TestStore<Watched.State, Watched.Action>, TestClock) {
    let clock = TestClock()
    let store = TestStore(initialState: Watched.State()) {
      Watched(presentation: presentation)
    } withDependencies: {
      $0.continuousClock = clock
    }
    return (store, clock)
  }

  /// Unrelated actions cost no read of the presentation while no child effect was ever
  /// started there, whatever the child does meanwhile; after one, every action reads it and a
  /// parent that removes the child cancels its timer.
  @Test func anIfLetReadsItsChildOnlyOnceAChildEffectWasStarted() async {
    let (store, clock) = makeStore(presenting: \.first)
    let reads = store.state.reads
    await store.send(.refreshButtonTapped)
    await store.send(.showButtonTapped) { $0.detail = Metronome.State() }
    await store.send(.refreshButtonTapped)
    #expect(reads.count == 0)

    // A child action reads (and writes) the presentation, but starts nothing: still no reads
    // for the parent's own actions.
    await store.send(.detail(.presented(.tick))) { $0.detail?.ticks = 1 }
    let afterChildAction = reads.count
    #expect(afterChildAction > 0)
    await store.send(.closeButtonTapped) { $0.detail = nil }
    await store.send(.showButtonTapped) { $0.detail = Metronome.State() }
    #expect(reads.count == afterChildAction)

    await store.send(.detail(.presented(.startTimerButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.detail(.presented(.tick))) { $0.detail?.ticks = 1 }
    let afterEffect = reads.count
    await store.send(.refreshButtonTapped)
    #expect(reads.count > afterEffect)

    await store.send(.closeButtonTapped) { $0.detail = nil }
    await clock.advance(by: .seconds(5))
  }

  /// The first child effect at this key path is started by a direct `reduce(into:action:)`
  /// inside the parent, not by the store's `ifLet`: the store's `ifLet` still sees the child
  /// removed and cancels its timer.
  @Test func aChildEffectStartedByADirectCallIsCancelledByTheStoresIfLet() async {
    let (store, clock) = makeStore(presenting: \.second)
    await store.send(.showButtonTapped) { $0.detail = Metronome.State() }
    await store.send(.startDirectlyButtonTapped)
    await clock.advance(by: .seconds(1))
    await store.receive(.detail(.presented(.tick))) { $0.detail?.ticks = 1 }
    await store.send(.closeButtonTapped) { $0.detail = nil }
    await clock.advance(by: .seconds(5))
  }

  /// A test store builds its reducer again when the test changes a dependency; the rebuilt
  /// `ifLet` still cancels a timer the child started before the rebuild.
  @Test func aRebuiltReducerStillCancelsAChildEffectStartedBeforeTheRebuild() async {
    let (store, clock) = makeStore(presenting: \.third)
    await store.send(.showButtonTapped) { $0.detail = Metronome.State() }
    await store.send(.detail(.presented(.startTimerButtonTapped)))
    // Setting a dependency, even to the same clock, makes the next action rebuild the reducer.
    store.dependencies.continuousClock = clock
    await store.send(.closeButtonTapped) { $0.detail = nil }
    await clock.advance(by: .seconds(5))
  }

  /// A direct `reduce(into:action:)` skips the read as a store does: it finds the record of
  /// its key path (the same one every store and direct call at that key path shares), and
  /// reads `$child` around unrelated actions only once a child effect was started there; then
  /// removing the child cancels that effect.
  @Test func anIfLetCalledDirectlyReadsItsChildOnlyOnceAChildEffectWasStarted() {
    let reducer = Watched(presentation: \.fourth)
    var state = Watched.State()
    _ = reducer.reduce(into: &state, action: .refreshButtonTapped)
    _ = reducer.reduce(into: &state, action: .showButtonTapped)
    _ = reducer.reduce(into: &state, action: .refreshButtonTapped)
    #expect(state.reads.count == 0)

    let started = reducer.reduce(
      into: &state,
      action: .detail(.presented(.startTimerButtonTapped))
    )
    #expect(!started.isNone)
    let afterEffect = state.reads.count
    _ = reducer.reduce(into: &state, action: .refreshButtonTapped)
    #expect(state.reads.count > afterEffect)

    let closing = reducer.reduce(into: &state, action: .closeButtonTapped)
    #expect(state.detail == nil)
    // The parent's own `closeButtonTapped` returns `.none`: what comes back is the `ifLet`'s
    // cancellation of the timer.
    #expect(!closing.isNone, "removing the child cancels the effect it started")
  }

  /// The record of a key path is found by the key path's identity first (a literal is the same
  /// object every time), then by equality: equal key paths that are different objects share
  /// one record, and more key paths than the identity cache has slots each keep their own.
  @Test func equalKeyPathsShareARecordHoweverManyAreLookedUp() {
    let generic = (0..<3).map { _ in Self.presentation(of: Int.self) }
    #expect(generic[0] !== generic[1], "a generic key path is a new object each time")
    let first = _ChildEffectsRecord.for(generic[0])
    #expect(generic.allSatisfy { _ChildEffectsRecord.for($0) === first })

    let indices = (0..<200).map { \[Int].[$0] }
    let records = indices.map { _ChildEffectsRecord.for($0) }
    #expect(Set(records.map(ObjectIdentifier.init)).count == 200)
    for (index, keyPath) in indices.enumerated().reversed() {
      #expect(_ChildEffectsRecord.for(keyPath) === records[index], "\\[Int].[\(index)]")
      #expect(_ChildEffectsRecord.for(\[Int].[index]) === records[index])
    }
  }

  /// The table is bounded: past its limit, each new key path gets the one shared overflow
  /// record, which says a child effect was started (so `ifLet` always reads its child there);
  /// key paths recorded before keep their own records.
  @Test func theRecordTableKeepsAtMostItsLimit() {
    let table = _ChildEffectsRecord.Table(limit: 3)
    let keyPaths = (0..<10).map { \[Int].[$0] }
    let records = keyPaths.map { table.record(for: $0).takeUnretainedValue() }
    #expect(table.count == 3)
    #expect(Set(records.prefix(3).map(ObjectIdentifier.init)).count == 3)
    #expect(records.prefix(3).allSatisfy { !$0.hasStarted })
    #expect(records.dropFirst(3).allSatisfy { $0 === _ChildEffectsRecord.overflow })
    #expect(_ChildEffectsRecord.overflow.hasStarted)
    #expect(table.record(for: \[Int].[1]).takeUnretainedValue() === records[1])
    // The process's table is far from its limit in this suite: no test here sees the overflow
    // record by accident.
    #expect(_ChildEffectsRecord.recordCount < _ChildEffectsRecord.tableLimit / 2)
  }

  /// A direct call of `ifLet` finds, in the same lookup as its record, where its action's case
  /// path sits in `AllCasePaths`, once an earlier call with the very same key path objects noted
  /// it; any other action key path at that state path is unknown again (and looked up afresh),
  /// and the case path read at the noted offset is the one the key path names.
  @Test func aDirectCallFindsItsActionCasePathWhereAnEarlierCallNotedIt() {
    let state: AnyKeyPath = \OffsetProbe.presentation
    let presented: CaseKeyPath<PresentationAction<Int>, Int> = \.presented
    let dismiss: CaseKeyPath<PresentationAction<Int>, Void> = \.dismiss
    #expect(_ChildEffectsRecord.lookUp(state: state, action: presented).actionOffset == nil)

    let offset = PresentationAction<Int>._casePathOffset(presented)
    #expect(offset != nil, "a stored case path has an offset")
    _ChildEffectsRecord.noteActionOffset(offset, state: state, action: presented)
    let found = _ChildEffectsRecord.lookUp(state: state, action: presented)
    #expect(found.actionOffset == .some(offset))
    #expect(found.record.takeUnretainedValue() === _ChildEffectsRecord.for(state))
    #expect(_ChildEffectsRecord.lookUp(state: state, action: dismiss).actionOffset == nil)

    let path = PresentationAction<Int>._casePath(presented, atOffset: found.actionOffset ?? nil)
    #expect(path.extract(from: .presented(7)) == 7)
    #expect(path.extract(from: .dismiss) == nil)
    #expect(path.embed(3) == .presented(3))
  }

  /// A record handed out unretained outlives its slot.
  ///
  /// The lookup hands out its record unretained, which is sound only because every record lives
  /// as long as the process. Here the record's slot in this thread's cache is taken by 200 other
  /// key paths and the key path that found it is a new object: the record handed out is still
  /// the one the key path has, and still works. If records were ever freed, this would read
  /// freed memory (the test process crashes when the table stops keeping them; the
  /// AddressSanitizer pass in CI names the read).
  @Test func aRecordHandedOutUnretainedOutlivesItsSlot() {
    let found = _ChildEffectsRecord.lookUp(state: \[String].[9_999], action: \[String].count)
    for index in 0..<200 {
      _ = _ChildEffectsRecord.lookUp(state: \[String].[index], action: \[String].count)
    }
    let record = found.record.takeUnretainedValue()
    #expect(record === _ChildEffectsRecord.for(\[String].[9_999]))
    #expect(!record.hasStarted)
    record.noteStarted()
    #expect(_ChildEffectsRecord.for(\[String].[9_999]).hasStarted)
  }

  /// Each thread keeps its own cache of what direct calls looked up: another thread finds the
  /// same record (and sees its flag once set), but not an action offset noted on this one, which
  /// it works out again.
  @Test func eachThreadLooksUpInItsOwnCacheAndFindsTheSameRecord() {
    let state: AnyKeyPath = \OffsetProbe.elsewhere
    let action: CaseKeyPath<PresentationAction<Int>, Int> = \.presented
    let offset = PresentationAction<Int>._casePathOffset(action)
    _ = _ChildEffectsRecord.lookUp(state: state, action: action)
    _ChildEffectsRecord.noteActionOffset(offset, state: state, action: action)
    let here = _ChildEffectsRecord.lookUp(state: state, action: action)
    #expect(here.actionOffset == .some(offset))
    here.record.takeUnretainedValue().noteStarted()

    let there = onAnotherThread {
      // The same literals (key paths are not `Sendable`; a literal is one object wherever used).
      let action: CaseKeyPath<PresentationAction<Int>, Int> = \.presented
      let found = _ChildEffectsRecord.lookUp(state: \OffsetProbe.elsewhere, action: action)
      return (
        record: ObjectIdentifier(found.record.takeUnretainedValue()),
        hasStarted: found.hasStarted,
        actionOffset: found.actionOffset
      )
    }
    guard let there else {
      Issue.record("the other thread returned nothing")
      return
    }
    #expect(there.record == ObjectIdentifier(here.record.takeUnretainedValue()))
    #expect(there.hasStarted)
    #expect(there.actionOffset == nil, "an offset noted on one thread is not in another's cache")
  }

  /// Runs `body` on a new thread and returns what it returned.
  func onAnotherThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result? {
    let result = LockIsolated<Result?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      let value = body()
      result.withLock { $0 = value }
      done.signal()
    }
    thread.start()
    done.wait()
    return result.withLock { $0 }
  }

  /// A key path made in a generic context: a new object on every call.
  static func presentation<T>(of _: T.Type) -> KeyPath<[T], Int> { \[T].count }

  /// Whether a child started an effect is shared by the whole process, so it is recorded and
  /// read under a lock: direct calls on several threads start child effects while a store on
  /// the main actor reads the same record for every action. (Run under ThreadSanitizer in CI,
  /// which reports the race if the lock is taken away.)
  @Test func childEffectsStartedOnManyThreadsAreRecordedSafely() async {
    let store = Store(initialState: Racer.State()) { Racer() }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<50 {
            var state = Racer.State()
            let effect = Racer().reduce(into: &state, action: .child(.presented(.start)))
            #expect(!effect.isNone)
          }
        }
      }
      for _ in 0..<200 { store.send(.incrementButtonTapped) }
    }
    #expect(store.count == 200)
  }

  /// `Watched.State.storage` is a stored `PresentationState` (no property wrapper): the store
  /// reaches it by byte offset, where a computed presentation such as `first` (or a wrapper's
  /// `$child`) goes through the key path runtime; presenting, ticking and dismissing behave the
  /// same, and the child's timer ends when it goes.
  @Test func aStoredPresentationIsReachedByOffsetAndBehavesTheSame() async {
    #expect(_ResolvedKeyPath(\Watched.State.storage).offset != nil)
    #expect(_ResolvedKeyPath(\Watched.State.first).offset == nil)
    let (store, clock) = makeStore(presenting: \.storage)
    await store.send(.showButtonTapped) { $0.detail = Metronome.State() }
    await store.send(.detail(.presented(.startTimerButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.detail(.presented(.tick))) { $0.detail?.ticks = 1 }
    await store.send(.closeButtonTapped) { $0.detail = nil }
    await clock.advance(by: .seconds(5))
    #expect(store.state.reads.count == 0)
  }
}

/// A state with a presentation at a key path no other test uses (records are kept per key path
/// for the whole process).
struct OffsetProbe {
  var presentation = PresentationState<Int>(wrappedValue: nil)
  var elsewhere = PresentationState<Int>(wrappedValue: nil)
}
