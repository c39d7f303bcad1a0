import Dispatch

/// Timing of one case: nanoseconds per operation for each sample.
package struct Measurement: Codable, Sendable {
  package let name: String
  package let pair: String
  package let style: Benchmark.Style
  package let iterationsPerSample: Int
  package let samples: [Double]
  /// What the harness found wrong with the timing itself (empty when it can be trusted).
  package var flags: [Flag]

  /// Something that makes a measurement less trustworthy than its digits suggest.
  package enum Flag: String, Codable, Sendable {
    /// Even the smallest batch took longer than the sample ceiling: each sample times only a
    /// few operations, so one slow operation (or one interruption) moves the result.
    case slow
    /// The middle half of the samples spreads wider than `MeasureOptions.noisySpread` of the
    /// median: the machine was busy, or the case varies from run to run.
    case noisy
  }

  package init(
    name: String,
    pair: String,
    style: Benchmark.Style,
    iterationsPerSample: Int,
    samples: [Double],
    flags: [Flag]
  ) {
    self.name = name
    self.pair = pair
    self.style = style
    self.iterationsPerSample = iterationsPerSample
    self.samples = samples
    self.flags = flags
  }

  /// The `q` quantile (0…1) of the samples, nearest rank.
  package func percentile(_ q: Double) -> Double {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return 0 }
    let rank = Int((q * Double(sorted.count - 1)).rounded())
    return sorted[max(0, min(sorted.count - 1, rank))]
  }

  package var p50: Double { percentile(0.5) }
  package var opsPerSecond: Double { p50 > 0 ? 1e9 / p50 : 0 }

  /// The interquartile range relative to the median, (p75 − p25) / p50.
  ///
  /// How far apart the middle half of the samples lies; a change smaller than this is within
  /// the noise.
  package var spread: Double {
    p50 > 0 ? (percentile(0.75) - percentile(0.25)) / p50 : 0
  }
}

/// How long to measure.
package struct MeasureOptions: Sendable {
  package var samples = 40
  package var warmUpNanoseconds: UInt64 = 100_000_000
  /// A sample runs at least this long (timer resolution and the loop's own cost vanish).
  package var minimumSampleNanoseconds: UInt64 = 1_000_000
  /// A sample should run at most this long; a case that cannot is flagged `slow`.
  package var maximumSampleNanoseconds: UInt64 = 10_000_000
  /// Every sample times at least this many operations.
  package var minimumBatch = 8
  /// A spread above this (interquartile range over median) flags the case `noisy`.
  package var noisySpread = 0.10

  package init() {}

  package static let quick: MeasureOptions = {
    var options = MeasureOptions()
    options.samples = 20
    options.warmUpNanoseconds = 20_000_000
    return options
  }()
}

/// Nanoseconds from a monotonic clock.
///
/// Tests pass a clock they advance themselves.
package typealias Nanoseconds = @MainActor () -> UInt64

/// The real clock: `DispatchTime`, monotonic, in nanoseconds.
@MainActor
package let systemClock: Nanoseconds = { DispatchTime.now().uptimeNanoseconds }

/// Times `iterations` operations; the epilogue runs after the clock has been read.
@MainActor
func time(_ runner: Benchmark.Runner, _ iterations: Int, clock: Nanoseconds) async -> UInt64 {
  let start: UInt64
  let end: UInt64
  switch runner {
  case .sync(let run, let epilogue):
    start = clock()
    run(iterations)
    end = clock()
    epilogue?()
  case .async(let run, let epilogue):
    start = clock()
    await run(iterations)
    end = clock()
    epilogue?()
  }
  return end &- start
}

/// Warms up, sizes a batch so one sample takes between the minimum and the ceiling (and times
/// at least `minimumBatch` operations), then takes the samples and flags what it cannot trust.
@MainActor
package func measure(
  _ benchmark: Benchmark,
  options: MeasureOptions,
  clock: Nanoseconds = systemClock
) async -> Measurement {
  await measureInterleaved([benchmark], options: options, clock: clock)[0]
}

/// Measures the cases of one pair together: each is warmed up and sized on its own, then the
/// samples are taken in turns (a sample of the first case, one of the second, …), so that a
/// machine that speeds up or slows down during the run moves every side of the comparison
/// alike, and the ratio between them stays put.
///
/// - Returns: One measurement per case, in the order given.
@MainActor
package func measureInterleaved(
  _ benchmarks: [Benchmark],
  options: MeasureOptions,
  clock: Nanoseconds = systemClock
) async -> [Measurement] {
  var runners: [Benchmark.Runner] = []
  var batches: [Int] = []
  for benchmark in benchmarks {
    let runner = benchmark.make()
    runners.append(runner)
    batches.append(await sizeBatch(runner, options: options, clock: clock))
  }
  var samples = Array(repeating: [Double](), count: benchmarks.count)
  var durations = Array(repeating: [UInt64](), count: benchmarks.count)
  for _ in 0..<options.samples {
    for index in benchmarks.indices {
      let elapsed = await time(runners[index], batches[index], clock: clock)
      samples[index].append(Double(elapsed) / Double(batches[index]))
      durations[index].append(elapsed)
    }
  }
  return benchmarks.indices.map { index in
    let benchmark = benchmarks[index]
    var result = Measurement(
      name: benchmark.name,
      pair: benchmark.pair,
      style: benchmark.style,
      iterationsPerSample: batches[index],
      samples: samples[index],
      flags: []
    )
    let medianDuration = durations[index].sorted()[durations[index].count / 2]
    if medianDuration > options.maximumSampleNanoseconds { result.flags.append(.slow) }
    if result.spread > options.noisySpread { result.flags.append(.noisy) }
    return result
  }
}

/// Warms `runner` up, then returns the batch (operations per sample) for it.
@MainActor
func sizeBatch(
  _ runner: Benchmark.Runner,
  options: MeasureOptions,
  clock: Nanoseconds
) async -> Int {
  // Warm-up: run until the warm-up time has passed (caches, lazy initialisation, branch
  // predictors), growing the batch as we go.
  var iterations = options.minimumBatch
  var spent: UInt64 = 0
  while spent < options.warmUpNanoseconds {
    let elapsed = await time(runner, iterations, clock: clock)
    spent += max(elapsed, 1)
    if elapsed < options.minimumSampleNanoseconds { iterations = min(iterations * 2, 1 << 30) }
  }
  // Batch size: grow from the minimum batch until a sample lasts at least the minimum time.
  iterations = options.minimumBatch
  while true {
    let elapsed = await time(runner, iterations, clock: clock)
    if elapsed >= options.minimumSampleNanoseconds || iterations >= 1 << 30 { break }
    let scale = max(2, Int(Double(options.minimumSampleNanoseconds) / Double(max(elapsed, 1))))
    iterations = min(iterations * min(scale, 16), 1 << 30)
  }
  return iterations
}
