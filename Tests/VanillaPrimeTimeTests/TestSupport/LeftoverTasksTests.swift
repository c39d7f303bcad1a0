import Clocks
import Testing
import VanillaPrimeTime

/// The current suites' end-of-test turn: a task the model started and nobody awaited fails the
/// test when it calls a failing value, on every run.
///
/// Not `@MainActor`, as the runner that calls the turn is not: a main-actor test would hop back
/// to the main actor after the scope and so let the task start whether the turn does or not.
@Suite struct LeftoverTasksTests {
  /// A request nobody awaits has been made when the test ends, on each of 200 runs.
  ///
  /// The shape of the mistake the answer key grades: `+` also asks for an nth prime and nobody
  /// awaits the answer. The suites' failing client would fail the test at that call; here the
  /// client notes it, and the note is read where the runner would end the test. Other work
  /// waits on the main actor ahead of the request, as it does in a running app; without the
  /// turn the test would end before the request is made (take the turn out of
  /// `StartsLeftoverTasks` and this test fails).
  @Test(arguments: 1...200)
  func aLeftoverRequestIsMadeBeforeTheTestEnds(run: Int) async throws {
    let test = try #require(Test.current)
    let asked = LockIsolated<Int?>(nil)
    let client = NthPrimeClient { n in
      asked.withLock { $0 = n }
      return nil
    }
    try await StartsLeftoverTasks().provideScope(for: test, testCase: nil) { @MainActor in
      for _ in 0..<1_000 { Task { @MainActor in } }
      let counter = PrimeTimeModel.test(count: run).counter
      counter.incrementButtonTapped()
      Task { [count = counter.count] in _ = await client.nthPrime(count) }
    }
    #expect(asked.withLock { $0 } == run + 1)
  }

  /// The turn runs the test's body once and changes nothing a model left no task behind for.
  @Test func aTestWithoutLeftoversRunsAsWritten() async throws {
    let test = try #require(Test.current)
    let counter = await PrimeTimeModel.test(count: 2).counter
    try await StartsLeftoverTasks().provideScope(for: test, testCase: nil) { @MainActor in
      counter.incrementButtonTapped()
    }
    #expect(await counter.count == 3)
  }
}
