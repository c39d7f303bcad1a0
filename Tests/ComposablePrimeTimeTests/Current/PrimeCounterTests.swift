import ComposableArchitecture
import ComposableArchitectureTesting
import ComposablePrimeTime
import Foundation
import PrimeTimeCore
import PrimeTimeFixtures
import Testing

/// The counter screen as a Composable Architecture team writes it today, tested from the app's
/// root with an exhaustive `TestStore`: every change anywhere in the app must be stated.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct PrimeCounterTests {
  @Test func incrementButtonTapped() async {
    let store = TestStore(initialState: PrimeTimeFeature.State.test(count: 2)) {
      PrimeTimeFeature()
    }
    await store.send(.counter(.incrementButtonTapped)) {
      $0.counter.count = 3
    }
  }

  @Test func decrementButtonTapped() async {
    let store = TestStore(initialState: PrimeTimeFeature.State.test(count: 2)) {
      PrimeTimeFeature()
    }
    await store.send(.counter(.decrementButtonTapped)) {
      $0.counter.count = 1
    }
  }

  @Test func nthPrimeButtonTapped_happyPath() async {
    let store = TestStore(initialState: PrimeTimeFeature.State.test(count: 7)) {
      PrimeTimeFeature()
    } withDependencies: {
      $0.primeClient.nthPrime = { Fixtures.nthPrime($0) }
    }
    await store.send(.counter(.nthPrimeButtonTapped)) {
      $0.counter.isNthPrimeButtonDisabled = true
    }
    await store.receive(.counter(.nthPrimeResponse(17))) {
      $0.counter.alert = .nthPrime(17, count: 7)
      $0.counter.isNthPrimeButtonDisabled = false
    }
    #expect(store.state.counter.alert?.title.string == "The 7th prime is 17")
  }

  @Test func nthPrimeButtonTapped_unhappyPath() async {
    let store = TestStore(initialState: PrimeTimeFeature.State.test(count: 0)) {
      PrimeTimeFeature()
    } withDependencies: {
      $0.primeClient.nthPrime = { Fixtures.nthPrime($0) }
    }
    await store.send(.counter(.nthPrimeButtonTapped)) {
      $0.counter.isNthPrimeButtonDisabled = true
    }
    await store.receive(.counter(.nthPrimeResponse(nil))) {
      $0.counter.isNthPrimeButtonDisabled = false
    }
  }

  /// The live client, not a stub: out of range (count < 1) answers nil, no alert.
  @Test func nthPrimeButtonTapped_liveOutOfRange() async {
    let store = TestStore(initialState: PrimeTimeFeature.State.test(count: -3)) {
      PrimeTimeFeature()
    } withDependencies: {
      $0.primeClient = .liveValue
    }
    await store.send(.counter(.nthPrimeButtonTapped)) {
      $0.counter.isNthPrimeButtonDisabled = true
    }
    await store.receive(.counter(.nthPrimeResponse(nil))) {
      $0.counter.isNthPrimeButtonDisabled = false
    }
  }

  /// "Cancel" cancels the question's effect: the client sees the cancellation, and an answer it
  /// gives anyway is never received.
  @Test func nthPrimeButtonTapped_cancel() async {
    let question = UnansweredQuestion()
    let store = TestStore(initialState: PrimeTimeFeature.State.test(count: 7)) {
      PrimeTimeFeature()
    } withDependencies: {
      $0.primeClient.nthPrime = question.nthPrime
    }
    await store.send(.counter(.nthPrimeButtonTapped)) {
      $0.counter.isNthPrimeButtonDisabled = true
    }
    await question.waitUntilAsked()
    await store.send(.counter(.nthPrimeCancelButtonTapped)) {
      $0.counter.isNthPrimeButtonDisabled = false
    }
    await store.finish()
    #expect(question.sawCancellation)
  }

  @Test func alertDismissButtonTapped() async {
    var state = PrimeTimeFeature.State.test(count: 7)
    state.counter.alert = .nthPrime(17, count: 7)
    let store = TestStore(initialState: state) { PrimeTimeFeature() }
    await store.send(.counter(.alert(.dismiss))) {
      $0.counter.alert = nil
    }
  }

  /// "Is this prime?" presents the modal on the app's favourites; its Save changes the list
  /// every screen shares, and the app records the activity it is told of.
  @Test func primeModal_presentedFromCounter() async throws {
    let store = TestStore(initialState: PrimeTimeFeature.State.test(count: 7)) {
      PrimeTimeFeature()
    } withDependencies: {
      $0.date = .constant(Fixtures.date)
    }
    await store.send(.counter(.isPrimeButtonTapped)) {
      $0.counter.primeModal = PrimeModalFeature.State(
        count: 7,
        favoritePrimes: $0.counter.$favoritePrimes
      )
    }
    await store.send(.counter(.primeModal(.presented(.saveFavoritePrimeTapped)))) {
      $0.counter.$favoritePrimes.withLock { $0 = [7] }
    }
    await store.receive(.counter(.primeModal(.presented(.delegate(.savedFavoritePrime(7)))))) {
      $0.activityFeed = [Activity(timestamp: Fixtures.date, type: .addedFavoritePrime(7))]
    }
    #expect(store.state.favoritesList.favoritePrimes == [7])
    await store.send(.counter(.primeModal(.dismiss))) {
      $0.counter.primeModal = nil
    }
  }
}

extension PrimeTimeFeature.State {
  /// The app for a test: a user logged in.
  static func test(
    count: Int = 0,
    favoritePrimes: [Int] = [],
    activityFeed: [Activity] = []
  ) -> Self {
    PrimeTimeFeature.State(
      count: count,
      favoritePrimes: favoritePrimes,
      activityFeed: activityFeed,
      loggedInUser: Fixtures.user
    )
  }
}
