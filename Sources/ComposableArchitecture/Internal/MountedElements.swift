/// A collection whose elements `forEach` watches: a navigation stack, or an identified array of
/// rows.
///
/// Each keeps, beside its elements, the IDs a direct call of `forEach`'s
/// `reduce(into:action:)` last saw in it (`_mounted`; not part of the value: `==`, hashing,
/// coding and dumps ignore it). It travels with the state, so a direct call, which keeps
/// nothing from one call to the next, still sees what the last one saw.
@usableFromInline
protocol _MountTracking<MountedID> {
  associatedtype MountedID: Hashable
  /// The IDs of the elements, in order.
  var ids: [MountedID] { get }
  /// The IDs a `forEach` last saw here.
  var _mounted: [MountedID] { get set }
}

/// The IDs a `forEach` last saw in its collection (a navigation stack, or an identified array
/// of rows).
///
/// When a reducer outside `forEach` removes elements (`state.path.removeAll()`, or a whole new
/// value), the next action through `forEach` compares the collection with what it saw and
/// cancels the removed elements' effects. A store's built reducer remembers here, so a whole
/// new value (which carries no memory) cannot make it forget, and it never writes to the
/// state to remember; a direct call remembers in the collection (``_MountTracking``). Used on
/// the store's actor only.
@usableFromInline
final class _MountedElements<ID: Hashable> {
  // Read twice on every action through a built `forEach`, so Swift's dynamic exclusivity checks
  // (a begin and an end access per read) are switched off for both properties. Why no two
  // accesses can overlap: they happen only in `note(_:in:)` and `collection(_:)`, which call
  // nothing that could reach this object (reading the collection through its path, comparing
  // and filtering IDs, building a `Set` of them, hashing a key path; the object is internal,
  // so no getter of the user's can hold it); one object belongs to one built
  // operator and is used on its store's actor only (the type is not `Sendable`).
  // `EffectLifetimeTests` and `ForEachIdentifiedTests` remove elements through both calls.
  @usableFromInline @exclusivity(unchecked) var ids: [ID] = []
  /// The collection's part of its elements' cancellation IDs, made on first use and kept: it
  /// is the key path to the collection, whose hash walks its components, so a built `forEach`
  /// hashes it once.
  @usableFromInline @exclusivity(unchecked) var collectionID: _CollectionID?

  /// Whether this object belongs to a store's built operator (and remembers across actions),
  /// rather than to one direct call of `reduce(into:action:)`.
  @usableFromInline let isBuilt: Bool

  /// - Parameter isBuilt: `true` for a store's built operator, `false` for a direct call.
  @inlinable init(isBuilt: Bool) {
    self.isBuilt = isBuilt
  }

  /// The collection's part of its elements' cancellation IDs (`keyPath` is the path to it).
  @inlinable
  func collection(_ keyPath: AnyKeyPath) -> _CollectionID {
    if let collectionID { return collectionID }
    let made = _CollectionID(keyPath)
    collectionID = made
    return made
  }

  /// Remembers the IDs of the collection at `path` now and returns them with the remembered
  /// IDs whose elements are gone.
  ///
  /// A store's built operator remembers here, and only reads the collection: a write through
  /// the path would run a `didSet` or a computed setter of the property that holds it, on
  /// actions that change no element (the Composable Architecture's `forEach` only reads). A
  /// direct call, whose object is new each time, remembers in the collection, which it writes
  /// only when the IDs changed. Unchanged IDs share their buffer with the remembered ones, so
  /// on an ordinary element action the comparison costs nothing and nothing is allocated.
  ///
  /// - Parameters:
  ///   - path: The path to the collection `forEach` runs over.
  ///   - root: The state that holds it.
  /// - Returns: The IDs in the collection now, and the IDs whose elements left, in their old
  ///   order; usually none.
  @inlinable
  func note<Path: _WritablePath>(
    _ path: Path,
    in root: inout Path.Root
  ) -> (ids: [ID], removed: [ID]) where Path.Value: _MountTracking<ID> {
    if isBuilt {
      let current = path.peek(&root) { $0.ids }
      // The usual case, inline: the IDs did not change (one buffer: the comparison is free).
      guard ids != current else { return (current, []) }
      return (current, Self.remember(current, in: &ids))
    }
    let (current, seen) = path.peek(&root) { ($0.ids, $0._mounted) }
    guard seen != current else { return (current, []) }
    var remembered = seen
    let removed = Self.remember(current, in: &remembered)
    path.modify(&root) { $0._mounted = current }
    return (current, removed)
  }

  /// Stores `current` in `remembered` and returns the remembered IDs that are gone from it.
  @inlinable
  static func remember(_ current: [ID], in remembered: inout [ID]) -> [ID] {
    guard remembered != current else { return [] }
    defer { remembered = current }
    // Most changes add at the end (a push, a new row): nothing remembered is gone, and no set
    // need be built to find that out.
    if remembered.count <= current.count, current.starts(with: remembered) { return [] }
    let remaining = Set(current)
    return remembered.filter { !remaining.contains($0) }
  }
}

extension Effect {
  /// Cancels the effects of the elements `removed` (from ``_MountedElements/note(_:in:)``).
  ///
  /// - Parameters:
  ///   - removed: The IDs of the elements that left.
  ///   - namespace: The cancellation ID of one element's effects.
  /// - Returns: One cancellation per element, merged; `.none` for none.
  @inlinable
  static func _cancelling<ID>(_ removed: [ID], namespace: (ID) -> _CancelID) -> Self {
    removed.isEmpty ? .none : .merge(removed.map { .cancel(id: namespace($0)) })
  }
}

/// Which collection an element belongs to, in its cancellation ID: the key path to the
/// collection, with its hash computed once.
///
/// Equal key paths have equal hashes, so comparing the kept hashes first changes no answer.
@usableFromInline
struct _CollectionID: Hashable, Sendable {
  // nonisolated(unsafe) is safe: a key path object is immutable once the runtime has created
  // it, and this struct only reads it (to hash it once, and to compare it with `==`), so
  // sharing it across threads shares no mutable state: the reasoning `_SendableAnyHashable`
  // gives for the key paths it holds. Held as `AnyKeyPath` rather than in that wrapper because
  // comparing two through `AnyHashable` boxes both, allocating on every push and pop.
  @usableFromInline nonisolated(unsafe) let keyPath: AnyKeyPath
  @usableFromInline let hash: Int

  @usableFromInline
  init(_ keyPath: AnyKeyPath) {
    self.keyPath = keyPath
    self.hash = keyPath.hashValue
  }

  @usableFromInline
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.hash == rhs.hash && lhs.keyPath == rhs.keyPath
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }
}

/// The cancellation namespace of one element's effects: which collection (the key path to it),
/// and which element.
@usableFromInline
struct _ElementNamespace<ID: Hashable & Sendable>: Hashable, Sendable {
  @usableFromInline let collection: _CollectionID
  @usableFromInline let id: ID

  @usableFromInline
  init(collection: _CollectionID, id: ID) {
    self.collection = collection
    self.id = id
  }
}
