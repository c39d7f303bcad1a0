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
  @usableFromInline let id: _SendableAnyHashable?
  /// Whether `id` is set, as a flag: testing the optional itself copies the existential inside
  /// it (through its value witnesses, about 600 instructions per test).
  @usableFromInline let hasID: Bool
  /// Whether the child is an alert or a dialog, or an enum case holding one.
  ///
  /// Such a child goes away after any of its actions. Not part of the identity (it follows
  /// from the case).
  @usableFromInline let isEphemeral: Bool

  /// The identity of every value of a type whose values cannot differ in identity.
  @usableFromInline static let plain = _NavigationIdentity(
    tag: nil,
    caseName: nil,
    id: nil,
    isEphemeral: false
  )

  init(tag: UInt32?, caseName: String?, id: _SendableAnyHashable?, isEphemeral: Bool) {
    self.tag = tag
    self.caseName = caseName
    self.id = id
    self.hasID = id != nil
    self.isEphemeral = isEphemeral
  }

  /// Equal when both name the same case and `id` (one instance is equal to itself at once).
  @inlinable
  static func == (lhs: _NavigationIdentity, rhs: _NavigationIdentity) -> Bool {
    lhs === rhs || lhs.isEqual(to: rhs)
  }

  @usableFromInline
  func isEqual(to other: _NavigationIdentity) -> Bool {
    tag == other.tag && caseName == other.caseName && id == other.id
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(tag)
    hasher.combine(caseName)
    hasher.combine(id)
  }

  /// Reads the case and `id` of a value whose type can differ in identity.
  ///
  /// The slow path, taken when a child is first seen, when its case changes, and on each read
  /// of an `Identifiable` value or of an enum case whose payload is `Identifiable` (see
  /// ``_IdentityReader/identity(of:after:)``). An enum's payload is read with `Mirror`.
  @usableFromInline
  static func reading<Value>(_ value: Value, tags: _EnumTag<Value>?) -> _NavigationIdentity {
    guard _isEnumType(Value.self) else {
      return _NavigationIdentity(
        tag: nil,
        caseName: nil,
        id: _identifiableID(value),
        isEphemeral: value is any _EphemeralState
      )
    }
    let payload = Mirror(reflecting: value).children.first
    return _NavigationIdentity(
      tag: tags?.tag(of: value),
      caseName: tags == nil ? payload?.label ?? String(describing: value) : nil,
      id: payload.flatMap { _identifiableID($0.value) },
      isEphemeral: payload?.value is any _EphemeralState
    )
  }

  /// Whether values of `type` can differ in identity at all: enums and `Identifiable` types.
  @inlinable
  static func canChange<Value>(_ type: Value.Type) -> Bool {
    _isEnumType(type) || type is any Identifiable.Type
  }
}

/// Reads the identities of one operator's children.
///
/// Whether a child type's values can differ in identity is a run-time conformance check (a few
/// hundred instructions), so a store's built operator looks it up once, when it is built; a
/// direct `reduce(into:action:)`, which builds nothing ahead of time, looks it up at each read.
@usableFromInline
struct _IdentityReader<Value> {
  @usableFromInline let canChange: Bool?
  /// ``_NavigationIdentity/plain``, kept here: a `static let` is reached through a call that
  /// checks it was initialized, on every read (about 50 instructions per action through `ifLet`).
  ///
  /// Unretained, so that copying a reader (into a built operator, into each call) retains
  /// nothing. Safe: `plain` is a `static let`, created once and never released, so the reference
  /// is valid for the life of the process; each read takes a retained copy of it.
  @usableFromInline let _plain: Unmanaged<_NavigationIdentity>
  /// Reads an enum child's case; `nil` for any other child (made once for a resolved reader,
  /// at each read for an unresolved one, where it costs a few loads).
  @usableFromInline let tags: _EnumTag<Value>?

  @inlinable
  init(canChange: Bool?) {
    self.canChange = canChange
    self._plain = .passUnretained(.plain)
    self.tags = canChange == true ? _EnumTag() : nil
  }

  /// The identity of every value of a type whose values cannot differ in identity.
  @inlinable
  var plain: _NavigationIdentity { _plain.takeUnretainedValue() }

  /// Looks the type up now: for an operator a store builds once.
  @inlinable
  static var resolved: Self { Self(canChange: _NavigationIdentity.canChange(Value.self)) }

  /// Looks the type up at each read: for a direct `reduce(into:action:)`.
  @inlinable
  static var unresolved: Self { Self(canChange: nil) }

  /// Whether values of the child type can differ in identity (see `_NavigationIdentity`).
  @inlinable
  var valuesCanChange: Bool { canChange ?? _NavigationIdentity.canChange(Value.self) }

  /// The identity of `value`; the value is read only when its type can differ in identity.
  ///
  /// `previous` is the identity this operator last saw for the same place, if any. When it is
  /// an enum case without an `id` and `value` is the same case, it is returned as it is: the
  /// case's payload type is fixed, so it has no `id` either, and no `Mirror`, cast or
  /// allocation is needed (the path every action through a presented destination takes).
  /// The one shape this reads differently from a full read: a case whose payload is an
  /// existential (`case other(Any)`) that changes from a value that is not `Identifiable` to one
  /// that is, within that case, keeps the old identity.
  @inlinable
  func identity(
    of value: Value,
    after previous: _NavigationIdentity? = nil
  ) -> _NavigationIdentity {
    guard valuesCanChange else { return plain }
    let tags = self.tags ?? _EnumTag()
    if let previous, let tags, let tag = previous.tag, !previous.hasID,
      tags.tag(of: value) == tag
    {
      return previous
    }
    return .reading(value, tags: tags)
  }
}

/// The `id` of an `Identifiable` value, type-erased; `nil` for any other value.
func _identifiableID(_ value: Any) -> _SendableAnyHashable? {
  func open<T: Identifiable>(_ value: T) -> AnyHashable { AnyHashable(value.id) }
  guard let identifiable = value as? any Identifiable else { return nil }
  return _SendableAnyHashable(open(identifiable))
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
