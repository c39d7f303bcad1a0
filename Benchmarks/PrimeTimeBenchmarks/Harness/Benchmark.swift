/// One benchmark case: a named piece of work in one style, measured per operation.
///
/// `make` does the setup (outside the timed region) and returns the runner, which performs
/// `iterations` operations. Cases with the same `pair` do the same user-visible work in
/// different styles and are printed side by side.
struct Benchmark {
  enum Style: String, Codable, CaseIterable {
    case floor
    case vanilla
    case composable
    case information
  }

  enum Runner {
    case sync((_ iterations: Int) -> Void)
    case async((_ iterations: Int) async -> Void)
  }

  /// A dotted name such as `Store.Send`.
  let name: String
  /// The row group: cases doing the same work.
  let pair: String
  /// Which side of the comparison.
  let style: Style
  /// Builds the state and returns the runner.
  let make: @MainActor () -> Runner
}

/// Every case, in report order.
@MainActor
let allBenchmarks: [Benchmark] =
  floorBenchmarks + counterBenchmarks + threeFieldBenchmarks + nestedBenchmarks
  + navigationLevelBenchmarks
  + stackBenchmarks + largeStateBenchmarks + effectBenchmarks + testStoreBenchmarks
