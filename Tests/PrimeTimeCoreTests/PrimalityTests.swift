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
