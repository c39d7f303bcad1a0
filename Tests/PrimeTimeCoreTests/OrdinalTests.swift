import PrimeTimeCore
import Testing

@Suite struct OrdinalTests {
  @Test(
    arguments: [
      (1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (10, "10th"), (11, "11th"), (12, "12th"),
      (13, "13th"), (21, "21st"), (22, "22nd"), (23, "23rd"), (101, "101st"), (111, "111th"),
      (112, "112th"), (113, "113th"), (1_001, "1001st"), (0, "0th"), (-1, "-1st"),
      (-12, "-12th"),
    ]
  )
  func ordinals(_ number: Int, _ expected: String) {
    #expect(ordinal(number) == expected)
  }

  @Test func extremesDoNotTrap() {
    #expect(ordinal(Int.min).hasSuffix("th"))
    #expect(ordinal(Int.max).hasSuffix("th"))
  }

  @Test func primeAlertTitle() {
    #expect(PrimeAlert(prime: 17).title(forNth: 7) == "The 7th prime is 17")
    #expect(PrimeAlert(prime: 17).id == 17)
  }
}
