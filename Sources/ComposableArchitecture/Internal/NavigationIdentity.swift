/// What makes a presented child "the same child" across a state change, as the Composable
/// Architecture decides it: its enum case (for enum state) and its `id` (for `Identifiable`
/// state, or an enum case whose payload is `Identifiable`).
///
/// Two values of one non-`Identifiable` struct type are the same child whatever their fields,
/// so editing a presented counter never restarts it; replacing it with another case or another
/// `id` does, and the old child's effects are cancelled. The identity is also part of the
/// child's cancellation namespace, so two children presented by sibling instances of one
/// feature (a left and a right pane, each with its own detail) never cancel each other's
/// effects when their identities differ.
///
/// A class, so that "no child" is a null pointer and "a child of a type whose values cannot
/// differ" is one shared instance: `PresentationState` keeps one, and `ifLet` reads and compares
/// it on every action, where a struct of optionals would be copied field by field.
@usableFromInline
final class _NavigationIdentity: Hashable, Sendable {
  /// The enum case, as ``_EnumTag`` numbers it; `nil` for a value that is not an enum.
  @usableFromInline let tag: UInt32?
  /// The case's label, for an enum whose case ``_EnumTag`` cannot read (never seen in practice:
  /// every enum's metadata carries the witness it reads); `nil` otherwise.
  let caseName: String?
  @usableFromInline let id: _ChildID?
  /// For an enum case holding an alert or a dialog, the type of its buttons' actions; `nil`
  /// otherwise.
  ///
  /// Such a child goes away after any of its buttons' actions. Not part of the identity (it
  /// follows from the case).
  @usableFromInline let ephemeralActionType: Any.Type?

  /// Whether the child is an alert or a dialog, or an enum case holding one.
  var isEphemeral: Bool { ephemeralActionType != nil }

  /// The identity of every value of a type whose values cannot differ in identity.
  @usableFromInline static let plain = _NavigationIdentity(
    tag: nil,
    caseName: nil,
    id: nil,
    ephemeralActionType: nil
  )

  init(tag: UInt32?, caseName: String?, id: _ChildID?, ephemeralActionType: Any.Type?) {
    self.tag = tag
    self.caseName = caseName
    self.id = id
    self.ephemeralActionType = ephemeralActionType
  }

  /// Equal when both name the same case and `id` (one instance is equal to itself at once).
  @inlinable
  static func == (lhs: _NavigationIdentity, rhs: _NavigationIdentity) -> Bool {
    lhs === rhs || lhs.isEqual(to: rhs)
  }

  @usableFromInline
  func isEqual(to other: _NavigationIdentity) -> Bool {
    guard tag == other.tag, caseName == other.caseName else { return false }
    switch (id, other.id) {
    case (nil, nil): return true
    case (let id?, let otherID?): return id.isEqual(to: otherID)
    default: return false
    }
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(tag)
    hasher.combine(caseName)
    id?.hash(into: &hasher)
  }

  /// Reads the case and `id` of a value whose type can differ in identity.
  ///
  /// The slow path, taken when a child is first seen, when its case or its `id` changes, and on
  /// each read of an enum case whose payload is `Identifiable` (see
  /// ``_IdentityReader/identity(of:after:)``). An enum's payload is read with `Mirror`.
  @usableFromInline
  static func reading<Value>(
    _ value: Value,
    tags: _EnumTag<Value>?,
    ids: (any Identifiable.Type)?
  ) -> _NavigationIdentity {
    if let optional = Value.self as? any _OptionalChild.Type {
      // `_isEnumType` says no for `Optional`; its two cases are read here instead.
      let payload = withUnsafePointer(to: value) { optional._payload(at: UnsafeRawPointer($0)) }
      return _NavigationIdentity(
        tag: payload == nil ? 1 : 0,
        caseName: nil,
        id: payload.flatMap { _ChildID.of($0) },
        ephemeralActionType: (payload as? any _EphemeralState).map { type(of: $0)._actionType }
      )
    }
    guard _isEnumType(Value.self) else {
      return _NavigationIdentity(
        tag: nil,
        caseName: nil,
        id: ids.map { type in withUnsafePointer(to: value) { _ChildID.of(type, at: $0) } }
          ?? _ChildID.of(value),
        ephemeralActionType: (value as? any _EphemeralState).map { type(of: $0)._actionType }
      )
    }
    let payload = Mirror(reflecting: value).children.first
    return _NavigationIdentity(
      tag: tags?.tag(of: value),
      caseName: tags == nil ? payload?.label ?? String(describing: value) : nil,
      id: payload.flatMap { _ChildID.of($0.value) },
      ephemeralActionType: (payload?.value as? any _EphemeralState).map {
        type(of: $0)._actionType
      }
    )
  }

  /// Whether values of `type` can differ in identity at all: enums (`Optional` too) and
  /// `Identifiable` types.
  @inlinable
  static func canChange<Value>(_ type: Value.Type) -> Bool {
    _isEnumType(type) || type is any Identifiable.Type || type is any _OptionalChild.Type
  }
}

/// A presented child whose state is itself optional (`PresentationState<Child.State?>`): an
/// inner `nil` is another child (none), whose effects end, as another enum case's would.
@usableFromInline
protocol _OptionalChild {
  /// The wrapped value of the `Self` at `pointer`, or `nil` when it holds none.
  ///
  /// Called only with the address of a value of type `Self` (the caller found `Self` by
  /// casting that value's static type), for the duration of the call.
  static func _payload(at pointer: UnsafeRawPointer) -> Any?
}

extension Optional: _OptionalChild {
  @usableFromInline
  static func _payload(at pointer: UnsafeRawPointer) -> Any? {
    pointer.assumingMemoryBound(to: Self.self).pointee.map { $0 as Any }
  }
}

/// Reads the identities of one operator's children.
///
/// Whether a child type's values can differ in identity is a run-time conformance check, so a store's built operator looks it up once, when it is built, with
/// what reading an identity of that type needs; a direct `reduce(into:action:)`, which builds
/// nothing ahead of time, looks it up at each read.
///
/// One enum of two words: every operator that holds a reader copies it into each call, and a
/// reader with a field for each kind would copy them all, on every action.
@usableFromInline
struct _IdentityReader<Value> {
  @usableFromInline enum Kind {
    /// Values cannot differ in identity: they all have ``_NavigationIdentity/plain``, kept here
    /// because a `static let` is reached through a call that checks it was initialized, on
    /// every read.
    ///
    /// Unretained, so that copying a reader (into a built operator, into each call) retains
    /// nothing. Safe: `plain` is a `static let`, created once and never released, so the
    /// reference is valid for the life of the process; each read takes a retained copy of it.
    case plain(Unmanaged<_NavigationIdentity>)
    /// An enum, whose case the tag reader reads (`nil`: it has none, and `Mirror` does).
    case cases(_EnumTag<Value>?)
    /// An `Identifiable` type that is not an enum, with its conformance (a metatype, not a
    /// closure: copying a reader then retains nothing).
    case ids(any Identifiable.Type)
    /// Not looked up: each read does (a direct call).
    case unresolved
  }

  @usableFromInline let kind: Kind

  @inlinable
  init(_ kind: Kind) {
    self.kind = kind
  }

  /// Looks the type up now: for an operator a store builds once.
  @inlinable
  static var resolved: Self {
    if _isEnumType(Value.self) { return Self(.cases(_EnumTag())) }
    // `Optional` has no tag reader here: each read goes to `_NavigationIdentity.reading`.
    if Value.self is any _OptionalChild.Type { return Self(.cases(nil)) }
    if let ids = Value.self as? any Identifiable.Type { return Self(.ids(ids)) }
    return Self(.plain(.passUnretained(.plain)))
  }

  /// Looks the type up at each read: for a direct `reduce(into:action:)`.
  @inlinable
  static var unresolved: Self { Self(.unresolved) }

  /// The identity of every value of a type whose values cannot differ in identity.
  @inlinable
  var plain: _NavigationIdentity {
    if case .plain(let plain) = kind { return plain.takeUnretainedValue() }
    return .plain
  }

  /// Whether values of the child type can differ in identity (see `_NavigationIdentity`).
  @inlinable
  var valuesCanChange: Bool {
    switch kind {
    case .plain: false
    case .cases, .ids: true
    case .unresolved: _NavigationIdentity.canChange(Value.self)
    }
  }

  /// The identity of `value`; the value is read only when its type can differ in identity.
  ///
  /// `previous` is the identity this operator last saw for the same place, if any, and it is
  /// returned as it is when `value` is still that child, with no `Mirror`, cast or allocation:
  /// - an enum in the same case, when that case had no `id`: the case's payload type is fixed,
  ///   so it has none now either (the path every action through a presented destination takes);
  /// - an `Identifiable` value that is not an enum, with the same `id`, compared as its own
  ///   type (``_ChildID``).
  /// The one shape this reads differently from a full read: a case whose payload is an
  /// existential (`case other(Any)`) that changes from a value that is not `Identifiable` to one
  /// that is, within that case, keeps the old identity.
  @inlinable
  func identity(
    of value: Value,
    after previous: _NavigationIdentity? = nil
  ) -> _NavigationIdentity {
    // The plain case inline, the rest out of line: written as one function, the optimizer kept
    // the whole read out of line, so every operator paid a call even for a plain child.
    if case .plain(let plain) = kind { return plain.takeUnretainedValue() }
    return changeableIdentity(of: value, after: previous)
  }

  /// ``identity(of:after:)`` for a type whose values can differ in identity (or not looked up).
  @inlinable @inline(never)
  func changeableIdentity(
    of value: Value,
    after previous: _NavigationIdentity?
  ) -> _NavigationIdentity {
    switch kind {
    case .plain(let plain):
      return plain.takeUnretainedValue()
    case .cases(let tags):
      if let previous, let tags, let tag = previous.tag, previous.id == nil,
        tags.tag(of: value) == tag
      {
        return previous
      }
      return .reading(value, tags: tags, ids: nil)
    case .ids(let ids):
      if let previous, let id = previous.id,
        withUnsafePointer(to: value, { id.isID(ofValueAt: $0, ofType: Value.self) })
      {
        return previous
      }
      return .reading(value, tags: nil, ids: ids)
    case .unresolved:
      return Self.resolved.identity(of: value, after: previous)
    }
  }
}

/// A child's `id`, kept as its own type, so that the next action compares the child's `id`
/// with it directly: no dynamic cast and no `AnyHashable` box on each read.
///
/// Only ``_TypedChildID`` is ever made; this base class gives the calls a type that does not
/// name the child's.
@usableFromInline
class _ChildID: @unchecked Sendable {
  // @unchecked Sendable is safe: this class has no state, and its one subclass only a `let id`,
  // written once in `init` and afterwards only read, hashed and compared, never mutated (a
  // child's `id` is a value: its `Hashable` conformance reads it). The id is copied out of the
  // presented state, which crosses threads only when it is itself `Sendable`; the cancellation
  // IDs that hold an identity are hashed by a store's effect registry, on the main actor. The
  // same reasoning covered these ids when they were held in `_SendableAnyHashable`.

  @usableFromInline init() {}

  /// Whether the value at `pointer`, of type `type`, has this `id`.
  @usableFromInline
  func isID(ofValueAt pointer: UnsafeRawPointer, ofType type: Any.Type) -> Bool { false }

  @usableFromInline func isEqual(to other: _ChildID) -> Bool { self === other }

  @usableFromInline func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }

  /// The `id` of `value` when it is `Identifiable`, else `nil` (a dynamic cast: the slow path).
  @usableFromInline
  static func of(_ value: Any) -> _ChildID? {
    func open<Child: Identifiable>(_ child: Child) -> _ChildID { _TypedChildID<Child>(child.id) }
    guard let identifiable = value as? any Identifiable else { return nil }
    return open(identifiable)
  }

  /// The `id` of the value of `type` at `pointer`, with the conformance already at hand.
  @usableFromInline
  static func of(_ type: any Identifiable.Type, at pointer: UnsafeRawPointer) -> _ChildID {
    func open<Child: Identifiable>(_: Child.Type) -> _ChildID {
      // Safe: callers pass the address of a value of `type` (a reader, of its own child type).
      _TypedChildID<Child>(pointer.assumingMemoryBound(to: Child.self).pointee.id)
    }
    return open(type)
  }
}

/// The `id` of a child of type `Child`.
@usableFromInline
final class _TypedChildID<Child: Identifiable>: _ChildID, @unchecked Sendable {
  // @unchecked Sendable is safe: `id` is a `let`, set in `init` and never mutated, only read,
  // hashed and compared (the full reasoning is on `_ChildID`).
  @usableFromInline let id: Child.ID

  @usableFromInline init(_ id: Child.ID) {
    self.id = id
  }

  @usableFromInline
  override func isID(ofValueAt pointer: UnsafeRawPointer, ofType type: Any.Type) -> Bool {
    // Safe: the memory is read as a `Child` only when the caller says it holds one.
    ObjectIdentifier(type) == ObjectIdentifier(Child.self)
      && pointer.assumingMemoryBound(to: Child.self).pointee.id == id
  }

  @usableFromInline
  override func isEqual(to other: _ChildID) -> Bool {
    (other as? _TypedChildID<Child>)?.id == id
  }

  @usableFromInline
  override func hash(into hasher: inout Hasher) {
    hasher.combine(id)
  }
}

/// Whether `type` is an enum (not `Optional`), read from its runtime metadata kind.
///
/// The first word of a type's metadata is its kind; `0x201` is an enum. This value is part of
/// Swift's stable ABI on every platform the package supports.
@usableFromInline
func _isEnumType(_ type: Any.Type) -> Bool {
  let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
  return metadata.load(as: Int.self) == 0x201
}
