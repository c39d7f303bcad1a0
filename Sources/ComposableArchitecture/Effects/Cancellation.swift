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

  /// ``cancellable(id:cancelInFlight:)`` for an id the library made itself: the namespace of a
  /// presented child or of a stack element, used as it is.
  ///
  /// The public method would wrap it in another `_CancelID`: an `AnyHashable` of it, built
  /// through the runtime's dynamic casts and boxed on the heap, which every lookup of the id then
  /// hashes and compares through. Every effect the library files under
  /// a namespace, and every cancellation of one, goes through these two overloads (Swift picks
  /// them over the generic ones for a `_CancelID`), so both sides name it the same way; the
  /// lifetime tests fail when only one side does.
  @usableFromInline
  func cancellable(id: _CancelID) -> Self {
    if isNone { return .none }
    return Self(operation: .cancellable(id: id, cancelInFlight: false, self))
  }

  /// ``cancel(id:)`` for an id the library made itself, used as it is (see
  /// `cancellable(id:)` above).
  @usableFromInline
  static func cancel(id: _CancelID) -> Self {
    Self(operation: .cancel(id: id))
  }
}

/// A cancellation id: any hashable, sendable value, compared by type and value, inside the
/// presentations (stack elements, presented children) whose effect declared it.
///
/// `path` lists those presentations, outermost first. A `.cancel(id:)` from a feature reaches
/// the running effects whose id has the same value and a path that starts with the feature's
/// own (`reaches(_:)`): the effects its presented descendants started with that id, and never
/// its parent's or a sibling's.
public struct _CancelID: Hashable, Sendable {
  let base: _CancelBase
  let path: _CancelPath?

  @usableFromInline
  init(_ id: some Hashable & Sendable) {
    base = _CancelBase(_SendableAnyHashable(AnyHashable(id)))
    path = nil
  }

  init(base: _CancelBase, path: _CancelPath?) {
    self.base = base
    self.path = path
  }

  /// How many presentations the id is inside.
  var depth: Int { path?.count ?? 0 }

  /// This id as seen from the parent of the presentation `namespace`.
  ///
  /// The path is shared, not copied: an effect lifted through many presentations (a feature
  /// that presents its own kind, many levels deep) adds one link per level to each of its ids.
  func within(_ namespace: _CancelID) -> _CancelID {
    var path = _CancelPath(namespace.base, then: path)
    for element in namespace.path?.elements.reversed() ?? [] {
      path = _CancelPath(element, then: path)
    }
    return _CancelID(base: base, path: path)
  }

  /// Whether cancelling this id cancels an effect running under `other`: the same value, and
  /// `other` declared in this id's presentation or one inside it.
  func reaches(_ other: _CancelID) -> Bool {
    base == other.base && _CancelPath.isPrefix(path, of: other.path)
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.depth == rhs.depth && lhs.base == rhs.base && _CancelPath.isPrefix(lhs.path, of: rhs.path)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(base.hash)
    hasher.combine(path?.digest ?? 0)
  }
}

/// The value of a cancellation id (or of a presentation around one), with its hash worked out
/// once: the store looks ids up by value whenever an effect starts, ends or is cancelled.
struct _CancelBase: Hashable, Sendable {
  let value: _SendableAnyHashable
  let hash: Int

  init(_ value: _SendableAnyHashable) {
    self.value = value
    hash = value.hashValue
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.hash == rhs.hash && lhs.value == rhs.value
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }
}

/// The presentations of a cancellation id, outermost first: a list whose links are shared by
/// the ids made from one another (`_CancelID.within(_:)` adds a link in front).
final class _CancelPath: Sendable {
  let head: _CancelBase
  let tail: _CancelPath?
  /// The number of links from this one to the end.
  let count: Int
  /// A hash of the links from this one to the end, made once (an id is hashed whenever the store
  /// files, finds or forgets an effect under it, and whenever a throttle looks it up).
  let digest: Int

  init(_ head: _CancelBase, then tail: _CancelPath?) {
    self.head = head
    self.tail = tail
    count = (tail?.count ?? 0) + 1
    var hasher = Hasher()
    hasher.combine(head.hash)
    hasher.combine(tail?.digest ?? 0)
    digest = hasher.finalize()
  }

  /// The links, outermost first.
  var elements: [_CancelBase] {
    var elements: [_CancelBase] = []
    var link: _CancelPath? = self
    while let current = link {
      elements.append(current.head)
      link = current.tail
    }
    return elements
  }

  /// Whether `prefix` is `path` or its start (`nil`, no presentation, starts every path).
  static func isPrefix(_ prefix: _CancelPath?, of path: _CancelPath?) -> Bool {
    guard (prefix?.count ?? 0) <= (path?.count ?? 0) else { return false }
    var prefix = prefix
    var path = path
    while let link = prefix {
      guard let other = path else { return false }
      if link === other { return true }
      guard link.head == other.head else { return false }
      prefix = link.tail
      path = other.tail
    }
    return true
  }
}

/// `AnyHashable` built only from `Sendable` values.
@usableFromInline
struct _SendableAnyHashable: Hashable, @unchecked Sendable {
  // @unchecked Sendable is safe: it is built only from `Sendable` values (`_CancelID.init`),
  // and from the key paths ifLet/forEach use as cancellation namespaces, which are immutable
  // objects. AnyHashable adds no shared mutable state of its own.
  let value: AnyHashable

  @usableFromInline
  init(_ value: AnyHashable) { self.value = value }
}
