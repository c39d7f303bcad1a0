import ExpectedFailures
import Foundation
import PrimeTimeCore
import PrimeTimeFixtures
import Testing
import VanillaPrimeTime

/// The counter screen as a vanilla team writes it today: the model owns the logic, the
/// nth-prime question is a task the test awaits, and `expectChanges` says nothing else moved.
@MainActor
@Suite(.timeLimit(.minutes(1)), .startsLeftoverTasks)
struct PrimeCounterTests {
  @Test func incrementButtonTapped() async {
    let app = PrimeTimeModel.test(count: 2)
    await expectChanges(["counter.count"], in: app) {
      app.counter.incrementButtonTapped()
    }
    #expect(app.counter.count == 3)
  }

  @Test func decrementButtonTapped() async {
    let app = PrimeTimeModel.test(count: 2)
    await expectChanges(["counter.count"], in: app) {
      app.counter.decrementButtonTapped()
    }
    #expect(app.counter.count == 1)
  }

  @Test func nthPrimeButtonTapped_happyPath() async {
    let app = PrimeTimeModel.test(count: 7, nthPrime: NthPrimeClient { Fixtures.nthPrime($0) })
    var question: Task<Void, Never>?
    await expectChanges(["counter.isNthPrimeButtonDisabled"], in: app) {
      question = app.counter.nthPrimeButtonTapped()
    }
    await expectChanges(["counter.alert", "counter.isNthPrimeButtonDisabled"], in: app) {
      await question?.value
    }
    #expect(app.counter.alert == PrimeAlert(prime: 17))
    #expect(app.counter.isNthPrimeButtonDisabled == false)
    #expect(app.counter.alertTitle == "The 7th prime is 17")
  }

  @Test func nthPrimeButtonTapped_unhappyPath() async {
    let app = PrimeTimeModel.test(count: 0, nthPrime: NthPrimeClient { Fixtures.nthPrime($0) })
    await expectChanges([], in: app) {
      await app.counter.nthPrimeButtonTapped().value
    }
    #expect(app.counter.alert == nil)
    #expect(app.counter.isNthPrimeButtonDisabled == false)
  }

  /// The live client, not a stub: out of range (count < 1) answers nil, no alert.
  @Test func nthPrimeButtonTapped_liveOutOfRange() async {
    let app = PrimeTimeModel.test(count: -3, nthPrime: .live)
    await app.counter.nthPrimeButtonTapped().value
    #expect(app.counter.alert == nil)
    #expect(app.counter.isNthPrimeButtonDisabled == false)
  }

  /// "Cancel" cancels the question's task: the client sees the cancellation, and an answer it
  /// gives anyway is dropped.
  @Test func nthPrimeButtonTapped_cancel() async {
    let question = UnansweredQuestion()
    let app = PrimeTimeModel.test(count: 7, nthPrime: NthPrimeClient(nthPrime: question.nthPrime))
    let task = app.counter.nthPrimeButtonTapped()
    await question.waitUntilAsked()
    await expectChanges(["counter.isNthPrimeButtonDisabled"], in: app) {
      app.counter.nthPrimeCancelButtonTapped()
      await task.value
    }
    #expect(question.sawCancellation)
    #expect(app.counter.alert == nil)
    #expect(app.counter.isNthPrimeButtonDisabled == false)
  }

  @Test func alertDismissButtonTapped() async {
    let app = PrimeTimeModel.test(count: 7, nthPrime: NthPrimeClient { Fixtures.nthPrime($0) })
    await app.counter.nthPrimeButtonTapped().value
    await expectChanges(["counter.alert"], in: app) {
      app.counter.alertDismissButtonTapped()
    }
    #expect(app.counter.alert == nil)
  }

  /// The integration test the episode's design could not have as a unit test: "Is this prime?"
  /// presents a modal model, its Save changes the favourites every screen shares, and the
  /// activity is recorded.
  @Test func primeModal_presentedFromCounter() async throws {
    let app = PrimeTimeModel.test(count: 7, now: { Fixtures.date })
    await expectChanges(["counter.primeModal"], in: app) {
      app.counter.isPrimeButtonTapped()
    }
    let modal = try #require(app.counter.primeModal)
    await expectChanges(["counter.favorites.primes", "counter.favorites.activityFeed"], in: app) {
      modal.saveFavoritePrimeTapped()
    }
    #expect(app.favoritesList.favorites.primes == [7])
    #expect(
      app.favorites.activityFeed == [
        Activity(timestamp: Fixtures.date, type: .addedFavoritePrime(7))
      ]
    )
    await expectChanges(["counter.primeModal"], in: app) {
      app.counter.primeModalDismissed()
    }
  }
}
