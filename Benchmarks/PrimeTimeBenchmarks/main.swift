import Foundation

// Placeholder until the benchmarks issue: the real harness replaces this file.
#if DEBUG
  print(
    "prime-time-benchmarks: refusing to run a debug build; use `swift run -c release prime-time-benchmarks`."
  )
  exit(1)
#else
  print("prime-time-benchmarks: no benchmarks yet (the benchmarks issue adds them).")
#endif
