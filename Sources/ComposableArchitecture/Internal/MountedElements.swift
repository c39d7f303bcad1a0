/// A collection whose elements `forEach` watches: a navigation stack, or an identified array of
/// rows.
///
/// Each keeps, beside its elements, the IDs a `forEach` last saw in it (`_mounted`; not part of
/// the value: `==`, hashing, coding and dumps ignore it). It travels with the state, so every
/// way of running `forEach` sees it: a store's built tree, and a direct call of
/// `reduce(into:action:)`, which keeps nothing from one call to the next.
@usableFromInline
protocol _MountTracking<MountedID> {
  associatedtype MountedID: Hashable
  /// The IDs of the elements, in order.
  var ids: [MountedID] { get }
  /// The IDs a `forEach` last saw here.
  var _mounted: [MountedID] { get set }
}

/// The IDs a built `forEach` last saw in its collection (a navigation stack, or an identified
/// array of rows).
///
/// When a reducer outside `forEach` removes elements (`state.path.removeAll()`, or a whole new
/// value), the next action through `forEach` compares the collection with what it saw and
/// cancels the removed elements' effects. What it saw is kept in two places: in the collection
/// (``_MountTracking``), which a direct call sees too, and here, in the store's built reducer,
/// so that a whole new value (which carries no memory) cannot make a store forget. Used on the
/// store's actor only.
@usableFromInline
final class _MountedElements<ID: Hashable> {
  // Read twice on every action through a built `forEach`, so Swift's dynamic exclusivity checks
  // (a begin and an end access per read, ~8% of a stack element action) are switched off for
  // both properties. Why no two accesses can overlap: they happen only in `note(_:)` and
  // `collection(_:)`, which call nothing that could reach this object (comparing and filtering
  // IDs, building a `Set` of them, hashing a key path); one object belongs to one built
  // operator and is used on its store's actor only (the type is not `Sendable`).
  // `EffectLifetimeTests` and `ForEachIdentifiedTests` remove elements through both calls.
  @usableFromInline @exclusivity(unchecked) var ids: [ID] = []
  /// The collection's part of its elements' cancellation IDs, made on first use and kept: it
  /// is the key path to the collection, whose hash walks its components, so a built `forEach`
  /// hashes it once.
  @usableFromInline @exclusivity(unchecked) var collectionID: _CollectionID?

  @inlinable init() {}

  /// The collection's part of its elements' cancellation IDs (`keyPath` is the path to it).
  @inlinable
  func collection(_ keyPath: AnyKeyPath) -> _CollectionID {
    if let collectionID { return collectionID }
    let made = _CollectionID(keyPath)
    collectionID = made
    return made
  }

  /// Remembers the IDs in `collection` now, here and in the collection, and returns them with
  /// the IDs remembered in either place whose elements are gone.
  ///
  /// Unchanged IDs share their buffer with the remembered ones, so on an ordinary element
  /// action the comparisons cost nothing and nothing is allocated or written.
  ///
  /// - Parameter collection: The collection `forEach` runs over, in place.
  /// - Returns: The IDs in the collection now, and the IDs whose elements left, in their old
  ///   order; usually none.
  @inlinable
  func note<Collection: _MountTracking>(
    _ collection: inout Collection
  ) -> (ids: [ID], removed: [ID]) where Collection.MountedID == ID {
    let current = collection.ids
    if ids == collection._mounted {
      // The usual case: both places remember the same IDs, in one shared buffer (comparing
      // arrays that share a buffer costs nothing), so one comparison answers for both.
      guard ids != current else { return (current, []) }
      let removed = Self.remember(current, in: &ids)
      collection._mounted = current
      return (current, removed)
    }
    let removedHere = Self.remember(current, in: &ids)
    let removedThere = Self.remember(current, in: &collection._mounted)
    if removedThere.isEmpty { return (current, removedHere) }
    if removedHere.isEmpty { return (current, removedThere) }
    // Both remembered removals (the collection's memory can differ from this one's when the
    // state was run through another `forEach`, or a direct call, in between): each ID once.
    let listed = Set(removedHere)
    return (current, removedHere + removedThere.filter { !listed.contains($0) })
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
  /// Cancels the effects of the elements `removed` (from ``_MountedElements/note(_:)``).
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
  // comparing two through `AnyHashable` costs two allocations per push and pop (measured:
  // 17,740 against 18,681 instructions, 8 against 10 allocations).
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
