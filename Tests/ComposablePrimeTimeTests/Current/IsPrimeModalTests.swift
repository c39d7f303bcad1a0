import ComposableArchitecture
import ComposableArchitectureTesting
import ComposablePrimeTime
import Foundation
import PrimeTimeCore
import PrimeTimeFixtures
import Testing

/// The prime modal's feature: it changes the favourites every screen shares and tells the app,
/// which records the activity.
@MainActor
@Suite struct IsPrimeModalTests {
  /// The app with the modal presented on `count`.
  func presented(count: Int, favoritePrimes: [Int]) -> PrimeTimeFeature.State {
    var state = PrimeTimeFeature.State.test(count: count, favoritePrimes: favoritePrimes)
    state.counter.primeModal = PrimeModalFeature.State(
      count: count,
      favoritePrimes: state.counter.$favoritePrimes
    )
    return state
  }

  @Test func saveFavoritePrimeTapped() async {
    let store = TestStore(initialState: presented(count: 7, favoritePrimes: [2, 3])) {
      PrimeTimeFeature()
    } withDependencies: {
      $0.date = .constant(Fixtures.date)
    }
    await store.send(.counter(.primeModal(.presented(.saveFavoritePrimeTapped)))) {
      $0.counter.$favoritePrimes.withLock { $0 = [2, 3, 7] }
    }
    await store.receive(.counter(.primeModal(.presented(.delegate(.savedFavoritePrime(7)))))) {
      $0.activityFeed = [Activity(timestamp: Fixtures.date, type: .addedFavoritePrime(7))]
    }
    #expect(store.state.counter.primeModal?.isFavorite == true)
  }

  @Test func removeFavoritePrimeTapped() async {
    let store = TestStore(initialState: presented(count: 3, favoritePrimes: [2, 3, 5])) {
      PrimeTimeFeature()
    } withDependencies: {
      $0.date = .constant(Fixtures.date)
    }
    await store.send(.counter(.primeModal(.presented(.removeFavoritePrimeTapped)))) {
      $0.counter.$favoritePrimes.withLock { $0 = [2, 5] }
    }
    await store.receive(.counter(.primeModal(.presented(.delegate(.removedFavoritePrime(3)))))) {
      $0.activityFeed = [Activity(timestamp: Fixtures.date, type: .removedFavoritePrime(3))]
    }
  }

  @Test func messages() {
    let favorites = Shared(value: [Int]())
    #expect(PrimeModalFeature.State(count: 7, favoritePrimes: favorites).message == "7 is prime 🎉")
    #expect(
      PrimeModalFeature.State(count: 8, favoritePrimes: favorites).message == "8 is not prime :("
    )
  }

  /// Only a prime can be a favourite: Save on any other number changes nothing (and asks for no
  /// date, which would fail this test).
  @Test func saveFavoritePrimeTapped_notPrime() async {
    let store = TestStore(initialState: presented(count: 8, favoritePrimes: [])) {
      PrimeTimeFeature()
    }
    await store.send(.counter(.primeModal(.presented(.saveFavoritePrimeTapped))))
  }
}
