import Foundation
import Testing

@testable import PrimeTimeCore

/// A cancelled request stops within a bounded amount of work, wherever the sieve is.
@Suite struct NthPrimeCancellationTests {
  /// The sieve checks for cancellation at least every `cancellationCheckInterval` steps: over a
  /// whole millionth-prime computation that is over a thousand checks, not the dozen it once was.
  @Test func checksForCancellationThroughoutTheWork() {
    var checks = 0
    let prime = NthPrimeEngine.compute(1_000_000) {
      checks += 1
      return false
    }
    #expect(prime == 15_485_863)
    #expect(checks >= 1_000)
  }

  /// Cancelled at its third check, it stops there and answers `nil`.
  @Test func stopsAtTheFirstCheckAfterCancellation() {
    var checks = 0
    let prime = NthPrimeEngine.compute(1_000_000) {
      checks += 1
      return checks >= 3
    }
    #expect(prime == nil)
    #expect(checks == 3)
  }

  /// Cancelled while it counts (after the sieve), it stops as promptly.
  @Test func stopsWhileCounting() {
    var checks = 0
    var total = 0
    _ = NthPrimeEngine.compute(1_000_000) {
      total += 1
      return false
    }
    let prime = NthPrimeEngine.compute(1_000_000) {
      checks += 1
      return checks == total
    }
    #expect(prime == nil)
    #expect(checks == total)
  }
}
