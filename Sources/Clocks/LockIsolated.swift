import Foundation

/// A value protected by a lock, shared by this package's modules (`package` access).
///
/// `Synchronization.Mutex` needs macOS 15; this package supports macOS 14, so it uses
/// `NSLock`, available everywhere.
package final class LockIsolated<Value: Sendable>: @unchecked Sendable {
  // @unchecked Sendable is safe: the mutable `value` is only read or written while `lock` is
  // held, in `withLock`; and `Value` is itself `Sendable`, so whatever `withLock` hands out may
  // cross threads.
  private var value: Value
  private let lock = NSLock()

  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
