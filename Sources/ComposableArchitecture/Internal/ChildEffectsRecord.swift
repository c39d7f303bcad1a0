import Foundation

/// Whether a presented child has ever started an effect under one presentation's key path, in
/// this process.
///
/// `ifLet(\.$child, …)` reads `$child` around every action that passes it so that, when the
/// child goes away or is replaced, the effects it started are cancelled. That read goes through
/// the key path runtime (a property wrapper's `$` projection is a computed property: several
/// hundred instructions). Until some child presented at that key path has started an effect
/// there is nothing to cancel, so `ifLet` (a store's built one, and a direct
/// `reduce(into:action:)` of one) skips the read for actions that are not its own; the first
/// child effect turns the read on for good.
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
  ///
  /// A store's `ifLet` asks once, when it is built; a direct `reduce(into:action:)` of `ifLet`
  /// asks on every action, which is why a key path found before is found by its identity.
  @usableFromInline
  static func `for`(_ keyPath: AnyKeyPath) -> _ChildEffectsRecord {
    all.record(for: keyPath)
  }

  private final class LockedRecords: @unchecked Sendable {
    // @unchecked Sendable is safe: `records` and `recent` are only read or written while `lock`
    // is held.
    private let lock = NSLock()
    /// Keyed by the key path itself: `AnyKeyPath` hashes its components directly, where an
    /// `AnyHashable` of it first looks up its class's conformance to `Hashable` at run time
    /// (Docs/Benchmarks.md, "A direct call", has what each costs).
    private var records: [AnyKeyPath: _ChildEffectsRecord] = [:]
    /// The key path objects last looked up, by their address.
    ///
    /// Hashing a key path walks its components (more costly than reading `$child` through it),
    /// while a key path literal is the same object every time it is evaluated: found here, its
    /// record costs a lock and a comparison. A key path made in a generic context is a new
    /// object at each evaluation, and is hashed each time.
    ///
    /// Sound because a slot holds its key path strongly: while it is there no other object can
    /// live at its address, so a key path found in its slot by identity is that very object, and
    /// the record beside it is the one `records` holds for it.
    private var recent = [Recent?](repeating: nil, count: 64)

    private struct Recent {
      let keyPath: AnyKeyPath
      let record: _ChildEffectsRecord
    }

    func record(for keyPath: AnyKeyPath) -> _ChildEffectsRecord {
      // Objects are at least 16-byte aligned: the low four bits of an address carry nothing.
      let slot = Int((UInt(bitPattern: ObjectIdentifier(keyPath)) >> 4) & 63)
      lock.lock()
      defer { lock.unlock() }
      if let recent = recent[slot], recent.keyPath === keyPath { return recent.record }
      let record: _ChildEffectsRecord
      if let existing = records[keyPath] {
        record = existing
      } else {
        record = _ChildEffectsRecord()
        records[keyPath] = record
      }
      recent[slot] = Recent(keyPath: keyPath, record: record)
      return record
    }
  }
}
