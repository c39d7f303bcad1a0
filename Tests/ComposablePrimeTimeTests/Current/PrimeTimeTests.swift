import ComposableArchitecture
import ComposableArchitectureTesting
import ComposablePrimeTime
import ExpectedFailures
import Foundation
import PrimeTimeCore
import PrimeTimeFixtures
import Testing

/// The app as a whole: what the test store catches, and the lifetime of the work a feature
/// starts.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct PrimeTimeTests {
  /// A change the test did not state fails, anywhere in the app's state.
  @Test func anUnassertedChangeFails() async {
    let store = TestStore(initialState: PrimeTimeFeature.State.test(count: 2)) {
      PrimeTimeFeature()
    }
    await expectFailure {
      await store.send(.counter(.incrementButtonTapped))
    } matching: { issue in
      issue.message.hasPrefix("State was not expected to change, but a change occurred")
    }
  }

  /// …and a stated change that did not happen.
  @Test func aMissingChangeFails() async {
    let store = TestStore(initialState: PrimeTimeFeature.State.test(count: 2)) {
      PrimeTimeFeature()
    }
    await expectFailure {
      await store.send(.counter(.incrementButtonTapped)) {
        $0.counter.count = 3
        $0.counter.isNthPrimeButtonDisabled = true
      }
    } matching: { issue in
      issue.message.hasPrefix("A state change does not match expectation")
    }
  }

  /// The comparison covers shared state: a change to the favourites the test did not state
  /// fails, though the favourites are held by reference.
  @Test func theComparisonSeesSharedState() async {
    var state = PrimeTimeFeature.State.test(count: 7)
    state.counter.primeModal = PrimeModalFeature.State(
      count: 7,
      favoritePrimes: state.counter.$favoritePrimes
    )
    let store = TestStore(initialState: state) {
      PrimeTimeFeature()
    } withDependencies: {
      $0.date = .constant(Fixtures.date)
    }
    await expectFailure {
      await store.send(.counter(.primeModal(.presented(.saveFavoritePrimeTapped))))
    } matching: { issue in
      issue.message.hasPrefix("State was not expected to change")
        && issue.message.contains("favoritePrimes")
    }
    store.exhaustivity = .off
    await store.skipReceivedActions()
  }

  /// A dependency the test did not supply fails the test when it is used.
  @Test func anUnsuppliedClientFailsTheTest() async {
    let store = TestStore(initialState: PrimeTimeFeature.State.test(count: 7)) {
      PrimeTimeFeature()
    }
    await expectFailure {
      await store.send(.counter(.nthPrimeButtonTapped)) {
        $0.counter.isNthPrimeButtonDisabled = true
      }
      await store.receive(.counter(.nthPrimeResponse(nil))) {
        $0.counter.isNthPrimeButtonDisabled = false
      }
    } matching: { issue in
      issue.message == "Unimplemented: PrimeClient.nthPrime was called"
    }
  }

  /// Every screen holds the same favourites: a write through one is seen through the others.
  @Test func favoritesAreShared() {
    var state = PrimeTimeFeature.State.test(count: 7)
    state.counter.primeModal = PrimeModalFeature.State(
      count: 7,
      favoritePrimes: state.counter.$favoritePrimes
    )
    state.counter.primeModal?.$favoritePrimes.withLock { $0 = [7] }
    #expect(state.favoritesList.favoritePrimes == [7])
    #expect(state.counter.favoritePrimes == [7])
  }

  /// Work still running when the test ends: the test store reports the effect, and where it
  /// was started.
  @Test func workStillRunningAtTheEnd() async {
    let question = UnansweredQuestion()
    await expectFailure {
      // The store goes away at the end of this closure, as at the end of a test.
      let store = TestStore(initialState: PrimeTimeFeature.State.test(count: 7)) {
        PrimeTimeFeature()
      } withDependencies: {
        $0.primeClient.nthPrime = question.nthPrime
      }
      store.timeout = .milliseconds(100)
      await store.send(.counter(.nthPrimeButtonTapped)) {
        $0.counter.isNthPrimeButtonDisabled = true
      }
    } matching: { issue in
      issue.message.hasPrefix("An effect returned for this action is still running")
    }
    question.finish()
  }
}
