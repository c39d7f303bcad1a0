// prime-time-benchmarks: state-mutation throughput of the vanilla and composable styles, side
// by side, against the physical floor. Release builds only.
//
//   swift run -c release prime-time-benchmarks [--quick] [--filter REGEX] [--list]
//       [--json FILE] [--markdown FILE] [--svg FILE] [--baseline FILE]
//       [--profile CASE --iterations N]
import BenchmarkHarness
import Foundation

struct Options {
  var quick = false
  var full = false
  var list = false
  var filter: Regex<AnyRegexOutput>?
  var json: String?
  var markdown: String?
  var svg: String?
  var baseline: String?
  var profile: String?
  var iterations = 1_000_000
  var iterationsGiven = false
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("prime-time-benchmarks: \(message)\n".utf8))
  exit(2)
}

func parseOptions(_ arguments: [String]) -> Options {
  var options = Options()
  var remaining = arguments[...]
  func value(for flag: String) -> String {
    guard let next = remaining.popFirst() else { fail("\(flag) needs a value") }
    return next
  }
  while let argument = remaining.popFirst() {
    switch argument {
    case "--quick": options.quick = true
    case "--full": options.full = true
    case "--list": options.list = true
    case "--filter":
      let pattern = value(for: argument)
      guard let regex = try? Regex(pattern) else {
        fail("--filter: not a regular expression: \(pattern)")
      }
      options.filter = regex
    case "--json": options.json = value(for: argument)
    case "--markdown": options.markdown = value(for: argument)
    case "--svg": options.svg = value(for: argument)
    case "--baseline": options.baseline = value(for: argument)
    case "--profile": options.profile = value(for: argument)
    case "--iterations":
      let text = value(for: argument)
      guard let count = Int(text), count > 0 else {
        fail("--iterations: not a positive number: \(text)")
      }
      options.iterations = count
      options.iterationsGiven = true
    case "--help", "-h":
      print(
        """
        usage: prime-time-benchmarks [--quick] [--full] [--filter REGEX] [--list]
                                     [--json FILE] [--markdown FILE] [--svg FILE]
                                     [--baseline FILE] [--profile CASE --iterations N]

          --quick           fewer samples, shorter warm-up (the CI smoke run)
          --full            also print every percentile of every case
          --filter REGEX    only the cases whose name matches
          --list            print the case names and stop
          --json FILE       write the raw samples (the input of --baseline)
          --markdown FILE   write the tables as Markdown
          --svg FILE        write the chart
          --baseline FILE   compare with an earlier --json run, marking changes within noise
          --profile CASE    run one case untimed, --iterations N times (for valgrind or perf)
        """
      )
      exit(0)
    default: fail("unknown argument \(argument) (see --help)")
    }
  }
  if options.iterationsGiven, options.profile == nil {
    fail("--iterations only applies to --profile CASE (see --help)")
  }
  return options
}

/// Fails now, before any case runs, if `path` cannot be written: its folder must exist and be
/// writable, and `path` must not be a folder. (Results are not lost after a long run.)
func checkWritable(_ path: String, for flag: String) {
  let url = URL(fileURLWithPath: path)
  let folder = url.deletingLastPathComponent().path
  var isDirectory: ObjCBool = false
  if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue
  {
    fail("\(flag): \(path) is a folder, not a file")
  }
  guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory),
    isDirectory.boolValue
  else { fail("\(flag): the folder \(folder) does not exist") }
  guard FileManager.default.isWritableFile(atPath: folder) else {
    fail("\(flag): the folder \(folder) is not writable")
  }
}

/// Reads a `--json` report to compare against, failing now if it cannot be used.
func loadBaseline(_ path: String) -> Report {
  guard let data = FileManager.default.contents(atPath: path) else {
    fail("--baseline: cannot read \(path)")
  }
  guard let baseline = try? JSONDecoder().decode(Report.self, from: data) else {
    fail("--baseline: \(path) is not a prime-time-benchmarks --json report")
  }
  return baseline
}

func write(_ text: String, to path: String) {
  do {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
  } catch {
    fail("cannot write \(path): \(error.localizedDescription)")
  }
}

/// The whole program (release builds only).
@MainActor
func runBenchmarks() async {
  let options = parseOptions(Array(CommandLine.arguments.dropFirst()))
  let selected = allBenchmarks.filter { benchmark in
    guard let filter = options.filter else { return true }
    return benchmark.name.contains(filter)
  }

  if options.list {
    for benchmark in selected { print(benchmark.name) }
    exit(0)
  }

  if let name = options.profile {
    // Runs one case with no timing: for valgrind (heap counts) or perf.
    guard let benchmark = allBenchmarks.first(where: { $0.name == name }) else {
      fail("--profile: no case named \(name) (see --list)")
    }
    let runner = benchmark.make()
    let start = ProcessUsage.now()
    switch runner {
    case .sync(let run, _): run(options.iterations)
    case .async(let run, _): await run(options.iterations)
    }
    let usage = ProcessUsage.now().perOperation(since: start, operations: options.iterations)
    print("\(name): ran \(options.iterations) iterations; \(usage)")
    exit(0)
  }

  guard !selected.isEmpty else { fail("--filter matched no case (see --list)") }
  // Everything a run will need afterwards is checked before the first case runs.
  if let path = options.json { checkWritable(path, for: "--json") }
  if let path = options.markdown { checkWritable(path, for: "--markdown") }
  if let path = options.svg { checkWritable(path, for: "--svg") }
  let baseline = options.baseline.map { (path: $0, report: loadBaseline($0)) }

  let measureOptions = options.quick ? MeasureOptions.quick : MeasureOptions()
  var results: [BenchmarkHarness.Measurement] = []
  // The cases of one pair are measured together, their samples taken in turns: the ratio then
  // compares samples taken at the same time, whatever the machine does during the run.
  for group in groupedByPair(selected) {
    for result in await measureInterleaved(group, options: measureOptions) {
      FileHandle.standardError.write(
        Data("  \(result.name): \(formatNanoseconds(result.p50))/op\n".utf8)
      )
      results.append(result)
    }
  }
  let report = Report(machine: .current(), quick: options.quick, results: results)
  print(report.text(goals: goals))
  if options.full { print("\n" + report.fullText) }

  if let baseline {
    print(
      "\nChange against \(baseline.path) (\(baseline.report.machine.date)):\n"
        + report.comparison(with: baseline.report)
    )
  }
  if let path = options.json {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    guard let data = try? encoder.encode(report) else { fail("cannot encode the report") }
    write(String(decoding: data, as: UTF8.self), to: path)
  }
  if let path = options.markdown { write(report.markdown(goals: goals), to: path) }
  if let path = options.svg { write(report.svg, to: path) }
}

#if DEBUG
  FileHandle.standardError.write(
    Data(
      """
      prime-time-benchmarks: this is a debug build; its numbers would mean nothing.
      Run: swift run -c release prime-time-benchmarks

      """.utf8
    )
  )
  exit(1)
#else
  await runBenchmarks()
#endif
