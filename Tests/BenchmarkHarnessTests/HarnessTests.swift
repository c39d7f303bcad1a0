import Testing

@testable import BenchmarkHarness

/// A clock the test moves by hand: each case says how long its work and its epilogue "take".
@MainActor
final class FakeClock {
  var now: UInt64 = 0
  var reading: Nanoseconds { { self.now } }
}

/// A case whose operations cost `perOperation` ns and whose epilogue costs `epilogue` ns on
/// `clock`; `samplesCost` lets a test vary the cost from one call to the next.
@MainActor
func fakeCase(
  _ clock: FakeClock,
  name: String = "Fake.Case",
  perOperation: @escaping (_ call: Int) -> UInt64,
  epilogue: UInt64 = 0
) -> Benchmark {
  Benchmark(name: name, pair: "fake work", style: .composable) {
    var call = 0
    return .sync { iterations in
      call += 1
      clock.now += UInt64(iterations) * perOperation(call)
    } epilogue: {
      clock.now += epilogue
    }
  }
}

@MainActor
@Suite
struct HarnessTests {
  let options: MeasureOptions = {
    var options = MeasureOptions()
    options.samples = 20
    options.warmUpNanoseconds = 5_000_000
    return options
  }()

  @Test func anEpilogueIsNotTimedHoweverSlowItIs() async {
    let clock = FakeClock()
    // 10 ns of work per operation, then 5 ms of epilogue (a sum over a 10,000-element stack).
    let slowEpilogue = fakeCase(clock, perOperation: { _ in 10 }, epilogue: 5_000_000)
    let result = await measure(slowEpilogue, options: options, clock: clock.reading)
    #expect(result.p50 == 10)
    #expect(result.iterationsPerSample >= 100_000)  // 1 ms of 10 ns operations
    #expect(result.flags.isEmpty)
  }

  @Test func aCaseTooSlowForOneSampleIsFlaggedAndStillTimesTheMinimumBatch() async {
    let clock = FakeClock()
    let slow = fakeCase(clock, perOperation: { _ in 2_000_000 })  // 2 ms per operation
    let result = await measure(slow, options: options, clock: clock.reading)
    #expect(result.iterationsPerSample == options.minimumBatch)
    #expect(result.p50 == 2_000_000)
    #expect(result.flags == [.slow])
  }

  @Test func aCaseThatVariesIsFlaggedNoisy() async {
    let clock = FakeClock()
    // Every other sample takes twice as long: the middle half spans 100% of the median.
    let noisy = fakeCase(clock, perOperation: { call in call % 2 == 0 ? 10 : 20 })
    let result = await measure(noisy, options: options, clock: clock.reading)
    #expect(result.spread > options.noisySpread)
    #expect(result.flags == [.noisy])
  }

  @Test func casesAreGroupedByConsecutivePair() {
    let clock = FakeClock()
    let cases = [("A", "one"), ("B", "one"), ("C", "two"), ("D", "one")].map { name, pair in
      Benchmark(name: name, pair: pair, style: .vanilla) { .sync { _ in clock.now += 1 } }
    }
    #expect(groupedByPair(cases).map { $0.map(\.name) } == [["A", "B"], ["C"], ["D"]])
  }

  /// A machine that slows down during the run (each timed call costs a little more than the
  /// last, whichever case makes it): two cases of equal cost measured one after the other get
  /// different medians, while measured together, in turns, they get the same.
  @Test func aPairMeasuredInTurnsIsNotSkewedByAMachineThatDrifts() async {
    final class Drift {
      var calls: UInt64 = 0
    }
    func pair(_ clock: FakeClock, _ drift: Drift) -> [Benchmark] {
      ["Fake.Vanilla", "Fake.Store"].map { name in
        fakeCase(clock, name: name) { _ in
          drift.calls += 1
          return 1_000 + drift.calls
        }
      }
    }
    let oneAfterTheOther: [Measurement] = await {
      let clock = FakeClock()
      var results: [Measurement] = []
      for benchmark in pair(clock, Drift()) {
        results.append(await measure(benchmark, options: options, clock: clock.reading))
      }
      return results
    }()
    let clock = FakeClock()
    let inTurns = await measureInterleaved(
      pair(clock, Drift()),
      options: options,
      clock: clock.reading
    )
    #expect(oneAfterTheOther[1].p50 / oneAfterTheOther[0].p50 > 1.02)
    #expect(abs(inTurns[1].p50 / inTurns[0].p50 - 1) < 0.005)
    #expect(inTurns.map(\.name) == ["Fake.Vanilla", "Fake.Store"])
  }

  @Test func theDefaultTableFitsOneHundredColumnsWithItsLegend() {
    let report = Report(
      machine: .sample,
      quick: false,
      results: [
        .sample("Vanilla.Mutate", pair: "counter +1", .vanilla, 81),
        .sample("Store.Send", pair: "counter +1", .composable, 162),
        .sample("Floor.InoutMutate", pair: "counter +1", .floor, 1),
        .sample(
          "Vanilla.SaveRemoveFavorite.100000",
          pair: "save + remove favourite, a hundred thousand favourites in the list",
          .vanilla,
          937_870,
          flags: [.slow, .noisy]
        ),
        .sample(
          "Store.SaveRemoveFavorite.100000",
          pair: "save + remove favourite, a hundred thousand favourites in the list",
          .composable,
          50_370,
          flags: [.noisy]
        ),
        .sample("TestStore.Send", pair: "exhaustive test step", .information, 11_440),
      ]
    )
    let text = report.text(goals: [
      Goal(
        title: "Store.Send ≤ 2× Vanilla.Mutate",
        numerator: "Store.Send",
        denominator: "Vanilla.Mutate",
        limit: 2
      )
    ])
    let widest = text.split(separator: "\n").map(\.count).max() ?? 0
    #expect(widest <= 100, "\(text)")
    #expect(text.contains("counter +1"))
    #expect(text.contains("2.00×"))
    #expect(text.contains("save + remove favourite, a hu…"))  // shortened to fit
    #expect(text.contains("slow (v), noisy (v), noisy (c)"))
    #expect(text.contains("ratio: composable ÷"))
    #expect(text.contains("goal: Store.Send ≤ 2× Vanilla.Mutate — 2.00× (met)"))
    #expect(!text.contains("p90"))  // percentiles only with --full
    #expect(report.fullText.contains("p90"))
    #expect(report.markdown().contains("| p0 | p25 | p50 |"))
  }

  /// The real machine's header, labels that differ only at the end, and goals a design is
  /// known to miss: every line fits, every row keeps its own label, no miss reads as a failure.
  @Test func longHeadersSimilarLabelsAndExpectedMissesStayReadable() {
    let report = Report(
      machine: Machine(
        cpu: "AMD EPYC 7B13 64-Core Processor",
        cores: 2,
        toolchain: "Swift version 6.3.1 (swift-6.3.1-RELEASE)",
        date: "2026-11-24T20:43:20Z"
      ),
      quick: false,
      results: [
        .sample("ChildStore.Send.10Alive", pair: "child store +1", .composable, 78),
        .sample("ChildStore.Send.100Alive", pair: "child store +1", .composable, 80),
        .sample(
          "Vanilla.SaveRemoveFavorite.10",
          pair: "save + remove favourite in a list that is long, 10 favourites",
          .vanilla,
          958,
          flags: [.noisy]
        ),
        .sample(
          "Store.SaveRemoveFavorite.10",
          pair: "save + remove favourite in a list that is long, 10 favourites",
          .composable,
          1_120,
          flags: [.noisy]
        ),
        .sample(
          "Vanilla.SaveRemoveFavorite.100000",
          pair: "save + remove favourite in a list that is long, 100000 favourites",
          .vanilla,
          1_780_000,
          flags: [.slow, .noisy]
        ),
        .sample(
          "Store.SaveRemoveFavorite.100000",
          pair: "save + remove favourite in a list that is long, 100000 favourites",
          .composable,
          68_140,
          flags: [.noisy]
        ),
      ]
    )
    let text = report.text(goals: [
      Goal(
        title: "Store: 100,000 favourites ≤ 1.2× 10 favourites",
        numerator: "Store.SaveRemoveFavorite.100000",
        denominator: "Store.SaveRemoveFavorite.10",
        limit: 1.2,
        expectedMiss: "the modal copies the list on every action — see Docs/Benchmarks.md#goals"
      ),
      Goal(
        title: "Vanilla: 100,000 favourites ≤ 1.2× 10 favourites",
        numerator: "Vanilla.SaveRemoveFavorite.100000",
        denominator: "Vanilla.SaveRemoveFavorite.10",
        limit: 1.2
      ),
    ])
    let lines = text.split(separator: "\n")
    #expect(lines.allSatisfy { $0.count <= 100 }, "\(text)")
    #expect(text.contains("child store +1: 10Alive"))
    #expect(text.contains("child store +1: 100Alive"))
    let rows = lines.filter { $0.hasPrefix("save + remove") || $0.hasPrefix("child store") }
    let labels = rows.map { $0.components(separatedBy: "  ").first ?? "" }
    #expect(rows.count == 4)
    #expect(Set(labels).count == 4, "labels collide: \(labels)")
    #expect(labels.contains { $0.hasSuffix("…100000 favourites") })
    #expect(labels.contains { $0.hasSuffix("…10 favourites") })
    #expect(text.contains("(expected: the modal copies the list"))
    #expect(text.contains("(missed by "))
    #expect(!text.contains("MISSED"))
    #expect(
      report.markdown(goals: []).contains("| child store +1: 100Alive |")
    )
  }

  /// A goal over two cases that are not timed in turns names its twins in the other style.
  ///
  /// A speed change of the machine between the two cases (depth 10 and depth 1) shows in the
  /// twins, and the verdict then says the run is unreliable instead of passing it as met.
  @Test func aGoalWhoseTwinsDisagreeIsReportedAsUnreliable() {
    func report(_ medians: [(String, Benchmark.Style, Double)]) -> Report {
      Report(
        machine: Machine(cpu: "test", cores: 2, toolchain: "test", date: "2026-11-27T00:00:00Z"),
        quick: false,
        results: medians.map { name, style, p50 in .sample(name, pair: name, style, p50) }
      )
    }
    let composable = [
      ("NestedStore.Send.Depth1", Benchmark.Style.composable, 121.0),
      ("NestedStore.Send.Depth10", .composable, 147),
    ]
    func twins(depth10: Double) -> [(String, Benchmark.Style, Double)] {
      [
        ("Vanilla.NestedMutate.Depth1", .vanilla, 126),
        ("Vanilla.NestedMutate.Depth10", .vanilla, depth10),
      ]
    }
    let goal = Goal(
      title: "Nested depth 10 ≤ 1.5× depth 1",
      numerator: "NestedStore.Send.Depth10",
      denominator: "NestedStore.Send.Depth1",
      limit: 1.5,
      control: ("Vanilla.NestedMutate.Depth10", "Vanilla.NestedMutate.Depth1")
    )
    // The vanilla depth-10 write measured faster than the depth-1 one: the machine sped up.
    let sped = report(composable + twins(depth10: 81)).goalsMarkdown([goal])
    #expect(sped.contains("| 1.21× | unreliable: the same two cases in the other style read 0.64×"))
    #expect(sped.contains("as measured, met |"))
    // Twins within the band: the verdict stands alone.
    let steady = report(composable + twins(depth10: 134)).goalsMarkdown([goal])
    #expect(steady.contains("| 1.21× | met |"))
    // A goal whose twins were filtered out is judged on its own ratio.
    let alone = report([
      ("NestedStore.Send.Depth1", .composable, 100), ("NestedStore.Send.Depth10", .composable, 200),
    ])
    #expect(alone.goalsText([goal]).contains("2.00× (missed by 1.3×)"))
  }

  @Test func aShortenedLabelKeepsItsStartAndEnoughOfItsEndToStayUnique() {
    #expect(
      Report.shortened("save + remove favourite, 100000 favourites", to: 21, keepingEnd: 9)
        == "save + remo…avourites"
    )
    #expect(Report.shortened("short", to: 10, keepingEnd: 0) == "short")
    #expect(
      Report.uniqueLabels(
        ["top counter +1, 100 on stack", "top counter +1, 10000 on stack"],
        width: 20
      )
        == ["top cou…100 on stack", "top c…10000 on stack"]
    )
    #expect(
      Report.sharedPrefix(["ChildStore.Send.10Alive", "ChildStore.Send.100Alive"])
        == "ChildStore.Send."
    )
    #expect(Report.sharedPrefix(["Store.Send", "Stack.PushPop"]) == "")
  }

  @Test func aBaselineMarksChangesWithinNoiseAndRealChanges() {
    let before = Report(
      machine: .sample,
      quick: false,
      results: [
        .sample("Store.Send", pair: "counter +1", .composable, 100, spread: 0.10),
        .sample("NestedStore.Send.Depth10", pair: "depth 10", .composable, 1_000, spread: 0.02),
      ]
    )
    let after = Report(
      machine: .sample,
      quick: false,
      results: [
        .sample("Store.Send", pair: "counter +1", .composable, 105, spread: 0.04),
        .sample("NestedStore.Send.Depth10", pair: "depth 10", .composable, 200, spread: 0.02),
        .sample("NestedStore.Send.Presented", pair: "presented", .composable, 500),
      ]
    )
    let lines = after.comparison(with: before).split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[0].hasPrefix("Store.Send: 100.0 ns → 105.0 ns (+5.0%) within noise"))
    #expect(lines[1].hasSuffix("(-80.0%) faster"))
    #expect(lines[2] == "NestedStore.Send.Presented: new")
  }

  @Test func aBaselineFromAnotherMachineOrToolchainIsCalledOut() {
    let other = Machine(cpu: "Other CPU", cores: 8, toolchain: "Swift 6.2", date: "2026-01-01")
    let before = Report(machine: other, quick: true, results: [])
    let warnings = Report(machine: .sample, quick: false, results: [])
      .comparison(with: before).split(separator: "\n")
    #expect(warnings.count == 3)
    #expect(warnings[0].contains("Other CPU, 8 cores"))
    #expect(warnings[1].contains("Swift 6.2"))
    #expect(warnings[2].contains("--quick"))
  }

  @Test func theChartGroupsPairsPrintsRatiosAndUsesAFixedAxis() {
    let report = Report(
      machine: .sample,
      quick: false,
      results: [
        .sample("Vanilla.Mutate", pair: "counter +1", .vanilla, 80),
        .sample("Store.Send", pair: "counter +1", .composable, 160),
      ]
    )
    let svg = report.svg
    #expect(svg.contains("counter +1 — composable ÷ vanilla: 2.00×"))
    #expect(svg.contains("Sample CPU, 2 cores · Swift 6.3.1 · 2026-11-23T00:00:00Z"))
    // Fixed decades from 1 ns to 10 ms, whatever the data.
    for label in ["1 ns", "10 ns", "100 ns", "1 µs", "10 µs", "100 µs", "1 ms", "10 ms"] {
      #expect(svg.contains(">\(label)<"), "missing axis label \(label)")
    }
    // A p25–p75 band per bar, besides the bar itself.
    #expect(svg.components(separatedBy: "<rect").count - 1 >= 1 + 4 + 2 * 2)
  }
}

extension Machine {
  static let sample = Machine(
    cpu: "Sample CPU",
    cores: 2,
    toolchain: "Swift 6.3.1",
    date: "2026-11-23T00:00:00Z"
  )
}

extension BenchmarkHarness.Measurement {
  /// A measurement whose median is `p50` and whose interquartile range is `spread` of it.
  static func sample(
    _ name: String,
    pair: String,
    _ style: Benchmark.Style,
    _ p50: Double,
    spread: Double = 0.02,
    flags: [Flag] = []
  ) -> BenchmarkHarness.Measurement {
    let half = p50 * spread / 2
    return BenchmarkHarness.Measurement(
      name: name,
      pair: pair,
      style: style,
      iterationsPerSample: 1_000,
      samples: [p50 - 2 * half, p50 - half, p50, p50 + half, p50 + 2 * half],
      flags: flags
    )
  }
}

@Suite
struct ProcessUsageTests {
  @Test
  func perOperationDividesTheDifferenceByTheOperations() {
    let start = ProcessUsage(cpuNanoseconds: 1_000, voluntarySwitches: 10, involuntarySwitches: 3)
    let end = ProcessUsage(
      cpuNanoseconds: 1_000 + 4 * 25_500,
      voluntarySwitches: 10 + 13,
      involuntarySwitches: 3 + 2
    )
    #expect(
      end.perOperation(since: start, operations: 4)
        == "per operation: 3.25 voluntary context switches, 0.50 involuntary, 25.50 µs of CPU"
    )
  }

  @Test
  func theProcessCPUTimeGrowsWithWorkDone() {
    let start = ProcessUsage.now()
    // Busy work until the CPU clock moves (it ticks in microseconds or coarser); bounded so a
    // clock that never moves fails the expectation instead of hanging.
    var value: UInt64 = 1
    var now = start
    var rounds = 0
    while now.cpuNanoseconds == start.cpuNanoseconds, rounds < 10_000 {
      for step in 0..<10_000 { value = value &* 6_364_136_223_846_793_005 &+ UInt64(step) }
      blackHole(value)
      now = ProcessUsage.now()
      rounds += 1
    }
    #expect(now.cpuNanoseconds > start.cpuNanoseconds)
    #expect(now.voluntarySwitches >= start.voluntarySwitches)
  }
}
