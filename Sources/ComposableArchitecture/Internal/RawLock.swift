#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A mutual-exclusion lock over a POSIX mutex, for the library's process-wide tables.
///
/// `NSLock` does the same, through an overridable class whose `lock()` and `unlock()` add a
/// dynamic dispatch and a check to each mutex call they wrap. This calls the mutex directly.
final class _RawLock: @unchecked Sendable {
  // @unchecked Sendable is safe: the only state is the mutex, and a mutex is made to be used
  // from several threads at once; the pointer to it never changes.
  //
  // Why the pointer: a mutex must not move while in use, and a stored `pthread_mutex_t` would
  // be passed to the C functions through a temporary copy. The memory is allocated and
  // initialized once here, destroyed and freed in `deinit` (when no thread can hold the lock:
  // holding it needs a reference to this object), and touched only through the `pthread_mutex`
  // functions. `RawLockTests` locks one from many threads and counts (ThreadSanitizer in CI
  // reports a lock that does not exclude).
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    let result = pthread_mutex_init(mutex, nil)
    precondition(result == 0, "pthread_mutex_init failed with error \(result)")
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with the lock held.
  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}
