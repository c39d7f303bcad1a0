import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the whole process (every thread) has used so far: CPU time and context switches.
///
/// For cases that run Swift tasks, where valgrind cannot count instructions: a voluntary context
/// switch is a thread going to sleep because it has nothing to run (it waits to be woken), so
/// the switches per operation count how often a round trip hands work from one thread to
/// another, which wall-clock time alone shows only through the noise of thread wake-ups.
package struct ProcessUsage: Equatable, Sendable {
  /// CPU time of all threads, in nanoseconds (user and system).
  package var cpuNanoseconds: UInt64
  /// Times a thread gave up the CPU to wait.
  package var voluntarySwitches: Int
  /// Times a thread was taken off the CPU by the scheduler.
  package var involuntarySwitches: Int

  package init(cpuNanoseconds: UInt64, voluntarySwitches: Int, involuntarySwitches: Int) {
    self.cpuNanoseconds = cpuNanoseconds
    self.voluntarySwitches = voluntarySwitches
    self.involuntarySwitches = involuntarySwitches
  }

  /// The process's usage now.
  package static func now() -> ProcessUsage {
    var usage = rusage()
    #if canImport(Glibc)
      _ = getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
      _ = getrusage(RUSAGE_SELF, &usage)
    #endif
    func nanoseconds(_ time: timeval) -> UInt64 {
      UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_usec) * 1_000
    }
    return ProcessUsage(
      cpuNanoseconds: nanoseconds(usage.ru_utime) + nanoseconds(usage.ru_stime),
      voluntarySwitches: Int(usage.ru_nvcsw),
      involuntarySwitches: Int(usage.ru_nivcsw)
    )
  }

  /// Per-operation figures of the usage between `start` and `self`, for `operations` operations.
  package func perOperation(since start: ProcessUsage, operations: Int) -> String {
    let count = Double(max(operations, 1))
    let voluntary = Double(voluntarySwitches - start.voluntarySwitches) / count
    let involuntary = Double(involuntarySwitches - start.involuntarySwitches) / count
    let cpu = Double(cpuNanoseconds &- start.cpuNanoseconds) / count
    let switches = String(
      format: "%.2f voluntary context switches, %.2f involuntary",
      voluntary,
      involuntary
    )
    return "per operation: \(switches), \(formatNanoseconds(cpu)) of CPU"
  }
}
