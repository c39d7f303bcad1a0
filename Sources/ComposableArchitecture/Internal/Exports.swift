// Clocks (TestClock, ImmediateClock, reportIssue, …) is part of this library's surface: a
// feature that depends on `\.continuousClock` is tested with a `TestClock`.
@_exported import Clocks
