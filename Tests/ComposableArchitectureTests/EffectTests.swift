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
