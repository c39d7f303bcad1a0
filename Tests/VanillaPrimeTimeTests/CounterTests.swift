import Foundation
import PrimeTimeCore
import PrimeTimeFixtures
import Testing
import VanillaPrimeTime

/// The counter screen, tested the vanilla way: build the model and the screen, call methods,
/// check fields one by one.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct CounterTests {
  @Test func incrementButtonTapped() {
    let state = AppState(count: 2)
    let view = CounterView(state: state)
    view.incrementCount()
    #expect(state.count == 3)
    #expect(view.countLabel == "3")
  }

  @Test func decrementButtonTapped() {
    let state = AppState(count: 2)
    let view = CounterView(state: state)
    view.decrementCount()
    #expect(state.count == 1)
  }

  /// Lesson "callback effects need manual waiting": the live client calls back later on the
  /// main actor, so the test must stub it and wait for the callback itself (a continuation).
  @Test func nthPrimeButtonTapped_happyPath() async {
    let state = AppState(count: 7)
    var view = CounterView(state: state)
    await withCheckedContinuation { responded in
      view.nthPrime = { n, callback in
        Task { @MainActor in
          callback(Fixtures.nthPrime(n))
          responded.resume()
        }
      }
      view.nthPrimeButtonAction()
      #expect(state.isNthPrimeButtonDisabled)
    }
    #expect(state.alertNthPrime == PrimeAlert(prime: 17))
    #expect(state.isNthPrimeButtonDisabled == false)
    #expect(view.alertTitle == "The 7th prime is 17")
  }

  @Test func nthPrimeButtonTapped_unhappyPath() async {
    let state = AppState(count: 0)
    var view = CounterView(state: state)
    await confirmation { responded in
      view.nthPrime = { n, callback in
        callback(Fixtures.nthPrime(n))
        responded()
      }
      view.nthPrimeButtonAction()
    }
    #expect(state.alertNthPrime == nil)
    #expect(state.isNthPrimeButtonDisabled == false)
  }

  /// The live client, not a stub: out of range (count < 1) answers nil, no alert.
  @Test func nthPrimeButtonTapped_liveOutOfRange() async {
    let state = AppState(count: -3)
    var view = CounterView(state: state)
    let live = view.nthPrime
    await withCheckedContinuation { responded in
      view.nthPrime = { n, callback in
        live(n) { prime in
          callback(prime)
          responded.resume()
        }
      }
      view.nthPrimeButtonAction()
    }
    #expect(state.alertNthPrime == nil)
    #expect(state.isNthPrimeButtonDisabled == false)
  }

  /// "Cancel" re-enables the button at once.
  ///
  /// A callback cannot be taken back: the cancelled
  /// question's answer still arrives, so the test holds on to each callback and calls it
  /// itself, to check that a late answer changes nothing — even while a newer question waits.
  @Test func nthPrimeButtonTapped_cancel() throws {
    let state = AppState(count: 7)
    var view = CounterView(state: state)
    var callbacks: [@MainActor @Sendable (Int?) -> Void] = []
    view.nthPrime = { _, callback in callbacks.append(callback) }
    view.nthPrimeButtonAction()
    view.nthPrimeCancelButtonAction()
    #expect(state.isNthPrimeButtonDisabled == false)
    view.nthPrimeButtonAction()
    try #require(callbacks.count == 2)  // both questions reached the client
    callbacks[0](17)  // the cancelled question's answer, late
    #expect(state.alertNthPrime == nil)
    #expect(state.isNthPrimeButtonDisabled)
    callbacks[1](17)
    #expect(state.alertNthPrime == PrimeAlert(prime: 17))
    #expect(state.isNthPrimeButtonDisabled == false)
  }

  @Test func alertDismissButtonTapped() {
    let state = AppState(count: 7, alertNthPrime: PrimeAlert(prime: 17))
    let view = CounterView(state: state)
    view.alertDismissButtonAction()
    #expect(state.alertNthPrime == nil)
  }

  /// Lesson "the integration test cannot be written" — as a unit test: the prime modal is built
  /// inside the counter screen from the screen's own view state, and a screen in a unit test is
  /// not installed in a view hierarchy, so tapping "Is this prime?" presents nothing a test can
  /// reach.
  ///
  /// The composable twin presents the modal, saves a favourite through it and sees the counter's
  /// favourites change. Here the check is that none of that can happen: it fails the day view
  /// state starts keeping writes in a test. A UI-level test, which hosts the app and taps
  /// through its screens, can write it: `VanillaUITests.primeModal_presentedFromCounter`.
  @Test func primeModal_presentedFromCounter() {
    let state = AppState(count: 7)
    let view = CounterView(state: state)
    view.isPrimeButtonAction()
    #expect(view.isPrimeModalShown == false)
    #expect(view.screen.sheet == nil)
    view.screen.sheet?.content.button("Save to favorite primes")?.action()
    #expect(state.favoritePrimes.isEmpty)
  }
}
