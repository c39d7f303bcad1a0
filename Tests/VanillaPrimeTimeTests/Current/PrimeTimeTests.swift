import ExpectedFailures
import Foundation
import PrimeTimeCore
import PrimeTimeFixtures
import Testing
import VanillaPrimeTime

/// The app model as a whole: what the test tools of this design catch, and the lifetime of the
/// tasks a model starts.
@MainActor
@Suite(.timeLimit(.minutes(1)), .startsLeftoverTasks)
struct PrimeTimeTests {
  /// The whole-model comparison reports a change the test did not name, anywhere in the app:
  /// here the user is logged out by what should only have counted.
  @Test func anUnassertedChangeFails() async {
    let app = PrimeTimeModel.test(count: 2)
    await expectFailure {
      await expectChanges(["counter.count"], in: app) {
        app.counter.incrementButtonTapped()
        app.loggedInUser = nil
      }
    } matching: { issue in
      issue.message.hasPrefix("The model changed other than expected:")
        && issue.message.contains("loggedInUser changed: Optional(PrimeTimeCore.User(id: 1")
    }
  }

  /// …and a named change that did not happen.
  @Test func aMissingChangeFails() async {
    let app = PrimeTimeModel.test(count: 2)
    await expectFailure {
      await expectChanges(["counter.count", "counter.alert"], in: app) {
        app.counter.incrementButtonTapped()
      }
    } matching: { issue in
      issue.message.contains("counter.alert was expected to change, but did not")
    }
  }

  /// The comparison covers what Observation tracks, through every model the app holds, shared
  /// favourites included, and nothing a screen cannot observe (a kept task, a client).
  @Test func theComparisonSeesSharedState() {
    let app = PrimeTimeModel.test(count: 7)
    app.counter.isPrimeButtonTapped()
    let properties = observedProperties(of: app)
    #expect(properties["counter.count"] == "7")
    #expect(properties["counter.primeModal"] == "presented")
    #expect(properties["favoritesList.alertMessage"] == "nil")
    #expect(properties["counter.favorites.primes"] == "[]")
    #expect(properties["counter.nthPrimeTask"] == nil)
    #expect(properties.keys.allSatisfy { !$0.contains("observationRegistrar") })
  }

  /// A dependency the test did not supply fails the test when it is used.
  @Test func anUnsuppliedClientFailsTheTest() async {
    let app = PrimeTimeModel.test(count: 7)
    await expectFailure {
      await app.counter.nthPrimeButtonTapped().value
    } matching: { issue in
      issue.message == "NthPrimeClient.nthPrime(7) was called, but this test gave it no answer"
    }
  }

  /// Every screen holds the same favourites: nothing is copied, so nothing is copied back.
  @Test func favoritesAreShared() {
    let app = PrimeTimeModel.test(count: 7)
    app.counter.isPrimeButtonTapped()
    #expect(app.counter.primeModal?.favorites === app.favoritesList.favorites)
    #expect(app.counter.favorites === app.favoritesList.favorites)
  }

  /// Work still running when the test ends is cancelled quietly.
  ///
  /// A question still asked when its model goes away is cancelled, because the model keeps its
  /// task and cancels it when it is released. Nothing tells the test that it was still running.
  @Test func workStillRunningAtTheEnd() async {
    let question = UnansweredQuestion()
    var app: PrimeTimeModel? = PrimeTimeModel.test(
      count: 7,
      nthPrime: NthPrimeClient(nthPrime: question.nthPrime)
    )
    weak let counter = app?.counter
    let task = app?.counter.nthPrimeButtonTapped()
    await question.waitUntilAsked()
    app = nil
    #expect(counter == nil)
    await task?.value
    #expect(question.sawCancellation)
  }
}
