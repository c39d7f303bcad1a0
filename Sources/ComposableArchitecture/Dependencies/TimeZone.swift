import Foundation

private enum TimeZoneKey: DependencyKey {
  static let liveValue = TimeZone.autoupdatingCurrent
}

extension DependencyValues {
  /// The time zone to show dates in (live: the user's current one; a test sets one).
  ///
  /// ```swift
  /// @Dependency(\.timeZone) var timeZone
  /// ```
  public var timeZone: TimeZone {
    get { self[TimeZoneKey.self] }
    set { self[TimeZoneKey.self] = newValue }
  }
}
