import Clocks
import PrimeTimeCore
import PrimeTimeFixtures
import Testing

/// The handler behind `unwired(_:)` callbacks (the vanilla models' parent callbacks).
@Suite struct UnwiredCallbackTests {
  /// Threads installing the handler and reporting through it at once lose no report.
  ///
  /// The handler is read and written under a lock, so they race on nothing either (the sanitizer
  /// run checks this test). Each install puts back a handler that does what the suites' does, so
  /// no other test notices.
  @Test func installAndReportFromManyThreadsAtOnce() async {
    Fixtures.failOnUnwiredCallbacks()
    let issues = await IssueReporting.collect {
      await withTaskGroup(of: Void.self) { group in
        for index in 0..<200 {
          group.addTask {
            if index.isMultiple(of: 2) {
              UnwiredCallback.install { message in reportIssue(message) }
            } else {
              UnwiredCallback.report("Probe.callback", fileID: "Probe.swift", line: index)
            }
          }
        }
      }
    }
    #expect(issues.count == 100)
    #expect(issues.allSatisfy { $0.message.hasPrefix("Probe.callback was called") })
  }

  /// A callback made by `unwired(_:)` reports its name and where its default is written.
  @Test func anUnwiredCallbackNamesItselfAndItsDefault() async {
    Fixtures.failOnUnwiredCallbacks()
    let line = #line + 1
    let callback: @MainActor (Int) -> Void = unwired("Probe.onValue")
    let issues = await IssueReporting.collect { await callback(7) }
    #expect(
      issues.map(\.message) == [
        "Probe.onValue was called, but its parent never set it (PrimeTimeCoreTests/UnwiredCallbackTests.swift:\(line))"
      ]
    )
  }
}
