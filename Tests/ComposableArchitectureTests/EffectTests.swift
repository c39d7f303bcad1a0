import ComposableArchitecture
import Testing

private enum CancelID: Hashable, Sendable {
  case timer
  case group
}

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct EffectTests {
  @Test func sendIsHandledSynchronouslyAfterTheAction() {
    let store = Store(initialState: [String]()) { Recorder() }
    let task = store.send(.start("start") { .merge(.send(.record("a")), .send(.record("b"))) })
    #expect(store.state == ["start", "a", "b"])
    #expect(task == .finished)
  }

  @Test func nestedSendsRunInOrder() {
    let store = Store(initialState: [String]()) { Recorder() }
    store.send(
      .start("outer") {
        .merge(.send(.start("inner") { .send(.record("innermost")) }), .send(.record("after")))
      }
    )
    #expect(store.state == ["outer", "inner", "after", "innermost"])
  }

  @Test func concatenateRunsEachEffectAfterThePreviousFinishes() async {
    let clock = TestClock()
    let store = Store(initialState: [String]()) { Recorder() }
    await withMainSerialExecutor {
      let task = store.send(
        .start("start") {
          .concatenate(
            .run { send in
              try await clock.sleep(for: .seconds(2))
              await send(.record("slow"))
            },
            .run { send in await send(.record("fast")) },
            .send(.record("sync"))
          )
        }
      )
      await clock.advance(by: .seconds(1))
      #expect(store.state == ["start"])
      await clock.advance(by: .seconds(1))
      await task.finish()
      #expect(store.state == ["start", "slow", "fast", "sync"])
    }
  }

  @Test func mergeRunsEffectsAtTheSameTime() async {
    let clock = TestClock()
    let store = Store(initialState: [String]()) { Recorder() }
    await withMainSerialExecutor {
      let task = store.send(
        .start("start") {
          .merge(
            .run { send in
              try await clock.sleep(for: .seconds(2))
              await send(.record("two"))
            },
            .run { send in
              try await clock.sleep(for: .seconds(1))
              await send(.record("one"))
            }
          )
        }
      )
      await clock.advance(by: .seconds(2))
      await task.finish()
      #expect(store.state == ["start", "one", "two"])
    }
  }

  @Test func mapTransformsEverySentAction() async {
    let store = Store(initialState: [String]()) { Recorder() }
    let effect = Effect<String>.merge(.send("a"), .run { send in await send("b") })
      .map { Recorder.Action.record($0.uppercased()) }
    await store.send(.start("start") { effect }).finish()
    #expect(store.state == ["start", "A", "B"])
  }

  @Test func errorsGoToTheCatchHandler() async {
    struct Failure: Error {}
    let store = Store(initialState: [String]()) { Recorder() }
    let issues = await IssueReporting.collect {
      await store.send(
        .start("start") {
          .run { _ in
            throw Failure()
          } catch: { _, send in
            await send(.record("caught"))
          }
        }
      ).finish()
    }
    #expect(store.state == ["start", "caught"])
    #expect(issues.isEmpty)
  }

  @Test func unhandledErrorsAreReportedAtTheEffect() async {
    struct Failure: Error {}
    let store = Store(initialState: [String]()) { Recorder() }
    let line = #line + 3
    let issues = await IssueReporting.collect {
      await store.send(
        .start("start") { .run { _ in throw Failure() } }
      ).finish()
    }
    #expect(issues.count == 1)
    #expect(issues.first?.location.line == line)
    #expect(
      issues.first?.message.hasPrefix(
        "An \"Effect.run\" returned from \"ComposableArchitectureTests/EffectTests.swift:\(line)\" "
          + "threw an unhandled error."
      ) == true
    )
  }

  @Test func cancellationErrorsAreNotReported() async {
    let store = Store(initialState: [String]()) { Recorder() }
    let issues = await IssueReporting.collect {
      await store.send(.start("start") { .run { _ in throw CancellationError() } }).finish()
    }
    #expect(issues.isEmpty)
  }

  @Test func cancelByIDStopsARunningEffect() async {
    let clock = TestClock()
    let store = Store(initialState: [String]()) { Recorder() }
    await withMainSerialExecutor {
      let task = store.send(.start("start") { ticking(clock).cancellable(id: CancelID.timer) })
      await clock.advance(by: .seconds(2))
      #expect(store.state == ["start", "tick", "tick"])
      store.send(.start("stop") { .cancel(id: CancelID.timer) })
      await clock.advance(by: .seconds(5))
      #expect(store.state == ["start", "tick", "tick", "stop"])
      #expect(clock.sleeperCount == 0)
      task.cancel()  // cleanup only: a broken cancel must fail above, not hang here
      await task.finish()
    }
  }

  @Test func cancelInFlightReplacesTheRunningEffect() async {
    let clock = TestClock()
    let store = Store(initialState: [String]()) { Recorder() }
    await withMainSerialExecutor {
      let first = store.send(
        .start("first") { delayed("first done", clock).cancellable(id: CancelID.timer) }
      )
      await clock.advance(by: .milliseconds(500))
      let second = store.send(
        .start("second") {
          delayed("second done", clock).cancellable(id: CancelID.timer, cancelInFlight: true)
        }
      )
      await clock.advance(by: .seconds(2))
      await first.finish()
      await second.finish()
      #expect(store.state == ["first", "second", "second done"])
    }
  }

  @Test func aCancelledRunStopsSendingEvenIfItKeepsGoing() async {
    let clock = TestClock()
    let store = Store(initialState: [String]()) { Recorder() }
    await withMainSerialExecutor {
      // This effect ignores cancellation (`try?`) and tries to send anyway.
      let task = store.send(
        .start("start") {
          .run { send in
            try? await clock.sleep(for: .seconds(1))
            await send(.record("after sleep"))
          }
          .cancellable(id: CancelID.timer)
        }
      )
      store.send(.start("stop") { .cancel(id: CancelID.timer) })
      await clock.advance(by: .seconds(1))
      await task.finish()
      #expect(store.state == ["start", "stop"])
    }
  }

  @Test func cancellingMergedEffectsCancelsEveryMember() async {
    let clock = TestClock()
    let store = Store(initialState: [String]()) { Recorder() }
    await withMainSerialExecutor {
      let task = store.send(
        .start("start") {
          .merge(ticking(clock), delayed("late", clock, after: .seconds(5))).cancellable(
            id: CancelID.group
          )
        }
      )
      await clock.advance(by: .seconds(1))
      store.send(.start("stop") { .cancel(id: CancelID.group) })
      await clock.advance(by: .seconds(10))
      #expect(store.state == ["start", "tick", "stop"])
      #expect(clock.sleeperCount == 0)
      task.cancel()  // cleanup only
      await task.finish()
    }
  }

  @Test func cancellingAConcatenationStopsLaterMembers() async {
    let clock = TestClock()
    let store = Store(initialState: [String]()) { Recorder() }
    await withMainSerialExecutor {
      let task = store.send(
        .start("start") {
          .concatenate(delayed("one", clock), delayed("two", clock)).cancellable(id: CancelID.group)
        }
      )
      await clock.advance(by: .seconds(1))
      #expect(store.state == ["start", "one"])
      store.send(.start("stop") { .cancel(id: CancelID.group) })
      await clock.advance(by: .seconds(5))
      await task.finish()
      #expect(store.state == ["start", "one", "stop"])
    }
  }

  @Test func storeTaskCancelStopsALongRunningEffect() async {
    let clock = TestClock()
    let store = Store(initialState: [String]()) { Recorder() }
    await withMainSerialExecutor {
      let task = store.send(.start("start") { ticking(clock) })
      await clock.advance(by: .seconds(3))
      task.cancel()
      await clock.advance(by: .seconds(3))
      #expect(task.isCancelled)
      #expect(clock.sleeperCount == 0)
      #expect(store.state == ["start", "tick", "tick", "tick"])
      if clock.sleeperCount == 0 { await task.finish() }
    }
  }

  /// A concatenation built one member at a time, `.run` and `.send` members alternating, runs
  /// every member after the one before it: past 32 members the combination keeps its members in
  /// groups, and the order must survive them.
  @Test func aConcatenationBuiltOneStepAtATimeRunsInOrder() async {
    let store = Store(initialState: [String]()) { Recorder() }
    var effect = Effect<Recorder.Action>.none
    for index in 0..<200 {
      let member = Self.recording(index)
      effect =
        index.isMultiple(of: 3)
        ? .concatenate(effect, member) : effect.concatenate(with: member)
    }
    await store.send(.start("start") { [effect] in effect }).finish()
    #expect(store.state == ["start"] + (0..<200).map { "\($0)" })
  }

  /// Effects merged one at a time, in both spellings, all run.
  @Test func effectsMergedOneStepAtATimeAllRun() async {
    let store = Store(initialState: [String]()) { Recorder() }
    var effect = Effect<Recorder.Action>.none
    for index in 0..<200 {
      let member = Self.recording(index)
      effect = index.isMultiple(of: 3) ? .merge(effect, member) : effect.merge(with: member)
    }
    await store.send(.start("start") { [effect] in effect }).finish()
    #expect(store.state.first == "start")
    #expect(Set(store.state.dropFirst()) == Set((0..<200).map { "\($0)" }))
    #expect(store.state.count == 201)
  }

  /// An effect that records `index`: from a `.run` for even numbers, a `.send` for odd ones, so
  /// that a long combination holds both kinds.
  static func recording(_ index: Int) -> Effect<Recorder.Action> {
    index.isMultiple(of: 2)
      ? .run { send in await send(.record("\(index)")) } : .send(.record("\(index)"))
  }

  /// Cancelling a concatenation built one member at a time stops the member running and every
  /// member after it, whichever group of the combination holds them.
  @Test func cancellingALongConcatenationStopsEveryLaterMember() async {
    let clock = TestClock()
    let store = Store(initialState: [String]()) { Recorder() }
    var effect = Effect<Recorder.Action>.none
    for index in 0..<100 {
      effect = effect.concatenate(with: delayed("\(index)", clock))
    }
    await withMainSerialExecutor {
      let task = store.send(.start("start") { [effect] in effect.cancellable(id: CancelID.group) })
      for _ in 0..<40 { await clock.advance(by: .seconds(1)) }
      #expect(store.state == ["start"] + (0..<40).map { "\($0)" })
      store.send(.start("stop") { .cancel(id: CancelID.group) })
      await clock.advance(by: .seconds(100))
      await task.finish()
      #expect(store.state == ["start"] + (0..<40).map { "\($0)" } + ["stop"])
      #expect(clock.sleeperCount == 0)
    }
  }

  /// 100,000 effects combined one at a time, in each of the four spellings.
  ///
  /// `merge(with:)`, `.merge(a, b)`, `concatenate(with:)` and `.concatenate(a, b)` each build a
  /// chain that is lifted into a parent's actions, run in a store and released. Nested one
  /// level a step, such a chain overflowed the stack when it was mapped (from about 10,000 steps
  /// in a debug build) or released (about 30,000); copied whole at every step, building one took
  /// minutes. Run in a process of its own, so that a change that nests it again fails this test
  /// rather than stopping the run.
  @Test func longCombinationsBuiltOneStepAtATimeRun() async {
    await #expect(processExitsWith: .success) {
      await LongCombinations.run(count: 100_000)
    }
  }

  @Test func cancellableNoneIsNone() {
    #expect(Effect<Int>.none.cancellable(id: CancelID.timer).isNone)
    #expect(Effect<Int>.merge(.none, .none).isNone)
    #expect(Effect<Int>.concatenate(.none, .none).isNone)
  }
}

/// Sends `.record("tick")` every second until cancelled.
func ticking(_ clock: TestClock) -> Effect<Recorder.Action> {
  .run { send in
    while true {
      try await clock.sleep(for: .seconds(1))
      await send(.record("tick"))
    }
  }
}

/// Sends `.record(name)` after `delay` (one second by default).
func delayed(
  _ name: String,
  _ clock: TestClock,
  after delay: Duration = .seconds(1)
) -> Effect<Recorder.Action> {
  .run { send in
    try await clock.sleep(for: delay)
    await send(.record(name))
  }
}

/// Effects combined one at a time, run in a store that counts what arrives.
enum LongCombinations {
  /// Counts the values it receives and checks that they arrive in order.
  struct Tally: Reducer {
    struct State {
      var received = 0
      var inOrder = true
    }
    enum Action: Sendable {
      case start(@Sendable () -> Effect<Action>)
      case value(Int)
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start(let effect):
        return effect()
      case .value(let value):
        state.inOrder = state.inOrder && value == state.received
        state.received += 1
        return .none
      }
    }
  }

  @MainActor
  static func run(count: Int) async {
    let spellings: [(String, (Effect<Int>, Effect<Int>) -> Effect<Int>, Bool)] = [
      ("merge(with:)", { $0.merge(with: $1) }, false),
      (".merge(_:_:)", { .merge($0, $1) }, false),
      ("concatenate(with:)", { $0.concatenate(with: $1) }, true),
      (".concatenate(_:_:)", { .concatenate($0, $1) }, true),
    ]
    for (name, combine, ordered) in spellings {
      var effect = Effect<Int>.none
      for value in 0..<count {
        effect = combine(effect, .send(value))
      }
      let lifted = effect.map(Tally.Action.value)
      effect = .none
      let store = Store(initialState: Tally.State()) { Tally() }
      await store.send(.start { lifted }).finish()
      #expect(store.state.received == count, "\(name)")
      if ordered {
        #expect(store.state.inOrder, "\(name)")
      }
    }
  }
}
