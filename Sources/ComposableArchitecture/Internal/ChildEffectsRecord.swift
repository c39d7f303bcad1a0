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
/// race: taking the lock away makes ThreadSanitizer report it.
@usableFromInline
final class _ChildEffectsRecord: @unchecked Sendable {
  // @unchecked Sendable is safe: `started` is only read or written while `Table.shared.lock` is
  // held (one lock for every record: a direct call reads the record it looks up in the same
  // critical section as the lookup).
  fileprivate var started = false

  fileprivate init() {}

  /// Whether a child presented at this key path has started an effect.
  @usableFromInline
  var hasStarted: Bool {
    Table.shared.withLock { _ in self.started }
  }

  /// Records that a child presented at this key path starts an effect.
  @usableFromInline
  func noteStarted() {
    Table.shared.withLock { _ in self.started = true }
  }

  /// The record of `keyPath` (equal key paths share one).
  ///
  /// A store's `ifLet` asks once, when it is built.
  @usableFromInline
  static func `for`(_ keyPath: AnyKeyPath) -> _ChildEffectsRecord {
    Table.shared.withLock { $0.record(for: keyPath).0.takeUnretainedValue() }
  }

  /// What a direct `reduce(into:action:)` of `ifLet` needs on every call, found under one lock:
  /// the record of `statePath`, whether a child effect was started there, and the byte offset
  /// of the case path `actionPath` names in its `AllCasePaths`, when an earlier call with the
  /// same key path objects noted it (see ``noteActionOffset(_:state:action:)``).
  ///
  /// The offset is `.some(nil)` for a case key path that cannot be read by offset (a chain, or
  /// a computed case path), and `nil` when unknown. The record comes unretained: records live
  /// as long as the process (see `Table.recentRecords`).
  @usableFromInline
  static func lookUp(
    state statePath: AnyKeyPath,
    action actionPath: AnyKeyPath
  ) -> (record: Unmanaged<_ChildEffectsRecord>, hasStarted: Bool, actionOffset: Int??) {
    Table.shared.withLock { $0.lookUp(state: statePath, action: actionPath) }
  }

  /// Remembers, beside the record of `statePath`, where the case path `actionPath` sits in its
  /// `AllCasePaths` (`nil`: it cannot be read by offset), for the next ``lookUp(state:action:)``
  /// with these very key path objects.
  @usableFromInline
  static func noteActionOffset(
    _ offset: Int?,
    state statePath: AnyKeyPath,
    action actionPath: AnyKeyPath
  ) {
    Table.shared.withLock { $0.noteActionOffset(offset, state: statePath, action: actionPath) }
  }

  /// Every record, and the lock that guards them and their `started` flags.
  private final class Table: @unchecked Sendable {
    // @unchecked Sendable is safe: every stored property but `lock` is only read or written
    // inside `withLock`.
    static let shared = Table()

    private let lock = _RawLock()

    // The tables below are read on every direct call of `ifLet`, so Swift's dynamic exclusivity
    // check on them (a begin and an end access per use: a direct call of the app's `Counter`
    // measured 1,761 instructions with the checks, 1,389 without) is switched off. Why no two
    // accesses can overlap: they happen only inside `withLock`, so never on two
    // threads at once; and the code that runs while the lock is held (array and dictionary
    // operations, key path hashing and equality, which call none of this library) never asks
    // for the lock again, so it cannot begin a second access on the same thread.
    // `PresentationFastPathTests` looks records up from many threads (under ThreadSanitizer in
    // CI) and more key paths than there are slots.

    /// Keyed by the key path itself: `AnyKeyPath` hashes its components directly, where an
    /// `AnyHashable` of it first looks up its class's conformance to `Hashable` at run time
    /// (Docs/Benchmarks.md, "A direct call", has what each costs).
    ///
    /// Never removed from: records are handed out unretained (see `recentRecords`).
    @exclusivity(unchecked) private var records: [AnyKeyPath: _ChildEffectsRecord] = [:]
    /// The key path objects last looked up, by their address, in 64 slots; beside each, its
    /// record, and the last case key path a direct call of `ifLet` used with it and where that
    /// case path sits in its `AllCasePaths` (`nil`: not readable by offset).
    ///
    /// Hashing a key path walks its components (more costly than reading `$child` through it),
    /// while a key path literal is the same object every time it is evaluated: found here, its
    /// record costs a lock and a comparison. A key path made in a generic context is a new
    /// object at each evaluation, and is hashed each time.
    ///
    /// Sound because a slot holds its key paths strongly: while they are there no other object
    /// can live at their addresses, so a key path found in its slot by identity is that very
    /// object, the record beside it is the one `records` holds for it, and the action offset
    /// beside the action key path is the one that object names. Kept as four arrays rather than
    /// one of structs, so that a lookup reads the fields it compares in place: reading a struct
    /// out of an array copies it, retaining and releasing each reference in it.
    @exclusivity(unchecked) private var recentStatePaths = [AnyKeyPath?](repeating: nil, count: 64)
    /// The records of the slots, unretained: a retain and a release fewer per direct call.
    ///
    /// Sound because every record is kept by
    /// `records` for the life of the process (nothing ever removes one), and the table itself
    /// is never freed (`shared`), so a record outlives every unretained reference to it, here
    /// and in what ``_ChildEffectsRecord/lookUp(state:action:)`` hands out.
    /// `PresentationFastPathTests.aRecordHandedOutUnretainedOutlivesItsSlot` uses one after its
    /// slot was taken (the test process crashes if the table stops keeping records).
    @exclusivity(unchecked) private var recentRecords = [Unmanaged<_ChildEffectsRecord>?](
      repeating: nil,
      count: 64
    )
    @exclusivity(unchecked) private var recentActionPaths = [AnyKeyPath?](repeating: nil, count: 64)
    @exclusivity(unchecked) private var recentActionOffsets = [Int?](repeating: nil, count: 64)

    func withLock<Result>(_ body: (Table) -> Result) -> Result {
      lock.withLock { body(self) }
    }

    private static func slot(of keyPath: AnyKeyPath) -> Int {
      // Objects are at least 16-byte aligned: the low four bits of an address carry nothing.
      Int((UInt(bitPattern: ObjectIdentifier(keyPath)) >> 4) & 63)
    }

    /// The record of `statePath`, and its slot (which now holds it).
    ///
    /// Call with the lock held.
    func record(for statePath: AnyKeyPath) -> (Unmanaged<_ChildEffectsRecord>, slot: Int) {
      let slot = Self.slot(of: statePath)
      if recentStatePaths[slot] === statePath, let record = recentRecords[slot] {
        return (record, slot)
      }
      let record: _ChildEffectsRecord
      if let existing = records[statePath] {
        record = existing
      } else {
        record = _ChildEffectsRecord()
        records[statePath] = record
      }
      recentStatePaths[slot] = statePath
      recentRecords[slot] = .passUnretained(record)
      recentActionPaths[slot] = nil
      recentActionOffsets[slot] = nil
      return (.passUnretained(record), slot)
    }

    /// What ``_ChildEffectsRecord/lookUp(state:action:)`` answers.
    ///
    /// Call with the lock held.
    func lookUp(
      state statePath: AnyKeyPath,
      action actionPath: AnyKeyPath
    ) -> (record: Unmanaged<_ChildEffectsRecord>, hasStarted: Bool, actionOffset: Int??) {
      let (record, slot) = record(for: statePath)
      let offset: Int?? =
        recentActionPaths[slot] === actionPath ? .some(recentActionOffsets[slot]) : .none
      return (record, record._withUnsafeGuaranteedRef { $0.started }, offset)
    }

    /// Call with the lock held.
    func noteActionOffset(
      _ offset: Int?,
      state statePath: AnyKeyPath,
      action actionPath: AnyKeyPath
    ) {
      let slot = Self.slot(of: statePath)
      guard recentStatePaths[slot] === statePath else { return }
      recentActionPaths[slot] = actionPath
      recentActionOffsets[slot] = offset
    }
  }
}
