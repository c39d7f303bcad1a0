/// The clock effects sleep on: live `ContinuousClock`, a `TestClock` or `ImmediateClock` in tests.
///
/// ```swift
/// @Dependency(\.continuousClock) var clock
/// return .run { send in
///   try await clock.sleep(for: .seconds(1))
///   await send(.timerTick)
/// }
/// ```
private enum ContinuousClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = ContinuousClock()
  static var testValue: any Clock<Duration> {
    UnimplementedClock(name: "@Dependency(\\.continuousClock)")
  }
}

extension DependencyValues {
  /// The clock to sleep on (live: `ContinuousClock()`; in tests an `UnimplementedClock` that
  /// reports any sleep until a test sets a `TestClock` or `ImmediateClock`).
  public var continuousClock: any Clock<Duration> {
    get { self[ContinuousClockKey.self] }
    set { self[ContinuousClockKey.self] = newValue }
  }
}
