/// One benchmark case: a named piece of work in one style, measured per operation.
///
/// `make` does the setup (outside the timed region) and returns the runner, which performs
/// `iterations` operations. Cases with the same `pair` do the same user-visible work in
/// different styles and are printed side by side.
package struct Benchmark {
  package enum Style: String, Codable, CaseIterable, Sendable {
    case floor
    case vanilla
    case composable
    case information
  }

  /// The timed work, and what to do after the clock has stopped.
  package enum Runner {
    /// `run(iterations)` is timed; `epilogue` (consuming the result, checking it) is not.
    case sync(_ run: (_ iterations: Int) -> Void, epilogue: (() -> Void)? = nil)
    /// The same for asynchronous work.
    case async(_ run: (_ iterations: Int) async -> Void, epilogue: (() -> Void)? = nil)
  }

  /// A dotted name such as `Store.Send`.
  package let name: String
  /// The row group: cases doing the same work.
  package let pair: String
  /// Which side of the comparison.
  package let style: Style
  /// Builds the state and returns the runner.
  package let make: @MainActor () -> Runner

  package init(
    name: String,
    pair: String,
    style: Style,
    make: @escaping @MainActor () -> Runner
  ) {
    self.name = name
    self.pair = pair
    self.style = style
    self.make = make
  }
}

/// `benchmarks` cut into runs of consecutive cases of the same pair, in order.
package func groupedByPair(_ benchmarks: [Benchmark]) -> [[Benchmark]] {
  var groups: [[Benchmark]] = []
  for benchmark in benchmarks {
    if let last = groups.last?.last, last.pair == benchmark.pair {
      groups[groups.count - 1].append(benchmark)
    } else {
      groups.append([benchmark])
    }
  }
  return groups
}
