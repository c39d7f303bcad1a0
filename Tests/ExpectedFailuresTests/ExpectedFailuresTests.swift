import Clocks
import ExpectedFailures
import Testing

/// `expectFailure` fails exactly where `withKnownIssue` would.
///
/// That is: when the expected failure does not happen, and for every failure it was not told to
/// expect. Each case runs inside an outer collector, which sees what `expectFailure` reports.
@Suite struct ExpectedFailuresTests {
  @Test func anExpectedFailureIsCapturedAndNothingIsReported() {
    let outer = IssueReporting.collect {
      expectFailure {
        reportIssue("The count is 2, not 1.")
      } matching: { issue in
        issue.message == "The count is 2, not 1."
      }
    }
    #expect(outer.isEmpty)
  }

  @Test func aFailureThatDoesNotHappenFailsAtTheCallersLine() {
    let line = #line + 2
    let outer = IssueReporting.collect {
      expectFailure("the count is wrong") {}
    }
    #expect(
      outer.map(\.message) == ["Expected a failure (the count is wrong), but none was reported."]
    )
    #expect(outer.map(\.location.line) == [line])
    #expect(outer.map(\.location.fileID) == [#fileID])
  }

  @Test func aFailureThatDoesNotMatchIsReportedWhereItHappened() {
    let reportedAt = #line + 3
    let outer = IssueReporting.collect {
      expectFailure {
        reportIssue("Something else broke.")
      } matching: { issue in
        issue.message.hasPrefix("The count")
      }
    }
    #expect(
      outer.map(\.message) == [
        "Something else broke.",
        "Expected a failure, but the 1 reported did not match (recorded above).",
      ]
    )
    #expect(outer.first?.location.line == reportedAt)
  }

  @Test func onlyTheUnmatchedFailuresAreReported() async {
    let outer = await IssueReporting.collect {
      await expectFailure {
        await Task.yield()
        reportIssue("The count is 2, not 1.")
        reportIssue("An effect is still running.")
      } matching: { issue in
        issue.message.hasPrefix("The count")
      }
    }
    #expect(outer.map(\.message) == ["An effect is still running."])
  }

  @Test func recordFailureGoesToTheListeningCollector() {
    let line = #line + 2
    let outer = IssueReporting.collect {
      recordFailure("Unimplemented: save was called")
    }
    #expect(outer.map(\.message) == ["Unimplemented: save was called"])
    #expect(outer.map(\.location.line) == [line])
    #expect(outer.map(\.severity) == [.error])
  }

  @Test func notesCanBeExpectedToo() {
    let outer = IssueReporting.collect {
      expectFailure {
        reportIssue("Skipped 2 received actions.", severity: .information)
      } matching: { issue in
        issue.severity == .information
      }
    }
    #expect(outer.isEmpty)
  }
}
