/// The offline number fact both apps show: whether the number is prime, and which prime.
///
/// ```swift
/// numberFact(7)  // "7 is the 4th prime."
/// numberFact(8)  // "8 is not prime."
/// ```
///
/// - Parameter number: The number.
/// - Returns: The fact.
public func numberFact(_ number: Int) -> String {
  guard isPrime(number) else { return "\(number) is not prime." }
  return "\(number) is the \(ordinal((2...number).count(where: isPrime))) prime."
}
