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
