import Testing

@testable import ComposableArchitecture

/// The lock the library's process-wide tables use excludes: increments made under it on
/// several threads at once are all counted. (Run under ThreadSanitizer in CI, which reports
/// the race if `withLock` stops locking.)
@Suite(.timeLimit(.minutes(1))) struct RawLockTests {
  /// A count shared by the tasks below.
  final class Tally: @unchecked Sendable {
    // @unchecked Sendable is safe only because every access below holds the lock under test:
    // that is what the test checks.
    var value = 0
  }

  @Test func incrementsUnderTheLockOnManyThreadsAreAllCounted() async {
    let lock = _RawLock()
    let tally = Tally()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<10_000 { lock.withLock { tally.value += 1 } }
        }
      }
    }
    #expect(lock.withLock { tally.value } == 40_000)
  }

  /// The lock is released when the body throws, and the error reaches the caller.
  @Test func aThrowingBodyReleasesTheLock() {
    struct Failure: Error {}
    let lock = _RawLock()
    #expect(throws: Failure.self) { try lock.withLock { throw Failure() } }
    #expect(lock.withLock { 42 } == 42, "taken again after the throw: not left held")
  }
}
