import Foundation

/// `prime-time-report grade`: runs a student's tests on the unchanged apps and with one patch
/// from `Mutants/` applied, and says whether they caught the mistake (or, for a refactor,
/// stayed green).
enum Grade {
  static let usage = """
    usage: prime-time-report grade --mistake NAME --test FILTER [--live-defaults] [--scratch DIR]
           prime-time-report grade --batch < GRADES.json

    Grades your tests against one patch in Mutants/. Write the test in one of the app suites
    (Tests/VanillaPrimeTimeTests, Tests/ComposablePrimeTimeTests, Tests/VanillaExhaustiveTests or
    Tests/PrimeTimeUITests), then run this from the package root. It copies the apps and those
    suites to a scratch package, runs the tests FILTER matches on the unchanged apps (they must
    pass), applies the patch, and runs them again:

      a mistake:   your tests fail  -> caught          (exit 0)
                   your tests pass  -> not caught      (exit 1)
      a refactor:  your tests pass  -> no false alarm  (exit 0)
                   your tests fail  -> false alarm     (exit 1)

    Tests that fail on the unchanged apps grade nothing (exit 1). A bad argument, a filter that
    matches no test, or a scratch copy that does not build: exit 2. The verdict goes to standard
    output, progress to standard error. The first build takes a few minutes; later ones reuse it.

      --mistake NAME  the patch's file name without .patch, such as
                      composable-plus-button-decrements (a refactor's name is given the same way)
      --test FILTER   the tests to run, as `swift test --filter` takes it: a regular expression
                      over Suite.test names, such as "CounterTests.plusButton"
      --live-defaults run the tests with live values for every dependency a test does not
                      supply (PRIME_TIME_TEST_VALUES=live), instead of the suites' failing ones
      --scratch DIR   where the scratch copy is built (default .build/mutants)
      --batch         grade many at once: standard input is a JSON array of argument lists
                      (each as above, without --scratch: a batch builds in .build/mutants); the
                      unchanged apps are built once and each patch once.
                      Prints a JSON array of {"status": …, "text": …}, in the input's order.
    """

  /// What the student's tests did, in words, and the exit status that goes with it.
  struct Verdict: Equatable {
    enum Kind: Equatable {
      case caught, notCaught, noFalseAlarm, falseAlarm, failsUnchanged, noTests
    }
    let kind: Kind
    let text: String

    /// 0 when the tests did what the exercise asks, 1 when they did not, 2 when nothing could be
    /// graded.
    var exitStatus: Int32 {
      switch kind {
      case .caught, .noFalseAlarm: 0
      case .notCaught, .falseAlarm, .failsUnchanged: 1
      case .noTests: 2
      }
    }
  }

  /// The verdict on the run with the patch applied, once the unchanged run has been judged
  /// (``judgeUnchanged(_:filter:)`` returned `nil`).
  static func judge(patched run: SuiteRun, mutant: Mutant) -> Verdict {
    let name = mutant.fileName
    let failed = run.tests.filter(\.failed)
    let what: String
    if let aborted = run.aborted {
      what = aborted == "crash" ? "the test process crashed" : "the tests hit the time limit"
    } else if let first = failed.first {
      let message = first.failures.first.map(Self.shorten) ?? "(no message)"
      let others = failed.count > 1 ? " (and \(failed.count - 1) more failing test(s))" : ""
      what = "\(first.name) failed with:\n\(indent(message))\(others)"
    } else {
      let count = run.tests.count
      if mutant.isRefactor {
        return Verdict(
          kind: .noFalseAlarm,
          text: "no false alarm: \(count) test(s) passed with the refactor \(name) applied."
        )
      }
      return Verdict(
        kind: .notCaught,
        text: """
          not caught: \(count) test(s) passed with the mistake \(name) applied.
          The mistake: \(mutant.summary)
          Read what the patch changes (\(mutant.path)) and assert on it.
          """
      )
    }
    if mutant.isRefactor {
      return Verdict(
        kind: .falseAlarm,
        text: """
          false alarm: the refactor \(name) changes no behaviour, and \(what)
          """
      )
    }
    return Verdict(kind: .caught, text: "caught: with the mistake \(name) applied, \(what)")
  }

  /// A verdict when the unchanged run already settles it (no test matched, or a test fails
  /// without any patch), else `nil`.
  static func judgeUnchanged(_ run: SuiteRun, filter: String) -> Verdict? {
    if run.tests.isEmpty, run.aborted == nil {
      return Verdict(
        kind: .noTests,
        text: """
          no test matched --test "\(filter)". The filter is a regular expression over Suite.test
          names of Swift Testing tests in the app suites; list them with
          swift test list | grep -E "\(filter)"
          """
      )
    }
    if let aborted = run.aborted {
      let what = aborted == "crash" ? "the test process crashed" : "the tests hit the time limit"
      return Verdict(
        kind: .failsUnchanged,
        text: "your tests fail on the unchanged app: \(what) before any patch was applied."
      )
    }
    guard let first = run.tests.first(where: \.failed) else { return nil }
    let message = first.failures.first.map(Self.shorten) ?? "(no message)"
    return Verdict(
      kind: .failsUnchanged,
      text: """
        your tests fail on the unchanged app, so they cannot grade a mistake: \(first.name) \
        failed with:
        \(indent(message))
        """
    )
  }

  /// The first lines of a long failure message, without the report's "Issue recorded" prefix.
  static func shorten(_ message: String) -> String {
    let prefix = "Issue recorded (error): "
    let message = message.hasPrefix(prefix) ? String(message.dropFirst(prefix.count)) : message
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count > 12 else { return message }
    return lines.prefix(12).joined(separator: "\n") + "\n… (\(lines.count - 12) more lines)"
  }

  static func indent(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { "  \($0)" }
      .joined(separator: "\n")
  }

  /// The options of `grade`, read from the command line.
  struct Options: Equatable {
    var mistake: String
    var filter: String
    var scratch: String
    var liveDefaults = false

    /// Reads `--mistake`, `--test` and `--scratch`; `nil` with `--help`.
    static func parse(_ arguments: [String]) throws -> Options? {
      var mistake: String?
      var filter: String?
      var scratch = ".build/mutants"
      var liveDefaults = false
      var rest = arguments
      while !rest.isEmpty {
        let argument = rest.removeFirst()
        switch argument {
        case "--help", "-h":
          return nil
        case "--live-defaults":
          liveDefaults = true
        case "--mistake", "--refactor", "--test", "--scratch":
          guard let value = rest.first, !value.hasPrefix("--"), !value.isEmpty else {
            throw ReportError("grade: \(argument) needs a value (see grade --help)")
          }
          rest.removeFirst()
          switch argument {
          case "--test": filter = value
          case "--scratch": scratch = value
          default: mistake = value.hasSuffix(".patch") ? String(value.dropLast(6)) : value
          }
        default:
          throw ReportError("grade: unknown argument \(argument) (see grade --help)")
        }
      }
      guard let mistake else { throw ReportError("grade: --mistake NAME is required") }
      guard let filter else { throw ReportError("grade: --test FILTER is required") }
      return Options(
        mistake: mistake,
        filter: filter,
        scratch: scratch,
        liveDefaults: liveDefaults
      )
    }
  }

  /// The patch named `name`, or an error that lists the names closest to it.
  static func mutant(named name: String, root: URL) throws -> Mutant {
    let all = try Mutant.all(in: root)
    if let found = all.first(where: { $0.fileName == name }) { return found }
    let words = Set(name.split(separator: "-"))
    let near = all.map(\.fileName)
      .map { candidate in (candidate, words.intersection(candidate.split(separator: "-")).count) }
      .filter { $0.1 > 0 }.sorted { $0.1 > $1.1 }.prefix(5).map(\.0)
    let hint =
      near.isEmpty
      ? "the names are the files in Mutants/mistakes and Mutants/refactors without .patch, and current/NAME for Mutants/current"
      : "did you mean: \(near.joined(separator: ", "))?"
    throw ReportError("grade: no patch named \(name) in Mutants/; \(hint)")
  }

  /// Runs `grade` and returns the exit status.
  static func main(_ arguments: [String], root: URL, log: (String) -> Void) -> Int32 {
    if arguments == ["--batch"] { return batch(root: root, log: log) }
    do {
      guard let options = try Options.parse(arguments) else {
        print(usage)
        return 0
      }
      let mutant = try mutant(named: options.mistake, root: root)
      let scratch = try Scratch.create(
        from: root,
        at: URL(fileURLWithPath: options.scratch, relativeTo: root)
      )
      log("building the apps and suites in \(options.scratch) (the first build takes minutes)…")
      _ = try scratch.build()
      log("running \(options.filter) on the unchanged apps…")
      let unchanged = try scratch.run(options)
      if let verdict = judgeUnchanged(unchanged, filter: options.filter) {
        print(verdict.text)
        return verdict.exitStatus
      }
      let names = unchanged.tests.map(\.name)
      let shown = names.prefix(5).joined(separator: ", ") + (names.count > 5 ? ", …" : "")
      log("\(names.count) test(s) passed (\(shown)); applying \(mutant.path)…")
      try scratch.apply(mutant)
      defer { try? scratch.apply(mutant, reverse: true) }
      do {
        _ = try scratch.build()
      } catch {
        throw ReportError(
          "grade: with \(mutant.fileName) applied the scratch copy does not build (does your test "
            + "use something the patch changes?): \(error)"
        )
      }
      log("running \(options.filter) with \(mutant.fileName) applied…")
      let verdict = judge(patched: try scratch.run(options), mutant: mutant)
      print(verdict.text)
      return verdict.exitStatus
    } catch {
      FileHandle.standardError.write(Data("prime-time-report: \(error)\n".utf8))
      return 2
    }
  }

  /// One graded answer of a batch: its options, once parsed, and its verdict, once known.
  private struct BatchItem {
    var options: Grade.Options?
    var mutant: Mutant?
    var verdict: Verdict?
  }

  /// `grade --batch`: grades every argument list on standard input with one build of the
  /// unchanged apps and one build per patch, and prints the verdicts as JSON.
  static func batch(root: URL, log: (String) -> Void) -> Int32 {
    let input = FileHandle.standardInput.readDataToEndOfFile()
    guard let lists = try? JSONDecoder().decode([[String]].self, from: input) else {
      FileHandle.standardError.write(
        Data(
          "prime-time-report: grade --batch: standard input is not a JSON array of argument lists\n"
            .utf8
        )
      )
      return 2
    }
    var items = lists.map { arguments -> BatchItem in
      do {
        guard let options = try Options.parse(arguments) else {
          return BatchItem(verdict: Verdict(kind: .noTests, text: "grade: --help in a batch"))
        }
        return BatchItem(options: options, mutant: try mutant(named: options.mistake, root: root))
      } catch {
        return BatchItem(verdict: Verdict(kind: .noTests, text: "\(error)"))
      }
    }
    do {
      let scratch = try Scratch.create(
        from: root,
        at: URL(fileURLWithPath: ".build/mutants", relativeTo: root)
      )
      log("building the unchanged apps and suites in .build/mutants…")
      _ = try scratch.build()
      for index in items.indices {
        guard let options = items[index].options, items[index].verdict == nil else { continue }
        log("[\(index + 1)/\(items.count)] \(options.filter) on the unchanged apps…")
        items[index].verdict = judgeUnchanged(try scratch.run(options), filter: options.filter)
      }
      var patches: [String] = []
      for item in items where item.verdict == nil {
        if let path = item.mutant?.path, !patches.contains(path) { patches.append(path) }
      }
      for path in patches {
        let waiting = items.indices.filter {
          items[$0].verdict == nil && items[$0].mutant?.path == path
        }
        guard let mutant = items[waiting[0]].mutant else { continue }
        log("applying \(mutant.path) for \(waiting.count) answer(s)…")
        try scratch.apply(mutant)
        defer { try? scratch.apply(mutant, reverse: true) }
        do {
          _ = try scratch.build()
        } catch {
          for index in waiting {
            items[index].verdict = Verdict(
              kind: .noTests,
              text:
                "grade: with \(mutant.fileName) applied the scratch copy does not build: \(error)"
            )
          }
          continue
        }
        for index in waiting {
          guard let options = items[index].options else { continue }
          items[index].verdict = judge(patched: try scratch.run(options), mutant: mutant)
        }
      }
    } catch {
      FileHandle.standardError.write(Data("prime-time-report: \(error)\n".utf8))
      return 2
    }
    let results = items.map { item in
      let verdict = item.verdict ?? Verdict(kind: .noTests, text: "grade: not graded")
      return ["status": "\(verdict.exitStatus)", "text": verdict.text]
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    guard let data = try? encoder.encode(results) else { return 2 }
    print(String(decoding: data, as: UTF8.self))
    return 0
  }
}
