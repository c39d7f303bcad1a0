import Foundation

/// The range of `n` the nth-prime engine answers: the 1st to the 1,000,000th prime (15,485,863).
///
/// Outside it the engine answers `nil`, which both apps treat as "no prime came back".
public let nthPrimeSupportedRange: ClosedRange<Int> = 1...1_000_000

/// Computes the `n`th prime locally, off the main actor.
///
/// This is the live nth-prime client of both apps. It sieves just far enough for `n`, so small
/// questions are instant and the 1,000,000th prime takes tens of milliseconds in a release build.
/// It honours cancellation: a cancelled task gets `nil` back promptly.
///
/// ```swift
/// let prime = await nthPrime(7)  // 17
/// let none = await nthPrime(0)   // nil: out of range
/// ```
///
/// - Parameter n: Which prime to find; `1` is the first prime (2).
/// - Returns: The `n`th prime, or `nil` when `n` is outside ``nthPrimeSupportedRange`` or the
///   task was cancelled.
@concurrent
public func nthPrime(_ n: Int) async -> Int? {
  NthPrimeEngine.compute(n, isCancelled: { Task.isCancelled })
}

/// Computes the `n`th prime in the background and calls `callback` with it on the main actor.
///
/// The callback form the vanilla app uses, the way a completion-handler API is written. It
/// shares one engine with the async ``nthPrime(_:)``. Cancelling the returned task stops the
/// computation; the callback is then not called.
///
/// ```swift
/// nthPrime(state.count) { prime in
///   self.alertNthPrime = prime.map(PrimeAlert.init(prime:))
/// }
/// ```
///
/// - Parameters:
///   - n: Which prime to find.
///   - callback: Called once on the main actor with the prime, or `nil` when `n` is out of range.
/// - Returns: The background task, for cancellation.
@discardableResult
public func nthPrime(
  _ n: Int,
  callback: @escaping @MainActor @Sendable (Int?) -> Void
) -> Task<Void, Never> {
  Task.detached {
    let prime = await nthPrime(n)
    if Task.isCancelled { return }
    await callback(prime)
  }
}

/// The sieve shared by both forms of `nthPrime`.
enum NthPrimeEngine {
  /// An upper bound for the `n`th prime (Rosser's theorem: p(n) < n(ln n + ln ln n), n ≥ 6).
  static func upperBound(forNth n: Int) -> Int {
    guard n >= 6 else { return 13 }
    let x = Double(n)
    return Int((x * (log(x) + log(log(x)))).rounded(.up))
  }

  /// The most sieve steps between two checks for cancellation: tens of microseconds of work in
  /// a release build, so a cancelled request stops almost at once.
  static let cancellationCheckInterval = 1 << 14

  /// Returns the `n`th prime, or `nil` when out of range or when `isCancelled` says so.
  static func compute(_ n: Int, isCancelled: () -> Bool) -> Int? {
    guard nthPrimeSupportedRange.contains(n) else { return nil }
    if n == 1 { return 2 }
    let limit = upperBound(forNth: n)
    // Odd numbers only: index i stands for 2i + 1.
    let size = (limit - 1) / 2 + 1
    if isCancelled() { return nil }
    // Cleared with one `memset` (`false` is a zero byte): the generic initializers walk the
    // array element by element in a debug build, a pause no cancellation check can stop.
    var composite = [Bool](unsafeUninitializedCapacity: size) { buffer, count in
      if let base = buffer.baseAddress { memset(base, 0, size) }
      count = size
    }
    var result: Int?
    composite.withUnsafeMutableBufferPointer { flags in
      flags[0] = true  // 1 is not prime
      // Steps left before the next cancellation check.
      var budget = cancellationCheckInterval
      var index = 1
      while true {
        let p = 2 * index + 1
        if p * p > limit { break }
        if !flags[index] {
          var multiple = (p * p - 1) / 2
          while multiple < size {
            flags[multiple] = true
            multiple += p
            budget -= 1
            if budget == 0 {
              if isCancelled() { return }
              budget = cancellationCheckInterval
            }
          }
        }
        index += 1
      }
      var count = 1  // the prime 2
      for candidate in 1..<size {
        budget -= 1
        if budget == 0 {
          if isCancelled() { return }
          budget = cancellationCheckInterval
        }
        if flags[candidate] { continue }
        count += 1
        if count == n {
          result = 2 * candidate + 1
          return
        }
      }
    }
    return result
  }
}
