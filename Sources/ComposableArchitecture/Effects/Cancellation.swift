extension Effect {
  /// Makes this effect cancellable by `id`, optionally cancelling any running effect with the
  /// same `id` first.
  ///
  /// ```swift
  /// enum CancelID { case timer }
  ///
  /// case .toggleTimerButtonTapped:
  ///   state.isTimerOn.toggle()
  ///   return state.isTimerOn
  ///     ? .run { send in … }.cancellable(id: CancelID.timer, cancelInFlight: true)
  ///     : .cancel(id: CancelID.timer)
  /// ```
  ///
  /// Ids are scoped to a store: two stores never cancel each other's effects.
  ///
  /// - Parameters:
  ///   - id: Any hashable value naming the effect.
  ///   - cancelInFlight: Cancel effects already running under `id` before starting this one.
  /// - Returns: The cancellable effect.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if isNone, !cancelInFlight { return .none }
    return Self(operation: .cancellable(id: _CancelID(id), cancelInFlight: cancelInFlight, self))
  }

  /// Cancels every running effect that was made cancellable with `id`.
  ///
  /// A cancelled `.run` stops sending actions at once: `send` after cancellation is ignored.
  ///
  /// - Parameter id: The id given to ``cancellable(id:cancelInFlight:)``.
  /// - Returns: The effect that cancels.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(operation: .cancel(id: _CancelID(id)))
  }
}

/// A cancellation id: any hashable, sendable value, compared by type and value, inside the
/// presentations (stack elements, presented children) whose effect declared it.
///
/// `path` lists those presentations, outermost first. The store registers a running effect
/// under every prefix of its path, so a `.cancel(id:)` from a feature reaches the effects its
/// presented descendants started with that id, and never its parent's or a sibling's.
public struct _CancelID: Hashable, Sendable {
  // AnyHashable holds a value that is `Sendable` (the only initializer requires it).
  let base: _SendableAnyHashable
  let path: [_SendableAnyHashable]

  @usableFromInline
  init(_ id: some Hashable & Sendable) {
    base = _SendableAnyHashable(AnyHashable(id))
    path = []
  }

  init(base: _SendableAnyHashable, path: [_SendableAnyHashable]) {
    self.base = base
    self.path = path
  }

  /// This id as seen from the parent of the presentation `namespace`.
  func within(_ namespace: _CancelID) -> _CancelID {
    _CancelID(base: base, path: namespace.path + [namespace.base] + path)
  }

  /// This id with every shorter path: what a cancellation from an ancestor names.
  var prefixes: [_CancelID] {
    (0...path.count).map { _CancelID(base: base, path: Array(path[..<$0])) }
  }
}

/// `AnyHashable` built only from `Sendable` values.
@usableFromInline
struct _SendableAnyHashable: Hashable, @unchecked Sendable {
  // @unchecked Sendable is safe: it is built only from `Sendable` values (`_CancelID.init`),
  // from the key paths ifLet/forEach use as cancellation namespaces, which are immutable
  // objects, and from the `id`s of presented children (`_identifiableID`), which are only
  // hashed and compared, on the store's actor, never mutated through this wrapper. AnyHashable
  // adds no shared mutable state of its own.
  let value: AnyHashable

  @usableFromInline
  init(_ value: AnyHashable) { self.value = value }
}
