// Clocks (TestClock, ImmediateClock, reportIssue, …) is part of this library's surface: a
// feature that depends on `\.continuousClock` is tested with a `TestClock`.
@_exported import Clocks
// The value dump and diff behind every failure message, shared with test tools that do not
// depend on this library.
@_exported import ValueDump
