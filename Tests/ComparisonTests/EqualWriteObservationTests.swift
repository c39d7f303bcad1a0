import Clocks
import Foundation
import Observation
import PrimeTimeCore
import Testing
import VanillaPrimeTime

/// What the vanilla app's `nth-prime-answer-twice` mistake does on a screen: the second answer
/// writes the values the first one wrote, and Observation notifies no observer of a write of an
/// equal value, so no screen (and no test of the model) can tell it happened.
@MainActor
@Suite struct EqualWriteObservationTests {
  /// Whether `write` makes Observation report a change of what `read` reads.
  func notifies(_ read: () -> Void, after write: () -> Void) -> Bool {
    let changed = LockIsolated(false)
    withObservationTracking(read) { changed.withLock { $0 = true } }
    write()
    return changed.withLock { $0 }
  }

  @Test func theSameAnswerWrittenAgainNotifiesNoObserver() async {
    let counter = PrimeCounterModel(
      count: 7,
      favorites: Favorites(now: { Date(timeIntervalSince1970: 0) }),
      nthPrime: NthPrimeClient { _ in 17 }
    )
    await counter.nthPrimeButtonTapped().value
    #expect(counter.alert == PrimeAlert(prime: 17))
    #expect(!counter.isNthPrimeButtonDisabled)
    let read = {
      _ = counter.alert
      _ = counter.isNthPrimeButtonDisabled
    }
    // What the answer writes, written again (the mistake's second call).
    #expect(
      !notifies(read) {
        counter.alert = PrimeAlert(prime: 17)
        counter.isNthPrimeButtonDisabled = false
      }
    )
    // The check can see a change: another answer notifies.
    #expect(notifies(read) { counter.alert = PrimeAlert(prime: 19) })
  }
}
