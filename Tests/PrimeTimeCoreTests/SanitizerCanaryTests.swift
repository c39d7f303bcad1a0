import Dispatch
import Foundation
import Testing

/// Deliberate memory and threading bugs, proof that `.ci/sanitizers` would see a real one.
///
/// The script runs each canary alone in a sanitized build and fails unless the sanitizer reports
/// it. Skipped in every normal run; `PRIME_TIME_SANITIZER_CANARY=race|use-after-free|leak`
/// enables one of them. One more, `hidden-reference`, is a false report LeakSanitizer makes, kept
/// so that it is recognized; its control, `plain-reference`, must pass with no report.
@Suite struct SanitizerCanaryTests {
  nonisolated static let canary = ProcessInfo.processInfo.environment[
    "PRIME_TIME_SANITIZER_CANARY"
  ]

  /// Two threads increment one integer with no lock: ThreadSanitizer reports a data race.
  ///
  /// Two threads of their own, released together, each by a semaphore of its own: nothing
  /// orders one thread's writes against the other's, however they are scheduled.
  /// (`DispatchQueue.concurrentPerform` may run both iterations on one thread, one after the
  /// other, and then there is no race.)
  @Test(.enabled(if: canary == "race", "a deliberate data race for .ci/sanitizers"))
  func dataRace() {
    let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    counter.initialize(to: 0)
    defer { counter.deallocate() }
    // The address crosses into the threads as a plain integer, so the compiler's Sendable
    // checking cannot stop this race: finding it is the sanitizer's job here.
    let address = Int(bitPattern: counter)
    let ready = DispatchSemaphore(value: 0)
    let go = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
    let finished = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
    for index in 0..<2 {
      Thread {
        ready.signal()
        go[index].wait()
        let shared = UnsafeMutablePointer<Int>(bitPattern: address)!
        for _ in 0..<10_000 { shared.pointee += 1 }
        finished[index].signal()
      }.start()
    }
    ready.wait()
    ready.wait()
    for semaphore in go { semaphore.signal() }
    for semaphore in finished { semaphore.wait() }
    #expect(counter.pointee > 0)
  }

  /// Reads memory after freeing it: AddressSanitizer reports a heap use after free.
  @Test(.enabled(if: canary == "use-after-free", "a deliberate use after free for .ci/sanitizers"))
  func useAfterFree() {
    let value = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    value.initialize(to: 42)
    value.deallocate()
    #expect(value.pointee == 42)
  }

  /// Two objects that hold each other and are never released: LeakSanitizer reports them at exit.
  @Test(.enabled(if: canary == "leak", "a deliberate retain cycle for .ci/sanitizers"))
  func retainCycle() {
    final class Node {
      var next: Node?
    }
    let first = Node()
    let second = Node()
    first.next = second
    second.next = first
    #expect(first.next === second)
  }

  /// Values alive until the process exits, each held only through a case of an indirect enum:
  /// LeakSanitizer reports them as leaked (`hidden-reference`), though nothing lost them.
  ///
  /// Swift keeps the case in spare bits of the payload's pointer, so the word that holds the
  /// value does not look like a pointer to the sanitizer. Through the first payload case, whose
  /// tag is zero and whose word is a plain pointer, the same values are not reported
  /// (`plain-reference`). An effect still in flight at exit holds its actions this way, which is
  /// why the random scripts end their effects before they return.
  @Test(
    .enabled(
      if: canary == "hidden-reference" || canary == "plain-reference",
      "a false leak report, and its control, for .ci/sanitizers"
    )
  )
  func referenceInAPointersSpareBits() {
    let kept = Self.canary == "hidden-reference" ? Self.taggedLinks : Self.plainLinks
    #expect(kept.count == 3)
  }

  indirect enum Link: Sendable {
    case end
    case first(Int)
    case second(Int)
    case third(Int)
  }

  static let taggedLinks: [Link] = (0..<3).map { .third($0) }
  static let plainLinks: [Link] = (0..<3).map { .first($0) }
}
