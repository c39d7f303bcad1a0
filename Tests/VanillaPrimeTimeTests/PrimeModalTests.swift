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
