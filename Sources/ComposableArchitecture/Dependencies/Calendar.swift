import Foundation

private enum CalendarKey: DependencyKey {
  static let liveValue = Calendar.autoupdatingCurrent
}

extension DependencyValues {
  /// The calendar to compute dates with (live: the user's current calendar; a test sets one).
  ///
  /// ```swift
  /// @Dependency(\.calendar) var calendar
  /// let day = calendar.startOfDay(for: date.now)
  /// ```
  public var calendar: Calendar {
    get { self[CalendarKey.self] }
    set { self[CalendarKey.self] = newValue }
  }
}
