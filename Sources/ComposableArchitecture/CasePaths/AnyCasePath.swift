/// A pair of functions that embed a value into an enum case and extract it back out.
///
/// Key paths name a struct's stored property; a case path does the same for an enum's case.
/// Declare them in a ``CasePathable`` conformance and refer to them as key paths (`\.counter`).
///
/// ```swift
/// let path = AnyCasePath<Result<Int, Error>, Int>(
///   embed: { .success($0) },
///   extract: { if case .success(let value) = $0 { value } else { nil } }
/// )
/// path.embed(42)                        // .success(42)
/// path.extract(from: .failure(error))   // nil
/// ```
///
/// When the payload is itself ``CasePathable``, a case path extends into it with member syntax,
/// so `\.counter.incrementButtonTapped` names a case two levels deep.
@dynamicMemberLookup
public struct AnyCasePath<Root, Value>: Sendable {
  @usableFromInline let _embed: @Sendable (Value) -> Root
  @usableFromInline let _extract: @Sendable (Root) -> Value?

  /// Creates a case path from its two functions.
  ///
  /// - Parameters:
  ///   - embed: Wraps a payload in the case.
  ///   - extract: Returns the payload when the root is the case, else `nil`.
  public init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self._embed = embed
    self._extract = extract
  }

  /// Wraps `value` in the case.
  ///
  /// - Parameter value: The payload.
  /// - Returns: The enum value.
  @inlinable
  public func embed(_ value: Value) -> Root { _embed(value) }

  /// Returns the payload when `root` is the case, else `nil`.
  ///
  /// - Parameter root: An enum value.
  /// - Returns: The payload, or `nil` for any other case.
  @inlinable
  public func extract(from root: Root) -> Value? { _extract(root) }

  /// Extends this case path into a case of the payload.
  ///
  /// - Parameter keyPath: A case of the payload, such as `\.incrementButtonTapped`.
  /// - Returns: A case path from this root straight to that case's payload.
  public subscript<Child>(
    dynamicMember keyPath: KeyPath<Value.AllCasePaths, AnyCasePath<Value, Child>>
  ) -> AnyCasePath<Root, Child> where Value: CasePathable {
    appending(Value.allCasePaths[keyPath: keyPath])
  }

  /// Composes this case path with one into the payload.
  ///
  /// - Parameter child: A case path from this path's payload.
  /// - Returns: A case path from this root to the child's payload.
  public func appending<Child>(_ child: AnyCasePath<Value, Child>) -> AnyCasePath<Root, Child> {
    AnyCasePath<Root, Child>(
      embed: { self.embed(child.embed($0)) },
      extract: { self.extract(from: $0).flatMap(child.extract(from:)) }
    )
  }
}

extension AnyCasePath where Root == Value {
  /// The identity case path: embeds and extracts the value itself.
  public static var identity: AnyCasePath {
    AnyCasePath(embed: { $0 }, extract: { $0 })
  }
}

extension Optional: CasePathable {
  /// The case paths of `Optional`: `some` (a key path `\.some`) and `none`.
  public struct AllCasePaths: Sendable {
    /// The `some` case.
    public var some: AnyCasePath<Wrapped?, Wrapped> {
      AnyCasePath(embed: { .some($0) }, extract: { $0 })
    }
    /// The `none` case.
    public var none: AnyCasePath<Wrapped?, Void> {
      AnyCasePath(embed: { .none }, extract: { $0 == nil ? () : nil })
    }
  }

  /// The case paths of `Optional`.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}
