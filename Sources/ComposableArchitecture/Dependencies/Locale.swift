import Foundation

private enum LocaleKey: DependencyKey {
  static let liveValue = Locale.autoupdatingCurrent
}

extension DependencyValues {
  /// The locale to format with (live: the user's current locale; a test sets one).
  ///
  /// ```swift
  /// @Dependency(\.locale) var locale
  /// let text = count.formatted(.number.locale(locale))
  /// ```
  public var locale: Locale {
    get { self[LocaleKey.self] }
    set { self[LocaleKey.self] = newValue }
  }
}
