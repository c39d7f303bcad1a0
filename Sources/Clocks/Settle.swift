/// Lets other ready work run before the caller continues.
///
/// Clocks call this after changing time so that tasks they woke can reach their next
/// suspension. Under ``withMainSerialExecutor(isolation:operation:)`` all work runs on one
/// serial queue in order, so a fixed number of yields is a deterministic point in the program.
package func settle(yields: Int = 32) async {
  for _ in 0..<yields {
    await Task.yield()
  }
}

/// Waits until `condition` holds or `timeout` of real time passes, letting other work run.
///
/// Yields first (under the main serial executor that lets every ready task run), then sleeps a
/// millisecond at a time so a long wait does not spin. Returns whether the condition held.
///
/// A pause between two checks longer than a tenth of `timeout` counts as a tenth: the waiting
/// task was not running then (another test held the main queue, which under the main serial
/// executor every task shares), and the work it waits for may not have run either. So the work
/// gets at least ten turns before the wait gives up, however busy the process; a wait that no
/// other work holds up ends after `timeout`, as before.
///
/// The one real-time wait of the test tools: the `TestStore`'s `receive`, `finish`, a cancelled
/// task's wait and `skipInFlightEffects`; the vanilla exhaustive harness's `receive`; and the
/// terminal script's wait for the apps to settle.
@MainActor
package func waitUntil(timeout: Duration, _ condition: () -> Bool) async -> Bool {
  await waitUntil(timeout: timeout, clock: ContinuousClock(), condition)
}

/// ``waitUntil(timeout:_:)`` on `clock` (a test's scripted clock, to pause it on purpose).
@MainActor
package func waitUntil<C: Clock<Duration>>(
  timeout: Duration,
  clock: C,
  _ condition: () -> Bool
) async -> Bool {
  let longestCountedPause = timeout / 10
  var waited = Duration.zero
  var lastCheck = clock.now
  var attempts = 0
  while !condition() {
    let now = clock.now
    waited += min(lastCheck.duration(to: now), longestCountedPause)
    lastCheck = now
    if waited >= timeout { return false }
    attempts += 1
    if attempts % 64 == 0 {
      try? await clock.sleep(for: .milliseconds(1))
    } else {
      await Task.yield()
    }
  }
  return true
}
