import Foundation

/// Whether a presented child has ever started an effect under one presentation's key path, in
/// this process.
///
/// `ifLet(\.$child, …)` reads `$child` around every action that passes it so that, when the
/// child goes away or is replaced, the effects it started are cancelled. That read goes through
/// the key path runtime (a property wrapper's `$` projection is a computed property: several
/// hundred instructions). Until some child presented at that key path has started an effect
/// there is nothing to cancel, so a store's built `ifLet` skips the read for actions that are
/// not its own; the first child effect turns the read on for good.
///
/// Why skipping is sound: the only effects cancelled on dismissal are those in the
/// presentation's cancellation namespace, and the only code that puts an effect there is
/// `ifLet`'s own child step (built or direct), which records the key path here *before* it
/// returns the effect. A store runs an effect only after it was returned, so an action that
/// finds no record here has no such effect in flight, in this store or any other. The record is
/// kept per key path, not per store or per built reducer: a test store that rebuilds its reducer
/// and a direct `reduce(into:action:)` call on the same state share it. Records are never
/// cleared, so once set, the read happens on every action, as before.
///
/// `PresentationFastPathTests` checks that the read is skipped, that a child effect started by a
/// direct call, or before a test store rebuilt its reducer, is still cancelled, and (under
/// ThreadSanitizer in CI) that records are written and read on several threads at once without a
/// race: taking the locks away makes ThreadSanitizer report it.
@usableFromInline
final class _ChildEffectsRecord: @unchecked Sendable {
  // @unchecked Sendable is safe: `started` is only read or written while `lock` is held.
  private let lock = NSLock()
  private var started = false

  private init() {}

  /// Whether a child presented at this key path has started an effect.
  @usableFromInline
  var hasStarted: Bool {
    lock.lock()
    defer { lock.unlock() }
    return started
  }

  /// Records that a child presented at this key path starts an effect.
  @usableFromInline
  func noteStarted() {
    lock.lock()
    defer { lock.unlock() }
    started = true
  }

  private static let all = LockedRecords()

  /// The record of `keyPath` (equal key paths share one).
  @usableFromInline
  static func `for`(_ keyPath: AnyKeyPath) -> _ChildEffectsRecord {
    all.record(for: _SendableAnyHashable(keyPath))
  }

  private final class LockedRecords: @unchecked Sendable {
    // @unchecked Sendable is safe: `records` is only read or written while `lock` is held.
    private let lock = NSLock()
    private var records: [_SendableAnyHashable: _ChildEffectsRecord] = [:]

    func record(for key: _SendableAnyHashable) -> _ChildEffectsRecord {
      lock.lock()
      defer { lock.unlock() }
      if let record = records[key] { return record }
      let record = _ChildEffectsRecord()
      records[key] = record
      return record
    }
  }
}
