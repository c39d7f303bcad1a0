/// How much a ``TestStore`` insists on.
///
/// ```swift
/// store.exhaustivity = .off(showSkippedAssertions: true)
/// await store.send(.loadButtonTapped)
/// await store.receive(\.loadResponse) { $0.isLoading = false }  // only what this test cares about
/// ```
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, received action and running effect must be asserted (the default).
  case on
  /// Only what the test asserts is checked; with `showSkippedAssertions`, everything skipped is
  /// reported as information (never a failure).
  case off(showSkippedAssertions: Bool)

  /// Non-exhaustive, without reporting what was skipped.
  public static let off = Self.off(showSkippedAssertions: false)
}
