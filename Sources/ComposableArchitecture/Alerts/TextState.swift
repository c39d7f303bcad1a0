/// Text as state: a title, a message or a button's label, kept in a feature's state so that a
/// test can compare it.
///
/// ```swift
/// TextState("Delete \(count) primes?")
/// TextState("Delete") + TextState(" all")
/// ```
///
/// It holds plain text; styling (bold, colours) belongs to the view that shows it.
public struct TextState: Equatable, Hashable, Sendable {
  /// The text.
  public var string: String

  /// Text showing `string`.
  ///
  /// - Parameter string: The text.
  public init(_ string: String) {
    self.string = string
  }

  /// Text showing `string` as it is.
  ///
  /// - Parameter string: The text.
  public init(verbatim string: String) {
    self.string = string
  }

  /// The two texts, one after the other.
  public static func + (lhs: Self, rhs: Self) -> Self {
    Self(lhs.string + rhs.string)
  }
}

extension TextState: ExpressibleByStringInterpolation {
  /// Text from a literal: `let title: TextState = "Delete?"`.
  public init(stringLiteral value: String) {
    self.init(value)
  }
}

extension TextState: CustomStringConvertible {
  /// The text.
  public var description: String { string }
}

extension TextState: _CustomDumpRepresentable {
  /// Dumps as the string it shows.
  public var _dumpValue: Any { string }
}

extension String {
  /// The text a ``TextState`` shows.
  ///
  /// - Parameter state: The text state.
  public init(state: TextState) {
    self = state.string
  }
}
