/// The IDs a built `forEach` last saw in its collection (a navigation stack, or an identified
/// array of rows).
///
/// When a reducer outside `forEach` removes elements (`state.path.removeAll()`, or a whole new
/// value), the next action through `forEach` compares the collection with these and cancels the
/// removed elements' effects. Kept by the store's built reducer, not in the state, so that
/// replacing the whole collection cannot make it forget. Used on the store's actor only.
@usableFromInline
final class _MountedElements<ID: Hashable> {
  @usableFromInline var ids: [ID] = []
  /// The collection's part of its elements' cancellation IDs, made on first use and kept: it
  /// is the key path to the collection, which costs a type check to wrap and a walk of its
  /// components to hash, so a built `forEach` does both once.
  @usableFromInline var collectionID: _SendableAnyHashable?

  @inlinable init() {}

  /// The collection's part of its elements' cancellation IDs (`keyPath` is the path to it).
  @inlinable
  func collection(_ keyPath: AnyKeyPath) -> _SendableAnyHashable {
    if let collectionID { return collectionID }
    let made = _SendableAnyHashable(keyPath)
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

/// The cancellation namespace of one element's effects: which collection (the key path to it),
/// and which element.
@usableFromInline
struct _ElementNamespace<ID: Hashable & Sendable>: Hashable, Sendable {
  @usableFromInline let collection: _SendableAnyHashable
  @usableFromInline let id: ID

  @usableFromInline
  init(collection: _SendableAnyHashable, id: ID) {
    self.collection = collection
    self.id = id
  }
}
