import Foundation

/// `prime-time-report mutate`: mechanical mutation testing of both apps' designs written today.
///
/// The same operators (``MutationOperators``) make every mutant of the same roles' files in both
/// apps; each mutant is built in a scratch copy and the app's real unit suite is run against it.
/// A survivor is run against the app's UI-level tests and the scenario parity check too: if
/// those also pass, no user-visible difference was found, and it is flagged "possibly
/// equivalent" and never counted as a miss.
enum Mutate {
  static let usage = """
    usage: prime-time-report mutate [--list] [--write | --check] [--app APP] [--sample N] [--seed S]

    Mechanical mutation testing: the same operators applied to both apps' sources (the designs
    written today), each mutant built and run against the app's real unit suite. Run it from the
    package root. Progress goes to standard error.

      --list        print every mutant (app, file:line, role, operator, the one-line diff) and stop
      --write       run and write the report: Docs/mutation/report.md in full, and its summary
                    between the mechanical markers of Docs/Comparison.md
      --check       no run: fail if either was measured on other sources than these
      --app APP     only vanilla or composable (a partial run; --write refuses it)
      --sample N    run N mutants per app, drawn with --seed (default: all of them)
      --seed S      the seed of the sample (default 1)
      --help        this text

    Operators: arithmetic (+ and -, += and -=), comparison (< and <=, > and >=, == and !=),
    boolean (&& and ||, a condition negated), constant (an integer made one larger), statement
    removed (an assignment, an append, a cancel), call site (a screen's button calling the
    screen's next method or sending its next action), await dropped (an awaited statement removed).
    """

  static let reportPath = "Docs/mutation/report.md"
  static let summaryPath = "Docs/Comparison.md"
  static let begin = "<!-- mechanical:begin -->"
  static let end = "<!-- mechanical:end -->"

  /// Everything the report depends on: the apps, their libraries and suites, the parity tests
  /// and this tool (not the hand-placed patches of `Mutants/`, which it does not run).
  static let inputs =
    Scratch.folders + [
      "Tests/ComparisonTests", "Tools/PrimeTimeReport", "Tools/PrimeTimeReport/Mutation",
    ]

  struct Options: Equatable {
    var list = false
    var write = false
    var check = false
    var app: Mutant.App?
    var sample: Int?
    var seed: UInt64 = 1

    static func parse(_ arguments: [String]) throws -> Options? {
      var options = Options()
      var rest = arguments
      while !rest.isEmpty {
        let argument = rest.removeFirst()
        switch argument {
        case "--help", "-h": return nil
        case "--list": options.list = true
        case "--write": options.write = true
        case "--check": options.check = true
        case "--app", "--sample", "--seed":
          guard let value = rest.first, !value.hasPrefix("--") else {
            throw ReportError("mutate: \(argument) needs a value (see mutate --help)")
          }
          rest.removeFirst()
          switch argument {
          case "--app":
            guard let app = Mutant.App(rawValue: value) else {
              throw ReportError("mutate: --app is vanilla or composable, not \(value)")
            }
            options.app = app
          case "--sample":
            guard let count = Int(value), count > 0 else {
              throw ReportError("mutate: --sample needs a count above 0, not \(value)")
            }
            options.sample = count
          default:
            guard let seed = UInt64(value) else {
              throw ReportError("mutate: --seed needs a whole number, not \(value)")
            }
            options.seed = seed
          }
        default:
          throw ReportError("mutate: unknown argument \(argument) (see mutate --help)")
        }
      }
      if options.write && options.check {
        throw ReportError("mutate: --write and --check cannot be combined")
      }
      if options.write && options.app != nil {
        throw ReportError("mutate: --write needs both apps (drop --app)")
      }
      return options
    }
  }

  /// The mutants a run covers: all of them, or `count` per app drawn with `seed`, in the
  /// generated order.
  static func select(
    _ mutants: [MechanicalMutant],
    app: Mutant.App?,
    sample count: Int?,
    seed: UInt64
  ) -> [MechanicalMutant] {
    let apps = app.map { [$0] } ?? Mutant.App.allCases
    var chosen: [MechanicalMutant] = []
    for app in apps {
      let ofApp = mutants.filter { $0.app == app }
      guard let count, count < ofApp.count else {
        chosen += ofApp
        continue
      }
      var generator = SplitMix(seed: seed)
      var indices = Array(ofApp.indices)
      for index in indices.indices.reversed() where index > 0 {
        indices.swapAt(index, Int(generator.next() % UInt64(index + 1)))
      }
      chosen += indices.prefix(count).sorted().map { ofApp[$0] }
    }
    return chosen
  }

  /// A small seeded generator (SplitMix64), so a sample is the same on every machine.
  struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// Runs `mutate` and returns the exit status.
  static func main(_ arguments: [String], root: URL, log: (String) -> Void) -> Int32 {
    do {
      guard let options = try Options.parse(arguments) else {
        print(usage)
        return 0
      }
      if options.check { return try check(root: root) }
      let all = try MutationOperators.all(root: root)
      let chosen = select(all, app: options.app, sample: options.sample, seed: options.seed)
      if options.list {
        for mutant in chosen {
          print(
            "\(mutant.app.rawValue)\t\(mutant.path):\(mutant.line)\t\(mutant.role.rawValue)\t\(mutant.op.rawValue)\t\(mutant.diff)"
          )
        }
        log("\(chosen.count) mutants (\(all.count) generated)")
        return 0
      }
      var run = try MechanicalRun.run(
        chosen,
        generated: all,
        root: root,
        log: log
      )
      run.sample = options.sample.map { ($0, options.seed) }
      guard options.write else {
        print(run.report())
        return 0
      }
      try write(run, root: root)
      log("wrote \(reportPath) and the summary in \(summaryPath)")
      return 0
    } catch {
      FileHandle.standardError.write(Data("prime-time-report: \(error)\n".utf8))
      return 2
    }
  }

  /// Puts the report into both documents, between their markers.
  static func write(_ run: MechanicalRun, root: URL) throws {
    for (path, block) in [(reportPath, run.report()), (summaryPath, run.summary())] {
      let url = root.appendingPathComponent(path)
      let text = try String(contentsOf: url, encoding: .utf8)
      guard let start = text.range(of: begin), let stop = text.range(of: end),
        start.upperBound <= stop.lowerBound
      else { throw ReportError("mutate: \(path) has no \(begin) … \(end) section") }
      let updated = text.replacingCharacters(
        in: start.upperBound..<stop.lowerBound,
        with: "\n\(block)\n"
      )
      try Data(updated.utf8).write(to: url, options: .atomic)
    }
  }

  /// Fails unless both documents record the fingerprint of these sources.
  static func check(root: URL) throws -> Int32 {
    let current = try Fingerprint.of(root: root, inputs: inputs)
    var stale: [String] = []
    for path in [reportPath, summaryPath] {
      let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
      guard let range = text.range(of: begin) else {
        throw ReportError("mutate: \(path) has no \(begin) section")
      }
      let recorded = Matrix.recordedFingerprint(in: String(text[range.upperBound...]))
      if recorded != current { stale.append("\(path) (\(recorded ?? "none"))") }
    }
    guard stale.isEmpty else {
      FileHandle.standardError.write(
        Data(
          """
          prime-time-report: the mechanical mutation report was measured on other sources than \
          these (now \(current)): \(stale.joined(separator: ", ")). Re-run: swift run -c release \
          prime-time-report mutate --write

          """.utf8
        )
      )
      return 1
    }
    print("the mechanical mutation report is fresh (\(current))")
    return 0
  }
}
