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
/// The one real-time wait of the test tools: the `TestStore`'s `receive` and `finish`, and the
/// vanilla exhaustive harness's `receive`.
@MainActor
package func waitUntil(timeout: Duration, _ condition: () -> Bool) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: timeout)
  var attempts = 0
  while !condition() {
    if clock.now >= deadline { return false }
    attempts += 1
    if attempts % 64 == 0 {
      try? await Task.sleep(for: .milliseconds(1))
    } else {
      await Task.yield()
    }
  }
  return true
}
