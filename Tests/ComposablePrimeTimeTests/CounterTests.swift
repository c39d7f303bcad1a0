import ComposableArchitectureTesting
import ComposablePrimeTime
import Foundation
import PrimeTimeCore
import PrimeTimeFixtures
import Testing

/// The counter screen, tested with an exhaustive `TestStore`.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct CounterTests {
  @Test func incrementButtonTapped() async {
    let store = TestStore(initialState: Counter.State(count: 2)) { Counter() }
    await store.send(.incrementButtonTapped) { $0.count = 3 }
  }

  @Test func decrementButtonTapped() async {
    let store = TestStore(initialState: Counter.State(count: 2)) { Counter() }
    await store.send(.decrementButtonTapped) { $0.count = 1 }
  }

  /// The effect's answer is an action the test receives: no manual waiting, and the disabled
  /// button in between is asserted as part of the flow.
  @Test func nthPrimeButtonTapped_happyPath() async {
    let store = TestStore(initialState: Counter.State(count: 7)) {
      Counter()
    } withDependencies: {
      $0.primeClient.nthPrime = { Fixtures.nthPrime($0) }
    }
    await store.send(.nthPrimeButtonTapped) { $0.isNthPrimeButtonDisabled = true }
    await store.receive(.nthPrimeResponse(17)) {
      $0.alertNthPrime = PrimeAlert(prime: 17)
      $0.isNthPrimeButtonDisabled = false
    }
    #expect(store.state.alertTitle == "The 7th prime is 17")
  }

  @Test func nthPrimeButtonTapped_unhappyPath() async {
    let store = TestStore(initialState: Counter.State(count: 0)) {
      Counter()
    } withDependencies: {
      $0.primeClient.nthPrime = { Fixtures.nthPrime($0) }
    }
    await store.send(.nthPrimeButtonTapped) { $0.isNthPrimeButtonDisabled = true }
    await store.receive(.nthPrimeResponse(nil)) { $0.isNthPrimeButtonDisabled = false }
  }

  /// The live client, not a stub: out of range (count < 1) answers nil, no alert.
  @Test func nthPrimeButtonTapped_liveOutOfRange() async {
    let store = TestStore(initialState: Counter.State(count: -3)) {
      Counter()
    } withDependencies: {
      $0.primeClient = .liveValue
    }
    await store.send(.nthPrimeButtonTapped) { $0.isNthPrimeButtonDisabled = true }
    await store.receive(.nthPrimeResponse(nil)) { $0.isNthPrimeButtonDisabled = false }
  }

  /// "Cancel" cancels the effect.
  ///
  /// The client's task sees the cancellation, and nothing comes back — the `TestStore` would fail
  /// on an unexpected `nthPrimeResponse`, and on an effect still running at the end. The question
  /// asked again is answered as usual.
  @Test func nthPrimeButtonTapped_cancel() async {
    let clock = TestClock()
    let cancelled = LockIsolated(0)
    let store = TestStore(initialState: Counter.State(count: 7)) {
      Counter()
    } withDependencies: {
      $0.primeClient.nthPrime = { n in
        do {
          try await clock.sleep(for: .seconds(1))
        } catch {
          cancelled.withLock { $0 += 1 }
          return nil
        }
        return Fixtures.nthPrime(n)
      }
    }
    await store.send(.nthPrimeButtonTapped) { $0.isNthPrimeButtonDisabled = true }
    await store.send(.nthPrimeCancelButtonTapped) { $0.isNthPrimeButtonDisabled = false }
    await store.send(.nthPrimeButtonTapped) { $0.isNthPrimeButtonDisabled = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.nthPrimeResponse(17)) {
      $0.alertNthPrime = PrimeAlert(prime: 17)
      $0.isNthPrimeButtonDisabled = false
    }
    #expect(cancelled.withLock { $0 } == 1)
  }

  @Test func alertDismissButtonTapped() async {
    let store = TestStore(
      initialState: Counter.State(count: 7, alertNthPrime: PrimeAlert(prime: 17))
    ) {
      Counter()
    }
    await store.send(.alertDismissButtonTapped) { $0.alertNthPrime = nil }
  }

  /// The integration test the vanilla app cannot write as a unit test: here the modal is part
  /// of the counter's state, so presenting it, acting in it and dismissing it are all plain
  /// state assertions — including the favourites flowing back to the counter.
  @Test func primeModal_presentedFromCounter() async {
    let store = TestStore(initialState: Counter.State(count: 7)) { Counter() }
    await store.send(.isPrimeButtonTapped) {
      $0.primeModal = PrimeModal.State(count: 7, favoritePrimes: [])
    }
    await store.send(.primeModal(.presented(.saveFavoritePrimeTapped))) {
      $0.primeModal?.favoritePrimes = [7]
      $0.favoritePrimes = [7]
    }
    await store.send(.primeModal(.dismiss)) { $0.primeModal = nil }
  }
}
