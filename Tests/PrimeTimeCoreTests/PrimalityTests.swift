import PrimeTimeCore
import Testing

@Suite struct PrimalityTests {
  @Test(arguments: [2, 3, 5, 7, 11, 13, 97, 7_919, 104_729, 2_147_483_647])
  func primes(_ number: Int) {
    #expect(isPrime(number))
  }

  @Test(arguments: [Int.min, -7, -1, 0, 1, 4, 9, 25, 49, 91, 7_917, 104_730, Int.max])
  func nonPrimes(_ number: Int) {
    #expect(!isPrime(number))
  }

  @Test func agreesWithTrialDivisionUpTo2000() {
    for number in -5...2_000 {
      let naive = number >= 2 && (2..<number).allSatisfy { number % $0 != 0 }
      #expect(isPrime(number) == naive, "\(number)")
    }
  }
}

/// Large numbers, where trial division would take seconds.
@Suite struct LargePrimalityTests {
  @Test(arguments: [
    1_000_003, 2_147_483_647, 4_294_967_291, 1_000_000_000_000_037, 9_223_372_036_854_775_783,
  ])
  func largePrimes(_ number: Int) {
    #expect(isPrime(number))
  }

  /// Carmichael numbers and strong pseudoprimes to small bases, and a product of two primes
  /// near √Int.max: the numbers that fool weaker tests.
  @Test(arguments: [
    1_000_001, 41_041, 3_215_031_751, 2_152_302_898_747, 3_474_749_660_383,
    341_550_071_728_321, 3_825_123_056_546_413_051, 9_223_371_873_002_223_329,
  ])
  func largeCompositesThatFoolWeakerTests(_ number: Int) {
    #expect(!isPrime(number))
  }

  /// Across the switch from division to Miller–Rabin, both agree with plain trial division.
  @Test func agreesWithTrialDivisionAroundOneMillion() {
    for number in 999_000...1_001_000 {
      var naive = number % 2 != 0
      var divisor = 3
      while naive, divisor * divisor <= number {
        if number % divisor == 0 { naive = false }
        divisor += 2
      }
      #expect(isPrime(number) == naive, "\(number)")
    }
  }
}
