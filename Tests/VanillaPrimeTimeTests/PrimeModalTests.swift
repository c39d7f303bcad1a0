import Foundation
import PrimeTimeCore
import PrimeTimeFixtures
import Testing
import VanillaPrimeTime

@MainActor
@Suite struct PrimeModalTests {
  @Test func saveFavoritePrimeTapped() {
    let state = AppState(count: 7, favoritePrimes: [2, 3])
    var modal = IsPrimeModalView(
      activityFeed: Binding(state, \.activityFeed),
      count: state.count,
      favoritePrimes: Binding(state, \.favoritePrimes)
    )
    modal.now = { Fixtures.date }
    modal.saveFavoritePrime()
    #expect(state.favoritePrimes == [2, 3, 7])
    #expect(
      state.activityFeed == [Activity(timestamp: Fixtures.date, type: .addedFavoritePrime(7))]
    )
    #expect(modal.isFavorite)
  }

  @Test func removeFavoritePrimeTapped() {
    let state = AppState(count: 3, favoritePrimes: [2, 3, 5])
    var modal = IsPrimeModalView(
      activityFeed: Binding(state, \.activityFeed),
      count: state.count,
      favoritePrimes: Binding(state, \.favoritePrimes)
    )
    modal.now = { Fixtures.date }
    modal.removeFavoritePrime()
    #expect(state.favoritePrimes == [2, 5])
    #expect(
      state.activityFeed == [Activity(timestamp: Fixtures.date, type: .removedFavoritePrime(3))]
    )
  }

  /// Lesson "lost exhaustivity", the episode's own example.
  ///
  /// A test that checks only what it expects to change cannot see what else changed. Here removing a favourite also empties the
  /// activity feed (the mistake, written next to the call as if it were inside
  /// `removeFavoritePrime()`), and the test that checks the favourites alone passes. The same
  /// step checked against a whole expected copy of the modal's state (the projection from
  /// `BindingTests`) catches it.
  @Test func lostExhaustivity_aRemoveThatAlsoEmptiesTheFeed() {
    let earlier = Activity(timestamp: Fixtures.date, type: .addedFavoritePrime(3))
    let state = AppState(count: 3, favoritePrimes: [2, 3, 5], activityFeed: [earlier])
    var expected = state.primeModalState
    var modal = IsPrimeModalView(
      activityFeed: Binding(state, \.activityFeed),
      count: state.count,
      favoritePrimes: Binding(state, \.favoritePrimes)
    )
    modal.now = { Fixtures.date }
    modal.removeFavoritePrime()
    state.activityFeed = []  // the mistake

    // What the test checked: it passes.
    #expect(state.favoritePrimes == [2, 5])

    // What the whole state says: `#expect(state.primeModalState == expected)` would fail,
    // because the feed was emptied.
    expected.favoritePrimes = [2, 5]
    expected.activityFeed = [
      earlier, Activity(timestamp: Fixtures.date, type: .removedFavoritePrime(3)),
    ]
    #expect(state.primeModalState != expected)
    #expect(state.primeModalState.activityFeed == [])
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

  /// Lesson "uncontrolled dates unless injected": with the live default (`Date()`), the
  /// timestamp is whatever the wall clock said, so the test cannot state it exactly — only a
  /// window. (The same test with `now` injected asserts the exact activity.)
  @Test func activityTimestamp_withoutInjection() throws {
    let state = AppState(count: 7)
    let modal = IsPrimeModalView(
      activityFeed: Binding(state, \.activityFeed),
      count: 7,
      favoritePrimes: Binding(state, \.favoritePrimes)
    )
    let before = Date()
    modal.saveFavoritePrime()
    let after = Date()
    let timestamp = try #require(state.activityFeed.first?.timestamp)
    #expect(timestamp != Fixtures.date)
    #expect(before <= timestamp && timestamp <= after)
  }

  /// A count that is not prime cannot become a favourite (the file holds primes only).
  @Test func saveFavoritePrimeTapped_notPrime() {
    let state = AppState(count: 4, favoritePrimes: [2, 3])
    var modal = IsPrimeModalView(
      activityFeed: Binding(state, \.activityFeed),
      count: state.count,
      favoritePrimes: Binding(state, \.favoritePrimes)
    )
    modal.now = { Fixtures.date }
    modal.saveFavoritePrime()
    #expect(state.favoritePrimes == [2, 3])
    #expect(state.activityFeed.isEmpty)
  }
}
