#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Runs `operation` with every task in the process scheduled on the main queue, one at a time.
///
/// Concurrency normally runs tasks on a thread pool, so the order in which woken tasks run is
/// luck. Inside this function the runtime's global enqueue is redirected to the main actor's
/// serial queue, so all tasks run one after another in the order they became ready: the same
/// order on every run. ``TestClock`` and the TestStore rely on that for deterministic tests.
///
/// ```swift
/// @Test func timer() async {
///   await withMainSerialExecutor {
///     let clock = TestClock()
///     // start work that sleeps on `clock` …
///     await clock.advance(by: .seconds(3))
///     // … and assert exactly what three ticks did
///   }
/// }
/// ```
///
/// Calls may nest and overlap (a count is kept); the redirection ends with the last one.
///
/// > Note: Do not block the main thread inside `operation` (a semaphore wait, a synchronous
/// > XCTest expectation wait): the work it waits for would be queued behind it.
///
/// - Parameters:
///   - operation: The work to run serially.
///   - isolation: The actor `operation` runs on; the caller's by default.
/// - Returns: What `operation` returns.
public func withMainSerialExecutor<Result>(
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> Result
) async rethrows -> Result {
  MainSerialExecutor.enter()
  defer { MainSerialExecutor.exit() }
  return try await operation()
}

/// Installs and removes the runtime's global-enqueue hook, counting nested users.
package enum MainSerialExecutor {
  typealias Original = @convention(thin) (UnownedJob) -> Void
  typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

  private struct State {
    var users = 0
    var previous: Hook?
  }

  private static let state = LockIsolated(State())

  /// The address of the runtime's `swift_task_enqueueGlobal_hook` variable, if exported.
  ///
  /// Kept as an integer (a pointer is not `Sendable`); only written under `state`'s lock.
  private static let hookBits: UInt? = {
    #if canImport(Darwin)
      let handle = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
      let handle = dlopen(nil, RTLD_NOW)
    #endif
    guard let symbol = dlsym(handle, "swift_task_enqueueGlobal_hook") else { return nil }
    return UInt(bitPattern: symbol)
  }()

  private static var hookAddress: UnsafeMutablePointer<Hook?>? {
    hookBits.flatMap { UnsafeMutablePointer(bitPattern: $0) }
  }

  /// Starts redirecting (counted; pair with ``exit()``).
  package static func enter() {
    state.withLock { state in
      state.users += 1
      guard state.users == 1, let hookAddress else { return }
      state.previous = hookAddress.pointee
      hookAddress.pointee = { job, _ in MainActor.shared.enqueue(job) }
    }
  }

  /// Stops redirecting when the last user exits.
  package static func exit() {
    state.withLock { state in
      state.users -= 1
      guard state.users == 0, let hookAddress else { return }
      hookAddress.pointee = state.previous
      state.previous = nil
    }
  }

  /// Whether this runtime lets the executor be redirected (it does on Linux and Apple platforms).
  static var isAvailable: Bool { hookBits != nil }
}
