/// What makes a presented child "the same child" across a state change, as the Composable
/// Architecture decides it: its type, its enum case (for enum state), and its `id` (for
/// `Identifiable` state, or an enum case whose payload is `Identifiable`).
///
/// Two values of one non-`Identifiable` struct type are the same child whatever their fields,
/// so editing a presented counter never restarts it; replacing it with another case or another
/// `id` does, and the old child's effects are cancelled.
///
/// A class, so that "no identity to track" is a null pointer: the reducers check it on every
/// action, and an optional struct of optionals would cost that check real work.
@usableFromInline
final class _NavigationIdentity {
  let type: ObjectIdentifier
  let caseName: String?
  let id: AnyHashable?

  @usableFromInline
  init<Value>(of value: Value) {
    type = ObjectIdentifier(Value.self)
    if _isEnumType(Value.self) {
      // Mirror only for enum state, and only when a presented child survived a parent's
      // reducer: not on the path of ordinary actions.
      let mirror = Mirror(reflecting: value)
      if let payload = mirror.children.first {
        caseName = payload.label
        id = _identifiableID(payload.value)
      } else {
        caseName = String(describing: value)
        id = nil
      }
    } else {
      caseName = nil
      id = _identifiableID(value)
    }
  }
}

extension _NavigationIdentity {
  /// Whether values of `type` can differ in identity at all: enums and `Identifiable` types.
  ///
  /// For any other type the identity check is skipped entirely.
  @inlinable
  static func canChange<Value>(_ type: Value.Type) -> Bool {
    _isEnumType(type) || type is any Identifiable.Type
  }

  /// Whether both identify the same child.
  @usableFromInline
  func isSame(as other: _NavigationIdentity) -> Bool {
    type == other.type && caseName == other.caseName && id == other.id
  }

  /// The identity of `value` when its type can change identity, else `nil`.
  @inlinable
  static func tracked<Value>(_ value: Value?) -> _NavigationIdentity? {
    guard let value, canChange(Value.self) else { return nil }
    return _NavigationIdentity(of: value)
  }

  /// Whether `after` is a different child than the one `before` identified (`after` is read
  /// only when there is an identity to compare with).
  @inlinable
  static func changed<Value>(
    from before: _NavigationIdentity?,
    to after: @autoclosure () -> Value?
  ) -> Bool {
    guard let before, let after = after() else { return false }
    return !_NavigationIdentity(of: after).isSame(as: before)
  }
}

/// The `id` of an `Identifiable` value, type-erased; `nil` for any other value.
func _identifiableID(_ value: Any) -> AnyHashable? {
  func open<T: Identifiable>(_ value: T) -> AnyHashable { AnyHashable(value.id) }
  guard let identifiable = value as? any Identifiable else { return nil }
  return open(identifiable)
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
