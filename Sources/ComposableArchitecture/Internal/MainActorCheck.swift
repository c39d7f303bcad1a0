import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether the caller runs on the main actor, asked without stopping the program (the standard
/// library's `MainActor.preconditionIsolated` stops without its message in optimized builds,
/// and offers no question that does not stop).
///
/// The main actor runs its jobs on the main dispatch queue: on the main thread, or, once the
/// process has handed the main thread to `dispatchMain()` (as `swift test` on Linux does), on
/// whichever thread is draining that queue. So a caller is on the main actor exactly when it is
/// on the main thread or on the main queue. The first is remembered per thread (asking
/// Foundation on every send would cost a large part of a send); the second is a marker only the
/// main queue carries. `OffMainThreadSendTests` sends from a detached task (stopped) and from
/// main-actor tests that Swift Testing runs off the main thread (allowed).
@inlinable
func _isOnMainActor() -> Bool {
  if let known = pthread_getspecific(_mainThreadCacheKey), Int(bitPattern: known) == 1 {
    return true
  }
  return _isOnMainActorSlowPath()
}

/// The thread-specific slot that remembers, per thread, whether it is the main thread: a small
/// integer in a pointer's bits (1: main, 2: not), never dereferenced — nothing to allocate,
/// free or race on.
@usableFromInline
let _mainThreadCacheKey: pthread_key_t = {
  var key = pthread_key_t()
  pthread_key_create(&key, nil)
  return key
}()

/// Asks Foundation whether this is the main thread (remembered for the thread), then the main
/// queue's marker.
@usableFromInline
func _isOnMainActorSlowPath() -> Bool {
  if pthread_getspecific(_mainThreadCacheKey) == nil {
    let isMain = Thread.isMainThread
    pthread_setspecific(_mainThreadCacheKey, UnsafeRawPointer(bitPattern: isMain ? 1 : 2))
    if isMain { return true }
  }
  _ = mainQueueMarked
  return DispatchQueue.getSpecific(key: mainQueueKey) != nil
}

private let mainQueueKey = DispatchSpecificKey<Bool>()

/// Marks the main queue, once.
private let mainQueueMarked: Void = DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
