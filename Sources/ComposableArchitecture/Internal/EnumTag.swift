/// Reads which case an enum value is, as the Swift runtime numbers the cases, without `Mirror`.
///
/// `ifLet` asks which case a presented destination enum is on every action that reaches it
/// (a different case is a different child, whose effects end). `Mirror` answers with a label
/// string, a boxed copy of the payload and several allocations, which would dwarf the rest of
/// an action through a presented destination. The runtime already knows the case: every
/// enum's value witness table has a `getEnumTag` function, which the compiler's own generic
/// code calls.
///
/// Why reading it is sound:
/// - `init` accepts only metadata whose kind is `Enum` (`_isEnumType`: Swift's documented
///   metadata kind 0x201; `Optional`, kind 0x202, is excluded) *and* whose value witness table
///   sets the `HasEnumWitnesses` flag (bit 21 of `flags`): only then does the table carry the
///   enum witnesses after its eleven required words. Anything else gets `nil`, and callers
///   fall back to `Mirror`.
/// - The table is the one the runtime itself reads: the word before the metadata address, by
///   Swift's stable ABI (docs/ABI/TypeMetadata.rst, include/swift/ABI/ValueWitness.def), the
///   same on every platform Swift's runtime supports; `getEnumTag` is the twelfth word,
///   `(const OpaqueValue *value, const Metadata *self) -> unsigned`, a function of two pointers
///   returning a 32-bit integer, for which Swift's calling convention and C's agree (no
///   context, error or indirect-result register is involved).
/// - The value is only read: it is passed by address for the duration of the call, and the
///   witness does not keep the address.
/// `EnumTagTests` checks the answer against `Mirror`'s for enums of every layout the compiler
/// uses (no payload, one payload, several payloads in spare bits or with an extra tag byte,
/// generic, `indirect`, class and string payloads), so a wrong word or signature fails there
/// first.
@usableFromInline
struct _EnumTag<Value> {
  @usableFromInline typealias GetEnumTag =
    @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32

  @usableFromInline let metadata: UnsafeRawPointer
  @usableFromInline let getEnumTag: GetEnumTag

  /// The reader for `Value`, or `nil` when it is not an enum with enum witnesses.
  @usableFromInline
  init?() {
    guard _isEnumType(Value.self) else { return nil }
    let word = MemoryLayout<UnsafeRawPointer>.size
    let metadata = unsafeBitCast(Value.self as Any.Type, to: UnsafeRawPointer.self)
    let witnesses = metadata.load(fromByteOffset: -word, as: UnsafeRawPointer.self)
    // `flags` is the 32-bit field after `initializeBufferWithCopyOfBuffer`, `destroy`, four
    // copy and take witnesses, two single-payload tag witnesses, `size` and `stride`.
    let flags = witnesses.load(fromByteOffset: 10 * word, as: UInt32.self)
    let hasEnumWitnesses: UInt32 = 0x0020_0000
    guard flags & hasEnumWitnesses != 0 else { return nil }
    self.metadata = metadata
    self.getEnumTag = unsafeBitCast(
      witnesses.load(fromByteOffset: 11 * word, as: UnsafeRawPointer.self),
      to: GetEnumTag.self
    )
  }

  /// The case `value` is: payload cases first, in declaration order, then the cases without a
  /// payload, in declaration order.
  @inlinable
  func tag(of value: Value) -> UInt32 {
    withUnsafePointer(to: value) { getEnumTag(UnsafeRawPointer($0), metadata) }
  }
}
