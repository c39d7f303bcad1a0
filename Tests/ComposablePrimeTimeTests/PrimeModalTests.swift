import ComposableArchitectureTesting
import ComposablePrimeTime
import ExpectedFailures
import Foundation
import PrimeTimeCore
import PrimeTimeFixtures
import Testing

/// The prime modal, and the activity feed it produces through the app's higher-order reducer.
@MainActor
@Suite struct PrimeModalTests {
  @Test func saveFavoritePrimeTapped() async {
    let store = TestStore(
      initialState: AppFeature.State(
        count: 7,
        favoritePrimes: [2, 3],
        primeModal: PrimeModal.State(count: 7, favoritePrimes: [2, 3])
      )
    ) {
      AppFeature()
    } withDependencies: {
      $0.date = .constant(Fixtures.date)
    }
    await store.send(.counter(.primeModal(.presented(.saveFavoritePrimeTapped)))) {
      $0.primeModal?.favoritePrimes = [2, 3, 7]
      $0.favoritePrimes = [2, 3, 7]
      $0.activityFeed = [Activity(timestamp: Fixtures.date, type: .addedFavoritePrime(7))]
    }
    #expect(store.state.primeModal?.isFavorite == true)
  }

  @Test func removeFavoritePrimeTapped() async {
    let store = TestStore(
      initialState: AppFeature.State(
        count: 3,
        favoritePrimes: [2, 3, 5],
        primeModal: PrimeModal.State(count: 3, favoritePrimes: [2, 3, 5])
      )
    ) {
      AppFeature()
    } withDependencies: {
      $0.date = .constant(Fixtures.date)
    }
    await store.send(.counter(.primeModal(.presented(.removeFavoritePrimeTapped)))) {
      $0.primeModal?.favoritePrimes = [2, 5]
      $0.favoritePrimes = [2, 5]
      $0.activityFeed = [Activity(timestamp: Fixtures.date, type: .removedFavoritePrime(3))]
    }
  }

  /// Lesson "lost exhaustivity", the episode's own example, on this side.
  ///
  /// Removing a favourite also empties the activity feed (the mistake, added as a reducer after
  /// the app's). An exhaustive store does not let the test state the favourites alone: it must
  /// say what becomes of the whole state, feed included, so the step states what a remove
  /// should do and the emptied feed fails it. The vanilla twin's check of the favourites alone
  /// passes. (Without the mistake this step passes, and `expectFailure` then fails.)
  @Test func lostExhaustivity_aRemoveThatAlsoEmptiesTheFeed() async {
    let earlier = Activity(timestamp: Fixtures.date, type: .addedFavoritePrime(3))
    let store = TestStore(
      initialState: AppFeature.State(
        count: 3,
        favoritePrimes: [2, 3, 5],
        activityFeed: [earlier],
        primeModal: PrimeModal.State(count: 3, favoritePrimes: [2, 3, 5])
      )
    ) {
      AppFeature()
      Reduce { state, action in
        if case .counter(.primeModal(.presented(.removeFavoritePrimeTapped))) = action {
          state.activityFeed = []  // the mistake
        }
        return .none
      }
    } withDependencies: {
      $0.date = .constant(Fixtures.date)
    }
    await expectFailure("remove also emptied the activity feed") {
      await store.send(.counter(.primeModal(.presented(.removeFavoritePrimeTapped)))) {
        $0.primeModal?.favoritePrimes = [2, 5]
        $0.favoritePrimes = [2, 5]
        $0.activityFeed = [
          earlier, Activity(timestamp: Fixtures.date, type: .removedFavoritePrime(3)),
        ]
      }
    }
  }

  @Test func messages() {
    #expect(PrimeModal.State(count: 7, favoritePrimes: []).message == "7 is prime 🎉")
    #expect(PrimeModal.State(count: 8, favoritePrimes: []).message == "8 is not prime :(")
  }

  /// Without a controlled date the test does not silently get the wall clock: using `\.date`
  /// under a `TestStore` fails the test until the test sets it — and the activity it stamped
  /// cannot be asserted, which fails the exhaustive state check too.
  @Test func activityTimestamp_withoutInjection() async throws {
    let store = TestStore(
      initialState: AppFeature.State(
        count: 7,
        primeModal: PrimeModal.State(count: 7, favoritePrimes: [])
      )
    ) {
      AppFeature()
    }
    await expectFailure {
      await store.send(.counter(.primeModal(.presented(.saveFavoritePrimeTapped)))) {
        $0.primeModal?.favoritePrimes = [7]
        $0.favoritePrimes = [7]
      }
    } matching: { issue in
      let text = issue.comments.first?.rawValue ?? ""
      return text
        == "@Dependency(\\.date) has no test implementation, but was accessed from a test context."
        || text.hasPrefix("A state change does not match expectation")
    }
    let timestamp = try #require(store.state.activityFeed.first?.timestamp)
    #expect(timestamp != Fixtures.date)
  }

  /// A count that is not prime cannot become a favourite (the file holds primes only): nothing
  /// changes, and no activity is recorded.
  @Test func saveFavoritePrimeTapped_notPrime() async {
    let store = TestStore(
      initialState: AppFeature.State(
        count: 4,
        favoritePrimes: [2, 3],
        primeModal: PrimeModal.State(count: 4, favoritePrimes: [2, 3])
      )
    ) {
      AppFeature()
    }
    await store.send(.counter(.primeModal(.presented(.saveFavoritePrimeTapped))))
  }
}
