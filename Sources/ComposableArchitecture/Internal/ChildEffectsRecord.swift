import Foundation
import Synchronization

/// Whether a presented child has ever started an effect under one presentation's key path, in
/// this process.
///
/// `ifLet(\.$child, …)` reads `$child` around every action that passes it so that, when the
/// child goes away or is replaced, the effects it started are cancelled. That read goes through
/// the key path runtime (a property wrapper's `$` projection is a computed property, which a
/// key path cannot reach by offset). Until some child presented at that key path has started an effect
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
/// The table holds at most ``tableLimit`` records. A key path can capture values (a row's `id`
/// in `\.rows[id: id].$sheet`), so an app can make new ones without end; past the limit, every
/// new key path shares one record that says a child effect was started, and `ifLet` reads
/// `$child` around each action there, which is always sound. Memory stays bounded.
///
/// `PresentationFastPathTests` checks that the read is skipped, that a child effect started by a
/// direct call, or before a test store rebuilt its reducer, is still cancelled, and (under
/// ThreadSanitizer in CI) that records and their flags are written and read on several threads
/// at once without a race: a flag that is a plain `Bool` makes ThreadSanitizer report it.
@usableFromInline
final class _ChildEffectsRecord: Sendable {
  /// Whether a child effect was started here.
  private let started = _StartedFlag.make()

  fileprivate init() {}

  /// Whether a child presented at this key path has started an effect.
  @usableFromInline
  var hasStarted: Bool { started.isSet }

  /// Records that a child presented at this key path starts an effect.
  @usableFromInline
  func noteStarted() { started.set() }

  /// How many key paths the table keeps a record of, at most.
  static let tableLimit = 4_096

  /// The record every key path past ``tableLimit`` shares: started from the outset, so an
  /// `ifLet` there never skips its read.
  static let overflow: _ChildEffectsRecord = {
    let record = _ChildEffectsRecord()
    record.noteStarted()
    return record
  }()

  /// How many key paths have a record of their own (for tests).
  static var recordCount: Int { Table.shared.count }

  /// The record of `keyPath` (equal key paths share one).
  ///
  /// A store's `ifLet` asks once, when it is built.
  @usableFromInline
  static func `for`(_ keyPath: AnyKeyPath) -> _ChildEffectsRecord {
    Table.shared.record(for: keyPath).takeUnretainedValue()
  }

  /// What a direct `reduce(into:action:)` of `ifLet` needs on every call: the record of
  /// `statePath`, whether a child effect was started there, and the byte offset of the case path
  /// `actionPath` names in its `AllCasePaths`, when an earlier call on this thread with the same
  /// key path objects noted it (see ``noteActionOffset(_:state:action:)``).
  ///
  /// Found in this thread's cache without a lock when this thread looked the same key path object
  /// up before. The offset is `.some(nil)` for a case key path that cannot be read by offset (a
  /// chain, or a computed case path), and `nil` when unknown. The record comes unretained:
  /// records live as long as the process (see `Table.records`).
  @usableFromInline
  static func lookUp(
    state statePath: AnyKeyPath,
    action actionPath: AnyKeyPath
  ) -> (record: Unmanaged<_ChildEffectsRecord>, hasStarted: Bool, actionOffset: Int??) {
    ThreadCache.withCurrent { $0.lookUp(state: statePath, action: actionPath) }
  }

  /// Remembers, beside the record of `statePath` in this thread's cache, where the case path
  /// `actionPath` sits in its `AllCasePaths` (`nil`: it cannot be read by offset), for the next
  /// ``lookUp(state:action:)`` on this thread with these very key path objects.
  @usableFromInline
  static func noteActionOffset(
    _ offset: Int?,
    state statePath: AnyKeyPath,
    action actionPath: AnyKeyPath
  ) {
    ThreadCache.withCurrent {
      $0.noteActionOffset(offset, state: statePath, action: actionPath)
    }
  }

  /// Every record, under a lock.
  final class Table: @unchecked Sendable {
    // @unchecked Sendable is safe: `records` is only read or written while `lock` is held, and
    // `limit` is a constant.
    static let shared = Table(limit: tableLimit)

    private let lock = _RawLock()
    private let limit: Int

    /// A table that keeps at most `limit` records (tests make small ones).
    init(limit: Int) {
      self.limit = limit
    }

    /// Keyed by the key path itself: `AnyKeyPath` hashes its components directly, where an
    /// `AnyHashable` of it first looks up its class's conformance to `Hashable` at run time.
    ///
    /// Never removed from: records are handed out unretained (see `ThreadCache.records`).
    private var records: [AnyKeyPath: _ChildEffectsRecord] = [:]

    /// How many key paths have a record of their own.
    var count: Int { lock.withLock { records.count } }

    /// The record of `statePath`, made on first use while the table has room, else the shared
    /// overflow record; unretained, since the table (or the `static let`) keeps it for the life
    /// of the process.
    func record(for statePath: AnyKeyPath) -> Unmanaged<_ChildEffectsRecord> {
      lock.withLock {
        if let existing = records[statePath] { return .passUnretained(existing) }
        guard records.count < limit else {
          return .passUnretained(_ChildEffectsRecord.overflow)
        }
        let record = _ChildEffectsRecord()
        records[statePath] = record
        return .passUnretained(record)
      }
    }
  }

  /// What a direct call of `ifLet` looked up last on one thread, found again without a lock.
  ///
  /// Hashing a key path walks its components (more costly than reading `$child` through it),
  /// while a key path literal is the same object every time it is evaluated. So each thread keeps
  /// the key path objects it looked up last, by their address, in 64 slots; beside each, its
  /// record, and the last case key path a direct call used with it and where that case path sits
  /// in its `AllCasePaths` (`nil`: not readable by offset). A key path made in a generic context
  /// is a new object at each evaluation, and goes to the table each time.
  ///
  /// Sound because a slot holds its key paths strongly: while they are there no other object can
  /// live at their addresses, so a key path found in its slot by identity is that very object,
  /// the record beside it is the one the table holds for it, and the action offset beside the
  /// action key path is the one that object names. Kept as four arrays rather than one of
  /// structs, so that a lookup reads the fields it compares in place: reading a struct out of an
  /// array copies it, retaining and releasing each reference in it.
  ///
  /// One cache per thread, made on the thread's first direct call and released when the thread
  /// ends (the destructor of a POSIX thread-specific key). Only its own thread ever reaches it,
  /// and only inside ``withCurrent(_:)``, so it needs no lock.
  private final class ThreadCache {
    // Read on every direct call of `ifLet`, so Swift's dynamic exclusivity check on these
    // arrays (a begin and an end access per use) is switched off. Why no two accesses can
    // overlap: only the thread that owns the cache reaches it (see `withCurrent`), and the code
    // that runs on it (array operations, key path identity, the table's locked lookup, which
    // calls none of this) never comes back to the cache, so it cannot begin a second access.
    // `PresentationFastPathTests` looks records up from many threads (under ThreadSanitizer in
    // CI) and more key paths than there are slots.
    @exclusivity(unchecked) private var statePaths = [AnyKeyPath?](repeating: nil, count: 64)
    /// The records of the slots, unretained: a retain and a release fewer per direct call.
    ///
    /// Sound because every record is kept by the table for the life of the process (nothing
    /// ever removes one; the overflow record is a `static let`), and the table itself is never
    /// freed (`Table.shared`), so a record outlives every unretained reference to it, here and in what
    /// ``_ChildEffectsRecord/lookUp(state:action:)`` hands out.
    /// `PresentationFastPathTests.aRecordHandedOutUnretainedOutlivesItsSlot` uses one after its
    /// slot was taken (the test process crashes if the table stops keeping records).
    @exclusivity(unchecked) private var records = [Unmanaged<_ChildEffectsRecord>?](
      repeating: nil,
      count: 64
    )
    @exclusivity(unchecked) private var actionPaths = [AnyKeyPath?](repeating: nil, count: 64)
    @exclusivity(unchecked) private var actionOffsets = [Int?](repeating: nil, count: 64)

    /// Runs `body` with this thread's cache, made on first use.
    static func withCurrent<Result>(_ body: (ThreadCache) -> Result) -> Result {
      if let pointer = pthread_getspecific(threadCacheKey) {
        // The key holds one retain of the cache until the thread ends (`releaseThreadCache`),
        // and the thread running this cannot end meanwhile: the cache outlives `body`. (Stored
        // unretained, the cache is freed after its first use and `PresentationFastPathTests`
        // crashes on the next lookup.)
        return Unmanaged<ThreadCache>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
      }
      let cache = ThreadCache()
      let result = pthread_setspecific(threadCacheKey, Unmanaged.passRetained(cache).toOpaque())
      precondition(result == 0, "pthread_setspecific failed with error \(result)")
      return body(cache)
    }

    private static func slot(of keyPath: AnyKeyPath) -> Int {
      // Objects are at least 16-byte aligned: the low four bits of an address carry nothing.
      Int((UInt(bitPattern: ObjectIdentifier(keyPath)) >> 4) & 63)
    }

    /// What ``_ChildEffectsRecord/lookUp(state:action:)`` answers.
    func lookUp(
      state statePath: AnyKeyPath,
      action actionPath: AnyKeyPath
    ) -> (record: Unmanaged<_ChildEffectsRecord>, hasStarted: Bool, actionOffset: Int??) {
      let slot = Self.slot(of: statePath)
      let record: Unmanaged<_ChildEffectsRecord>
      if statePaths[slot] === statePath, let cached = records[slot] {
        record = cached
      } else {
        record = Table.shared.record(for: statePath)
        statePaths[slot] = statePath
        records[slot] = record
        actionPaths[slot] = nil
        actionOffsets[slot] = nil
      }
      let offset: Int?? = actionPaths[slot] === actionPath ? .some(actionOffsets[slot]) : .none
      return (record, record._withUnsafeGuaranteedRef { $0.hasStarted }, offset)
    }

    func noteActionOffset(
      _ offset: Int?,
      state statePath: AnyKeyPath,
      action actionPath: AnyKeyPath
    ) {
      let slot = Self.slot(of: statePath)
      guard statePaths[slot] === statePath else { return }
      actionPaths[slot] = actionPath
      actionOffsets[slot] = offset
    }
  }
}

/// The key of each thread's `_ChildEffectsRecord.ThreadCache`, made on first use.
private let threadCacheKey: pthread_key_t = {
  var key = pthread_key_t()
  // A closure literal, not the function itself: the destructor's parameter is optional on
  // Linux and not on Apple systems, and the closure takes either.
  let result = pthread_key_create(&key, { releaseThreadCache($0) })
  precondition(result == 0, "pthread_key_create failed with error \(result)")
  return key
}()

/// Releases a thread's cache when the thread ends (the key's destructor).
private func releaseThreadCache(_ pointer: UnsafeMutableRawPointer?) {
  guard let pointer else { return }
  Unmanaged<AnyObject>.fromOpaque(pointer).release()
}

/// Whether a child effect was started at one key path: set once, read on every action that
/// passes a presentation `ifLet` (a store's, and a direct call's).
///
/// Read and set from any thread. Where the system has `Synchronization`'s `Atomic` (Linux, and
/// Apple systems from macOS 15 and iOS 18 on) it is an atomic (``_AtomicStartedFlag``), read
/// with one load and no lock; on older Apple systems it is this class, whose flag is guarded by a
/// lock.
class _StartedFlag: @unchecked Sendable {
  // @unchecked Sendable is safe: `lockedValue` is only read or written while `lock` is held (the
  // atomic subclass uses neither).
  private let lock = _RawLock()
  private var lockedValue = false

  fileprivate init() {}

  /// The flag for this system: an atomic where there is one.
  static func make() -> _StartedFlag {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
      return _AtomicStartedFlag()
    }
    return makeLocked()
  }

  /// The flag guarded by a lock, as on Apple systems before `Atomic` (tests use it everywhere).
  static func makeLocked() -> _StartedFlag { _StartedFlag() }

  /// Whether the flag was set.
  var isSet: Bool { lock.withLock { lockedValue } }

  /// Sets the flag, for good.
  func set() { lock.withLock { lockedValue = true } }
}

/// ``_StartedFlag`` as an atomic: one load to read it.
///
/// A reader that must see the flag set is one whose state holds the child that started the
/// effect, and that state reached it after the setting thread set the flag (the same store's
/// actor, or whatever handed the state over): coherence then guarantees the load sees `true`.
/// Release and acquire order the rest of what the two threads did as well, at no cost on x86.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class _AtomicStartedFlag: _StartedFlag, @unchecked Sendable {
  // @unchecked Sendable is safe: `value` is an `Atomic`, and the superclass's state is unused.
  private let value = Atomic<Bool>(false)

  override var isSet: Bool { value.load(ordering: .acquiring) }

  override func set() { value.store(true, ordering: .releasing) }
}
