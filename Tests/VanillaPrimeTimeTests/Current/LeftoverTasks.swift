import Testing

/// Gives the main actor one more turn after a test's body returns, while the test still runs.
///
/// A vanilla model starts its work in `Task`s on the main actor, and a task nobody awaits has
/// not begun when a test that never suspends returns. Such a task is the model's business, so
/// the test cannot wait for it; but if it calls a failing test value, that call should fail
/// this test, every run, and not land after the test has ended (or never, if the process exits
/// first). The main actor runs its jobs in the order they were enqueued, so one job enqueued
/// after the body has returned runs after every task the body started; and the clients run on
/// their caller's actor, so a failing value called before the task's first suspension fails in
/// that turn.
///
/// What a leftover task does after its first suspension is still not waited for: that is the
/// limit of a test that cannot see the model's tasks.
struct StartsLeftoverTasks: SuiteTrait, TestTrait, TestScoping {
  var isRecursive: Bool { true }

  func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    try await function()
    await Self.letLeftoverTasksStart()
  }

  /// Returns once every task enqueued on the main actor before the call has had its first turn.
  static func letLeftoverTasksStart() async {
    await MainActor.run {}
  }
}

extension Trait where Self == StartsLeftoverTasks {
  /// Gives tasks the model started, and nobody awaited, their first turn before the test ends.
  static var startsLeftoverTasks: Self { Self() }
}
