import Foundation
import PrimeTimeCore
import PrimeTimeFixtures
import Testing
import VanillaPrimeTime

/// The prime modal's model: it changes the favourites every screen shares, and the shared
/// favourites record each change in the activity feed.
@MainActor
@Suite(.startsLeftoverTasks) struct IsPrimeModalTests {
  @Test func saveFavoritePrimeTapped() async {
    let app = PrimeTimeModel.test(count: 7, favoritePrimes: [2, 3], now: { Fixtures.date })
    app.counter.isPrimeButtonTapped()
    let modal = app.counter.primeModal
    await expectChanges(["counter.favorites.primes", "counter.favorites.activityFeed"], in: app) {
      modal?.saveFavoritePrimeTapped()
    }
    #expect(app.favorites.primes == [2, 3, 7])
    #expect(
      app.favorites.activityFeed == [
        Activity(timestamp: Fixtures.date, type: .addedFavoritePrime(7))
      ]
    )
    #expect(modal?.isFavorite == true)
  }

  @Test func removeFavoritePrimeTapped() async {
    let app = PrimeTimeModel.test(count: 3, favoritePrimes: [2, 3, 5], now: { Fixtures.date })
    app.counter.isPrimeButtonTapped()
    await expectChanges(["counter.favorites.primes", "counter.favorites.activityFeed"], in: app) {
      app.counter.primeModal?.removeFavoritePrimeTapped()
    }
    #expect(app.favorites.primes == [2, 5])
    #expect(
      app.favorites.activityFeed == [
        Activity(timestamp: Fixtures.date, type: .removedFavoritePrime(3))
      ]
    )
  }

  @Test func messages() {
    let favorites = Favorites(now: unsuppliedNow)
    #expect(PrimeModalModel(count: 7, favorites: favorites).message == "7 is prime 🎉")
    #expect(PrimeModalModel(count: 8, favorites: favorites).message == "8 is not prime :(")
  }

  /// Only a prime can be a favourite: Save on any other number changes nothing (and asks for no
  /// date, which would fail this test).
  @Test func saveFavoritePrimeTapped_notPrime() async {
    let app = PrimeTimeModel.test(count: 8)
    app.counter.isPrimeButtonTapped()
    await expectChanges([], in: app) {
      app.counter.primeModal?.saveFavoritePrimeTapped()
    }
  }
}
