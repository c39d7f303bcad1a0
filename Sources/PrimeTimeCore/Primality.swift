/// Returns whether `number` is prime, in microseconds for any `Int`.
///
/// Numbers below 2 (zero and every negative number) are not prime. Small numbers are tried by
/// division; from 1,000,000 on, the answer comes from a Miller–Rabin test with the first twelve
/// primes as bases, which is exact (not probabilistic) for every number below 2⁶⁴ — so a number
/// read from a file can never make the app spend seconds deciding.
///
/// ```swift
/// isPrime(7)                     // true
/// isPrime(1)                     // false
/// isPrime(-7)                    // false
/// isPrime(9_223_372_036_854_775_783)  // true, the largest prime below 2⁶³
/// ```
///
/// - Parameter number: The number to test.
/// - Returns: `true` when `number` has exactly two positive divisors.
public func isPrime(_ number: Int) -> Bool {
  if number < 2 { return false }
  if number < 1_000_000 { return isPrimeByDivision(number) }
  for prime in millerRabinBases where number % prime == 0 { return false }
  let n = UInt64(number)
  // n − 1 = d · 2^s with d odd.
  var d = n - 1
  var s = 0
  while d & 1 == 0 {
    d >>= 1
    s += 1
  }
  witnesses: for base in millerRabinBases {
    var x = power(UInt64(base), d, modulo: n)
    if x == 1 || x == n - 1 { continue }
    for _ in 1..<max(s, 1) {
      x = multiply(x, x, modulo: n)
      if x == n - 1 { continue witnesses }
    }
    return false
  }
  return true
}

/// Bases for which Miller–Rabin is exact below 3.3 · 10²⁴, which covers every 64-bit number.
private let millerRabinBases = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]

/// Trial division by 2, 3 and then 6k ± 1 up to the square root.
private func isPrimeByDivision(_ number: Int) -> Bool {
  if number < 4 { return number >= 2 }
  if number % 2 == 0 || number % 3 == 0 { return false }
  var divisor = 5
  while divisor * divisor <= number {
    if number % divisor == 0 || number % (divisor + 2) == 0 { return false }
    divisor += 6
  }
  return true
}

/// `a · b mod m` without overflow, through the full 128-bit product.
private func multiply(_ a: UInt64, _ b: UInt64, modulo m: UInt64) -> UInt64 {
  let product = a.multipliedFullWidth(by: b)
  return m.dividingFullWidth((high: product.high, low: product.low)).remainder
}

/// `base^exponent mod m` by repeated squaring.
private func power(_ base: UInt64, _ exponent: UInt64, modulo m: UInt64) -> UInt64 {
  var result: UInt64 = 1
  var base = base % m
  var exponent = exponent
  while exponent > 0 {
    if exponent & 1 == 1 { result = multiply(result, base, modulo: m) }
    base = multiply(base, base, modulo: m)
    exponent >>= 1
  }
  return result
}
