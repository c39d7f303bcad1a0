import ExhaustiveHarness
import ExpectedFailures
import Foundation
import PrimeTimeCore
import PrimeTimeFixtures
import Testing
import VanillaPrimeTime

@MainActor
@Suite struct PrimeModalTests {
  /// The modal over the harness's model, with the date injected.
  func makeModal(_ state: AppState) -> IsPrimeModalView {
    var modal = IsPrimeModalView(
      activityFeed: Binding(state, \.activityFeed),
      count: state.count,
      favoritePrimes: Binding(state, \.favoritePrimes)
    )
    modal.now = { Fixtures.date }
    return modal
  }

  @Test func saveFavoritePrimeTapped() {
    let harness = ExhaustiveHarness(AppState(count: 7, favoritePrimes: [2, 3]))
    let modal = makeModal(harness.model)
    harness.send(modal.saveFavoritePrime) {
      $0.favoritePrimes = [2, 3, 7]
      $0.activityFeed = [Activity(timestamp: Fixtures.date, type: .addedFavoritePrime(7))]
    }
    #expect(modal.isFavorite)
  }

  @Test func removeFavoritePrimeTapped() {
    let harness = ExhaustiveHarness(AppState(count: 3, favoritePrimes: [2, 3, 5]))
    let modal = makeModal(harness.model)
    harness.send(modal.removeFavoritePrime) {
      $0.favoritePrimes = [2, 5]
      $0.activityFeed = [Activity(timestamp: Fixtures.date, type: .removedFavoritePrime(3))]
    }
  }

  /// Lesson "lost exhaustivity", the episode's own example, with the harness.
  ///
  /// Removing a favourite also empties the activity feed (the mistake, written next to the
  /// call). The harness compares the whole model, so the step must state the feed too; it
  /// states what a remove should do, and the emptied feed fails it. (Without the mistake the
  /// step passes, and the known issue is then missing.)
  @Test func lostExhaustivity_aRemoveThatAlsoEmptiesTheFeed() {
    let earlier = Activity(timestamp: Fixtures.date, type: .addedFavoritePrime(3))
    let harness = ExhaustiveHarness(
      AppState(count: 3, favoritePrimes: [2, 3, 5], activityFeed: [earlier])
    )
    let modal = makeModal(harness.model)
    expectFailure("remove also emptied the activity feed") {
      harness.send({
        modal.removeFavoritePrime()
        harness.model.activityFeed = []  // the mistake
      }) {
        $0.favoritePrimes = [2, 5]
        $0.activityFeed = [
          earlier, Activity(timestamp: Fixtures.date, type: .removedFavoritePrime(3)),
        ]
      }
    }
  }

  @Test func messages() {
    let prime = IsPrimeModalView(
      activityFeed: .constant([]),
      count: 7,
      favoritePrimes: .constant([])
    )
    let composite = IsPrimeModalView(
      activityFeed: .constant([]),
      count: 8,
      favoritePrimes: .constant([])
    )
    #expect(prime.message == "7 is prime 🎉")
    #expect(composite.message == "8 is not prime :(")
  }

  /// "Uncontrolled dates unless injected", under an exhaustive harness.
  ///
  /// The harness wants the exact activity, and with the live `Date()` no test can write it
  /// down: the step fails.
  @Test func activityTimestamp_withoutInjection() {
    let harness = ExhaustiveHarness(AppState(count: 7))
    let modal = IsPrimeModalView(
      activityFeed: Binding(harness.model, \.activityFeed),
      count: 7,
      favoritePrimes: Binding(harness.model, \.favoritePrimes)
    )
    expectFailure {
      harness.send(modal.saveFavoritePrime) {
        $0.favoritePrimes = [7]
        $0.activityFeed = [Activity(timestamp: Fixtures.date, type: .addedFavoritePrime(7))]
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("A state change does not match expectation") }
    }
  }

  @Test func saveFavoritePrimeTapped_notPrime() {
    let harness = ExhaustiveHarness(AppState(count: 4, favoritePrimes: [2, 3]))
    let modal = makeModal(harness.model)
    harness.send(modal.saveFavoritePrime)
  }
}
