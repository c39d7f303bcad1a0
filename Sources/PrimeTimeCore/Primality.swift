/// Returns whether `number` is prime.
///
/// Numbers below 2 (zero and every negative number) are not prime. The check is trial division
/// by 2, 3 and then 6k ± 1 up to the square root, so it is exact for every `Int`.
///
/// ```swift
/// isPrime(7)   // true
/// isPrime(1)   // false
/// isPrime(-7)  // false
/// ```
///
/// - Parameter number: The number to test.
/// - Returns: `true` when `number` has exactly two positive divisors.
public func isPrime(_ number: Int) -> Bool {
  if number < 2 { return false }
  if number < 4 { return true }
  if number % 2 == 0 || number % 3 == 0 { return false }
  var divisor = 5
  // `divisor <= number / divisor` avoids overflowing `divisor * divisor` near Int.max.
  while divisor <= number / divisor {
    if number % divisor == 0 || number % (divisor + 2) == 0 { return false }
    divisor += 6
  }
  return true
}
