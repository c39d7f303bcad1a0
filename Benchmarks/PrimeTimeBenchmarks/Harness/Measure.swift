import Dispatch

/// Timing of one case: nanoseconds per operation for each sample.
struct Measurement: Codable {
  let name: String
  let pair: String
  let style: Benchmark.Style
  let iterationsPerSample: Int
  let samples: [Double]

  /// The `q` quantile (0…1) of the samples, nearest rank.
  func percentile(_ q: Double) -> Double {
    let sorted = samples.sorted()
    let rank = Int((q * Double(sorted.count - 1)).rounded())
    return sorted[max(0, min(sorted.count - 1, rank))]
  }

  var p50: Double { percentile(0.5) }
  var opsPerSecond: Double { p50 > 0 ? 1e9 / p50 : 0 }
}

/// How long to measure.
struct MeasureOptions {
  var samples = 40
  var warmUpNanoseconds: UInt64 = 100_000_000
  var minimumSampleNanoseconds: UInt64 = 1_000_000
  var maximumSampleNanoseconds: UInt64 = 10_000_000

  static let quick = MeasureOptions(
    samples: 20,
    warmUpNanoseconds: 20_000_000,
    minimumSampleNanoseconds: 1_000_000,
    maximumSampleNanoseconds: 10_000_000
  )
}

@MainActor
func time(_ runner: Benchmark.Runner, _ iterations: Int) async -> UInt64 {
  let start = DispatchTime.now().uptimeNanoseconds
  switch runner {
  case .sync(let run): run(iterations)
  case .async(let run): await run(iterations)
  }
  return DispatchTime.now().uptimeNanoseconds - start
}

/// Warms up, sizes a batch so one sample takes 1–10 ms, then takes the samples.
@MainActor
func measure(_ benchmark: Benchmark, options: MeasureOptions) async -> Measurement {
  let runner = benchmark.make()
  // Warm-up: run until the warm-up time has passed (caches, lazy initialisation, branch
  // predictors), growing the batch as we go.
  var iterations = 1
  var spent: UInt64 = 0
  while spent < options.warmUpNanoseconds {
    let elapsed = await time(runner, iterations)
    spent += elapsed
    if elapsed < options.minimumSampleNanoseconds { iterations *= 2 }
  }
  // Batch size: the largest power of two whose sample stays under the minimum, doubled once
  // more, so that each sample lands between the minimum and the maximum.
  iterations = 1
  while true {
    let elapsed = await time(runner, iterations)
    if elapsed >= options.minimumSampleNanoseconds || iterations >= 1 << 30 { break }
    let scale = max(2, Int(Double(options.minimumSampleNanoseconds) / Double(max(elapsed, 1))))
    iterations = min(iterations * min(scale, 16), 1 << 30)
  }
  var samples: [Double] = []
  samples.reserveCapacity(options.samples)
  for _ in 0..<options.samples {
    let elapsed = await time(runner, iterations)
    samples.append(Double(elapsed) / Double(iterations))
  }
  return Measurement(
    name: benchmark.name,
    pair: benchmark.pair,
    style: benchmark.style,
    iterationsPerSample: iterations,
    samples: samples
  )
}
