import ExhaustiveHarness
import Foundation
import PrimeTimeCore
import PrimeTimeFixtures
import Testing
import VanillaPrimeTime

/// The counter screen, tested through the exhaustive harness: every change to `AppState` after
/// each intent must be stated, and a callback left unanswered fails the test.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct CounterTests {
  /// The screen over the harness's model with its client replaced by a stub the harness
  /// watches, so a request the test did not expect is left unanswered and fails the test (the
  /// harness's stand-in for a dependency without a test value).
  func makeView(
    _ harness: ExhaustiveHarness<AppState>
  ) -> (CounterView, CallbackStub<Int, Int?>) {
    let nthPrime = harness.callback(Int.self, Int?.self)
    var view = CounterView(state: harness.model)
    view.nthPrime = nthPrime.client
    return (view, nthPrime)
  }

  @Test func incrementButtonTapped() {
    let harness = ExhaustiveHarness(AppState(count: 2))
    let (view, _) = makeView(harness)
    harness.send(view.incrementCount) { $0.count = 3 }
    #expect(view.countLabel == "3")
  }

  @Test func decrementButtonTapped() {
    let harness = ExhaustiveHarness(AppState(count: 2))
    let (view, _) = makeView(harness)
    harness.send(view.decrementCount) { $0.count = 1 }
  }

  /// The callback client is a stub the harness watches: the request is answered by the test,
  /// and the answer's changes are asserted like any other step.
  @Test func nthPrimeButtonTapped_happyPath() {
    let harness = ExhaustiveHarness(AppState(count: 7))
    let (view, nthPrime) = makeView(harness)
    harness.send(view.nthPrimeButtonAction) { $0.isNthPrimeButtonDisabled = true }
    #expect(nthPrime.requests == [7])
    harness.send {
      nthPrime.respond(with: Fixtures.nthPrime(7))
    } assert: {
      $0.alertNthPrime = PrimeAlert(prime: 17)
      $0.isNthPrimeButtonDisabled = false
    }
    #expect(view.alertTitle == "The 7th prime is 17")
  }

  @Test func nthPrimeButtonTapped_unhappyPath() {
    let harness = ExhaustiveHarness(AppState(count: 0))
    let (view, nthPrime) = makeView(harness)
    harness.send(view.nthPrimeButtonAction) { $0.isNthPrimeButtonDisabled = true }
    harness.send {
      nthPrime.respond(with: Fixtures.nthPrime(0))
    } assert: {
      $0.isNthPrimeButtonDisabled = false
    }
  }

  /// The live client, not a stub: it answers later on the main actor, and the harness waits for
  /// the change in real time.
  @Test func nthPrimeButtonTapped_liveOutOfRange() async {
    let harness = ExhaustiveHarness(AppState(count: -3))
    let view = CounterView(state: harness.model)
    harness.send(view.nthPrimeButtonAction) { $0.isNthPrimeButtonDisabled = true }
    await harness.receive(timeout: .seconds(30)) { $0.isNthPrimeButtonDisabled = false }
  }

  /// "Cancel" re-enables the button; the stub still holds the cancelled request, and answering
  /// it late must change nothing (a step with no assertion), while a newer question waits.
  @Test func nthPrimeButtonTapped_cancel() {
    let harness = ExhaustiveHarness(AppState(count: 7))
    let (view, nthPrime) = makeView(harness)
    harness.send(view.nthPrimeButtonAction) { $0.isNthPrimeButtonDisabled = true }
    harness.send(view.nthPrimeCancelButtonAction) { $0.isNthPrimeButtonDisabled = false }
    harness.send(view.nthPrimeButtonAction) { $0.isNthPrimeButtonDisabled = true }
    #expect(nthPrime.requests == [7, 7])
    harness.send { nthPrime.respond(with: 17) }  // the cancelled question's answer, late
    harness.send {
      nthPrime.respond(with: 17)
    } assert: {
      $0.alertNthPrime = PrimeAlert(prime: 17)
      $0.isNthPrimeButtonDisabled = false
    }
  }

  @Test func alertDismissButtonTapped() {
    let harness = ExhaustiveHarness(AppState(count: 7, alertNthPrime: PrimeAlert(prime: 17)))
    let (view, _) = makeView(harness)
    harness.send(view.alertDismissButtonAction) { $0.alertNthPrime = nil }
  }

  /// Still "the integration test cannot be written" at the unit level: whether the modal is
  /// shown is view-local state, not part of the model, so the harness cannot see it either; the
  /// screen a unit test draws has no sheet. (A UI-level test, which hosts the app, can:
  /// `VanillaUITests.primeModal_presentedFromCounter`.)
  @Test func primeModal_presentedFromCounter() {
    let harness = ExhaustiveHarness(AppState(count: 7))
    let (view, _) = makeView(harness)
    harness.send(view.isPrimeButtonAction)
    #expect(view.isPrimeModalShown == false)
    #expect(view.screen.sheet == nil)
    harness.send { view.screen.sheet?.content.button("Save to favorite primes")?.action() }
  }
}
