/// The IDs a built `forEach` last saw in its collection (a navigation stack, or an identified
/// array of rows).
///
/// When a reducer outside `forEach` removes elements (`state.path.removeAll()`, or a whole new
/// value), the next action through `forEach` compares the collection with these and cancels the
/// removed elements' effects. Kept by the store's built reducer, not in the state, so that
/// replacing the whole collection cannot make it forget. Used on the store's actor only.
@usableFromInline
final class _MountedElements<ID: Hashable> {
  // Read twice on every action through a built `forEach`, so Swift's dynamic exclusivity checks
  // (a begin and an end access per read, ~8% of a stack element action) are switched off for
  // both properties. Why no two accesses can overlap: they happen only in `update(to:)` and
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

  /// Remembers `current` and returns the remembered IDs that are gone from it.
  ///
  /// Unchanged IDs share their buffer with the remembered ones, so on an ordinary element
  /// action the comparison costs nothing and nothing is allocated.
  ///
  /// - Parameter current: The IDs in the collection now.
  /// - Returns: The IDs whose elements left, in their old order; usually none.
  @inlinable
  func update(to current: [ID]) -> [ID] {
    guard ids != current else { return [] }
    defer { ids = current }
    let remaining = Set(current)
    return ids.filter { !remaining.contains($0) }
  }
}

extension Effect {
  /// Cancels the effects of the elements `removed` (from ``_MountedElements/update(to:)``).
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
