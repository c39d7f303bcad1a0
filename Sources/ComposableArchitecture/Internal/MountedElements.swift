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

  @inlinable init() {}
}

extension Effect {
  /// Cancels the effects of the elements of `before` that are not in `after`.
  ///
  /// - Parameters:
  ///   - before: The IDs an operator saw earlier.
  ///   - after: The IDs it sees now.
  ///   - namespace: The cancellation ID of one element's effects.
  /// - Returns: One cancellation per removed element, merged.
  @usableFromInline
  static func _cancellingRemoved<ID: Hashable>(
    from before: [ID],
    keeping after: [ID],
    namespace: (ID) -> _CancelID
  ) -> Self {
    let remaining = Set(after)
    return .merge(before.filter { !remaining.contains($0) }.map { .cancel(id: namespace($0)) })
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
