import Clocks
import Testing

@Suite struct ImmediateClockTests {
  @Test func sleepReturnsAtOnceAndMovesTime() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(2))
    try await clock.sleep(for: .seconds(3))
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func cancelledSleepThrows() async {
    let clock = ImmediateClock()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.now.offset == .zero)
  }

  @Test func usableAsAnyClock() async throws {
    let clock: any Clock<Duration> = ImmediateClock()
    try await clock.sleep(for: .seconds(1))
  }
}

@Suite struct UnimplementedClockTests {
  @Test func sleepingReportsTheClockName() async {
    let clock = UnimplementedClock(name: "continuousClock")
    let issues = await IssueReporting.collect {
      try? await clock.sleep(for: .seconds(1))
    }
    #expect(issues.map(\.message) == ["Unimplemented: continuousClock.sleep was called"])
    #expect(issues.first?.severity == .error)
    #expect(issues.first?.location.fileID == #fileID)
    #expect(clock.now.offset == .seconds(1))
  }

  @Test func readingNowIsNotAnIssue() async {
    let issues = IssueReporting.collect {
      _ = UnimplementedClock().now
    }
    #expect(issues.isEmpty)
  }
}

@Suite struct IssueReportingTests {
  @Test func collectCapturesIssuesFromChildTasks() async {
    let issues = await IssueReporting.collect {
      await Task { reportIssue("from a child task", severity: .information) }.value
    }
    #expect(issues.map(\.message) == ["from a child task"])
    #expect(issues.first?.severity == .information)
  }
}
