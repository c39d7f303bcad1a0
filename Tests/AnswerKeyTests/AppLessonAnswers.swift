import Clocks
import ComposableArchitectureTesting
import ComposablePrimeTime
import ExpectedFailures
import PrimeTimeCore
import PrimeTimeFixtures
import Testing
import VanillaPrimeTime

/// The answer key's claims about the app lessons that need no mistake applied.
///
/// Each runs the exercise as it is written; `Docs/Answers.md` names these tests.
@MainActor
@Suite struct AppLessonAnswers {
  /// Whether the vanilla timer test passes when its polling loop may yield `bound` times.
  private func timerTestPasses(pollingAtMost bound: Int) async -> Bool {
    await withMainSerialExecutor {
      let root = RootModel(clock: ImmediateClock(), fetchFact: Fixtures.numberFact)
      let counter = root.pushCounter(count: 98)
      counter.toggleTimerButtonTapped()
      for _ in 0..<bound where !root.path.isEmpty { await Task.yield() }
      return counter.count == 100 && root.path.isEmpty
    }
  }

  /// Lesson 1, exercise 3: the lowest polling bound of the immediate-clock timer test.
  ///
  /// That is `timerDismissesTheCounterAt100_immediateClock`.
  /// Far lower than 1,000: the loop stops as soon as the stack is empty, so the bound only has
  /// to cover the timer's two ticks and the dismissal. The smallest bound that passes is a fact
  /// about how many hops the implementation makes today, which no test author can know — and
  /// which changes when the implementation does.
  @Test func lesson1_exercise3_theSmallestPollingBoundThatPasses() async {
    var smallest = 0
    while await !timerTestPasses(pollingAtMost: smallest) { smallest += 1 }
    #expect(smallest == 5)
    #expect(await timerTestPasses(pollingAtMost: 10))
    #expect(await !timerTestPasses(pollingAtMost: 4))
  }

  /// Lesson 6, exercise 4: the save flow with no save endpoint in its store.
  ///
  /// The dependency is the unimplemented default, so the first failure names the endpoint and
  /// its argument — the message `aFlowThatMustNotSaveFailsIfItSaves` checks on purpose.
  @Test func lesson6_exercise4_aSaveWithoutASaveEndpointNamesIt() async {
    let store = TestStore(initialState: AppFeature.State(favoritePrimes: [2, 3, 5])) {
      AppFeature()
    } withDependencies: {
      $0.date = .constant(Fixtures.date)
    }
    await expectFailure {
      await store.send(.favoritePrimes(.saveButtonTapped))
      await store.finish()
    } matching: { issue in
      issue.message.hasPrefix(#"Unimplemented: FileClient.save("favorite-primes.json") was called"#)
    }
  }
}
