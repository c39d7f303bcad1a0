/// An instant on one of this module's manual clocks: a `Duration` since the clock's start.
///
/// ```swift
/// let clock = TestClock()
/// let later = clock.now.advanced(by: .seconds(1))
/// clock.now.duration(to: later)  // .seconds(1)
/// ```
public struct ManualInstant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
  /// The time since the clock started.
  public var offset: Duration

  /// Creates an instant at `offset` from the clock's start.
  ///
  /// - Parameter offset: The time since the clock started; `.zero` by default.
  public init(offset: Duration = .zero) {
    self.offset = offset
  }

  /// The instant `duration` later.
  public func advanced(by duration: Duration) -> ManualInstant {
    ManualInstant(offset: offset + duration)
  }

  /// The duration from this instant to `other`.
  public func duration(to other: ManualInstant) -> Duration {
    other.offset - offset
  }

  /// Orders instants by offset.
  public static func < (lhs: ManualInstant, rhs: ManualInstant) -> Bool {
    lhs.offset < rhs.offset
  }

  /// The offset, for example `2.0 seconds`.
  public var description: String { "\(offset)" }
}
