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

/// A cancellation id: any hashable, sendable value, compared by type and value.
public struct _CancelID: Hashable, Sendable {
  // AnyHashable holds a value that is `Sendable` (the only initializer requires it).
  private let base: _SendableAnyHashable

  @usableFromInline
  init(_ id: some Hashable & Sendable) {
    base = _SendableAnyHashable(AnyHashable(id))
  }
}

/// `AnyHashable` built only from `Sendable` values.
@usableFromInline
struct _SendableAnyHashable: Hashable, @unchecked Sendable {
  // @unchecked Sendable is safe: it is built only from `Sendable` values (`_CancelID.init`) and
  // from the key paths ifLet/forEach use as cancellation namespaces, which are immutable
  // objects; AnyHashable adds no shared mutable state of its own.
  let value: AnyHashable

  @usableFromInline
  init(_ value: AnyHashable) { self.value = value }
}
