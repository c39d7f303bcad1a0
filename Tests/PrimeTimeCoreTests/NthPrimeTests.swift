import PrimeTimeCore
import Testing

@Suite struct NthPrimeTests {
  @Test(arguments: [(1, 2), (2, 3), (5, 11), (6, 13), (7, 17), (1_000, 7_919), (10_000, 104_729)])
  func knownPrimes(_ n: Int, _ prime: Int) async {
    #expect(await nthPrime(n) == prime)
  }

  @Test func millionthPrime() async {
    #expect(await nthPrime(1_000_000) == 15_485_863)
  }

  @Test(arguments: [Int.min, -1, 0, 1_000_001, Int.max])
  func outOfRangeIsNil(_ n: Int) async {
    #expect(await nthPrime(n) == nil)
  }

  @Test func agreesWithIsPrimeForTheFirst500() async {
    var expected: [Int] = []
    var candidate = 2
    while expected.count < 500 {
      if isPrime(candidate) { expected.append(candidate) }
      candidate += 1
    }
    for (index, prime) in expected.enumerated() {
      #expect(await nthPrime(index + 1) == prime)
    }
  }

  @Test func cancelledTaskGetsNil() async {
    let task = Task { await nthPrime(1_000_000) }
    task.cancel()
    #expect(await task.value == nil)
  }

  @MainActor
  @Test func callbackFormDeliversOnTheMainActor() async {
    await confirmation { delivered in
      await withCheckedContinuation { continuation in
        nthPrime(7) { prime in
          MainActor.assertIsolated()
          #expect(prime == 17)
          delivered()
          continuation.resume()
        }
      }
    }
  }

  @MainActor
  @Test func callbackFormOutOfRangeDeliversNil() async {
    let prime = await withCheckedContinuation { continuation in
      nthPrime(0) { continuation.resume(returning: $0) }
    }
    #expect(prime == nil)
  }

  @MainActor
  @Test func cancelledCallbackIsNeverCalled() async {
    let task = nthPrime(1_000_000) { _ in Issue.record("a cancelled request called back") }
    task.cancel()
    await task.value
  }
}
