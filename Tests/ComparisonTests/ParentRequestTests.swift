import Clocks
import ComposableArchitectureTesting
import ComposablePrimeTime
import PrimeTimeFixtures
import Testing
import VanillaPrimeTime

/// What a test sees when a stack counter asks its parent for something, in both apps.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ParentRequestTests {
  /// Vanilla: a counter whose parent never set its callbacks reports it when it calls them.
  ///
  /// A forgotten callback is a navigation mistake no state shows: the counter calls it and
  /// nothing happens. The defaults report it (the vanilla suites make that a failure of the
  /// running test), naming the callback.
  @Test func vanillaCounterWithoutItsParentsCallbacksReportsThem() {
    Fixtures.failOnUnwiredCallbacks()
    let counter = CounterModel(count: 99, clock: TestClock())
    let dismissed = IssueReporting.collect { counter.timerTick() }
    let goneTo = IssueReporting.collect { counter.loadResponse() }
    #expect(
      dismissed.map(\.message).allSatisfy {
        $0.hasPrefix("CounterModel.onDismiss was called, but its parent never set it (")
      } && dismissed.count == 1
    )
    #expect(
      goneTo.map(\.message).allSatisfy {
        $0.hasPrefix("CounterModel.onGoToCounter was called, but its parent never set it (")
      } && goneTo.count == 1
    )
    #expect(counter.count == 100)
  }

  /// Composable: the request is a delegate action, which a test store must receive whether or
  /// not any parent handles it.
  @Test func composableCounterRequestIsAnActionTheTestReceives() async {
    let store = TestStore(initialState: CounterFeature.State(count: 42)) { CounterFeature() }
    await store.send(.loadResponse)
    await store.receive(.delegate(.goToCounter(42)))
  }
}
