import Foundation

/// One run of mechanical mutants against the real suites, and its report.
struct MechanicalRun {
  enum Verdict: String, CaseIterable {
    case killed
    case timedOut = "timed out"
    case survived
    case possiblyEquivalent = "possibly equivalent"
    case failedToCompile = "failed to compile"
  }

  struct Result {
    let mutant: MechanicalMutant
    let verdict: Verdict
    /// The unit tests that failed on it, or what else saw it (for a survivor).
    let evidence: [String]
  }

  var results: [Result] = []
  var generated: [MechanicalMutant] = []
  var fingerprint = ""
  var sample: (count: Int, seed: UInt64)?
  var seconds: Double = 0

  /// The parity tests that compare both apps' screens, step by step.
  static let parityFilter = #"ComparisonTests\.ParityTests/"#

  /// A mutant's suite gets this long before it counts as timed out (a mutant that makes a loop
  /// endless or an await never return would otherwise hold the run for minutes).
  static let timeLimit: Double = 30

  static func run(
    _ chosen: [MechanicalMutant],
    generated: [MechanicalMutant],
    root: URL,
    log: (String) -> Void
  ) throws -> MechanicalRun {
    let started = Date()
    var run = MechanicalRun()
    run.generated = generated
    run.fingerprint = try Fingerprint.of(root: root, inputs: Mutate.inputs)
    let scratch = try Scratch.create(
      from: root,
      at: root.appendingPathComponent(".build/mechanical"),
      parity: true
    )
    log("building the apps, their suites and the parity tests in .build/mechanical…")
    _ = try scratch.build()
    var baselines: [String: Set<String>] = [:]
    let filters = [
      Suite.vanilla.filter, Suite.vanillaUI.filter, Suite.composable.filter,
      Suite.composableUI.filter, parityFilter,
    ]
    for filter in filters {
      let baseline = try scratch.run(filter: filter)
      if let aborted = baseline.aborted {
        throw ReportError("mutate: \(filter) did not finish on the unchanged apps (\(aborted))")
      }
      baselines[filter] = baseline.failures
    }
    func newFailures(_ filter: String) throws -> (failed: [String], aborted: String?) {
      let result = try scratch.run(filter: filter, timeLimit: timeLimit)
      return (result.failures.subtracting(baselines[filter] ?? []).sorted(), result.aborted)
    }
    for (index, mutant) in chosen.enumerated() {
      let file = scratch.directory.appendingPathComponent(mutant.path)
      let original = try String(contentsOf: file, encoding: .utf8)
      try Data(try mutant.apply(to: original).utf8).write(to: file)
      defer { try? Data(original.utf8).write(to: file) }
      let verdict: Verdict
      var evidence: [String] = []
      if (try? scratch.build()) == nil {
        verdict = .failedToCompile
      } else {
        let unit = mutant.app == .vanilla ? Suite.vanilla : .composable
        let ui = mutant.app == .vanilla ? Suite.vanillaUI : .composableUI
        let (failed, aborted) = try newFailures(unit.filter)
        if aborted == "time limit" {
          verdict = .timedOut
        } else if !failed.isEmpty || aborted != nil {
          verdict = .killed
          evidence = failed.isEmpty ? ["(\(aborted ?? "crash"))"] : failed
        } else {
          let seenByUI = try newFailures(ui.filter)
          let seenByParity = try newFailures(parityFilter)
          evidence = seenByUI.failed + seenByParity.failed
          if seenByUI.aborted != nil || seenByParity.aborted != nil { evidence.append("(aborted)") }
          verdict = evidence.isEmpty ? .possiblyEquivalent : .survived
        }
      }
      run.results.append(Result(mutant: mutant, verdict: verdict, evidence: evidence))
      log(
        "[\(index + 1)/\(chosen.count)] \(mutant.app.rawValue) \(mutant.path):\(mutant.line) \(mutant.op.rawValue): \(verdict.rawValue)"
      )
    }
    // The scratch copy is left as the sources are: every mutant was written back.
    run.seconds = Date().timeIntervalSince(started)
    return run
  }

  // MARK: - Report

  func results(_ app: Mutant.App) -> [Result] { results.filter { $0.mutant.app == app } }

  /// Killed and timed out both mean the suite did not pass the mutant.
  static func isDetected(_ verdict: Verdict) -> Bool { verdict == .killed || verdict == .timedOut }

  /// `detected of counted (percent)`: counted leaves out what did not compile and what nothing
  /// could tell apart from the unchanged app.
  static func rate(_ results: [Result]) -> String {
    let counted = results.filter {
      $0.verdict != .failedToCompile && $0.verdict != .possiblyEquivalent
    }
    guard !counted.isEmpty else { return "—" }
    let detected = counted.count { isDetected($0.verdict) }
    return "\(detected) of \(counted.count) (\(detected * 100 / counted.count) %)"
  }

  private var sampleLine: String {
    guard let sample else { return "every generated mutant was run" }
    return "a sample of \(sample.count) mutants per app was run (seed \(sample.seed))"
  }

  /// The summary table, for the comparison chapter.
  func summary() -> String {
    let apps = Mutant.App.allCases
    var lines = [
      "<!-- fingerprint: \(fingerprint) -->", "",
      "| | " + apps.map(\.rawValue).joined(separator: " | ") + " |",
      "| --- |" + String(repeating: " ---: |", count: apps.count),
      "| mutants generated | "
        + apps.map { app in "\(generated.count { $0.app == app })" }.joined(separator: " | ")
        + " |",
      "| mutants run | " + apps.map { "\(results($0).count)" }.joined(separator: " | ") + " |",
    ]
    for verdict in Verdict.allCases {
      lines.append(
        "| \(verdict.rawValue) | "
          + apps.map { app in "\(results(app).count { $0.verdict == verdict })" }
          .joined(separator: " | ") + " |"
      )
    }
    lines.append(
      "| **detected by the unit suite** (killed or timed out, of those that compiled and are not possibly equivalent) | "
        + apps.map { Self.rate(results($0)) }.joined(separator: " | ") + " |"
    )
    for role in MechanicalMutant.Role.allCases {
      let cells = apps.map { app in Self.rate(results(app).filter { $0.mutant.role == role }) }
      guard cells.contains(where: { $0 != "—" }) else { continue }
      lines.append("| … in \(role.rawValue) | " + cells.joined(separator: " | ") + " |")
    }
    lines += ["", "In this run \(sampleLine), in \(max(1, Int((seconds / 60).rounded()))) min."]
    return lines.joined(separator: "\n")
  }

  /// The full report: the summary, each operator's and each file's results, and every survivor
  /// with its diff.
  func report() -> String {
    let apps = Mutant.App.allCases
    var lines = [summary(), "", "### By operator", ""]
    lines += [
      "| operator | " + apps.map(\.rawValue).joined(separator: " | ") + " |",
      "| --- |" + String(repeating: " ---: |", count: apps.count),
    ]
    for op in MechanicalMutant.Operator.allCases {
      lines.append(
        "| \(op.rawValue) | "
          + apps.map { app in Self.rate(results(app).filter { $0.mutant.op == op }) }
          .joined(separator: " | ") + " |"
      )
    }
    lines += [
      "", "### Files and their roles", "",
      "A `…Screen` or `…View` type inside a file is counted as screen, whatever the file's role.",
      "",
    ]
    lines += [
      "| file | app | role | mutants run | detected |", "| --- | --- | --- | ---: | ---: |",
    ]
    for file in MutationOperators.files {
      let ofFile = results.filter { $0.mutant.path == file.path }
      lines.append(
        "| `\(file.path)` | \(file.app.rawValue) | \(file.role.rawValue) | \(ofFile.count) | \(Self.rate(ofFile)) |"
      )
    }
    let notes: [Verdict: String] = [
      .survived: "The unit suite passed each of these; a UI-level test or the parity check failed.",
      .possiblyEquivalent: """
      Flagged by rule, not by hand: no unit test, UI-level test or parity script told each \
      apart from the unchanged app. Some do nothing a user could see (a default no caller \
      uses, a cancellation of a task that cannot be running); others change a path that no \
      test takes in either app — the stack's buttons, which no UI-level test drives, and \
      Cancel, which no scenario taps. Neither kind is counted as a miss.
      """,
    ]
    for (title, verdict) in [
      ("Survivors", Verdict.survived), ("Possibly equivalent", .possiblyEquivalent),
    ] {
      lines += ["", "### \(title)", "", notes[verdict] ?? ""]
      let found = results.filter { $0.verdict == verdict }
      if found.isEmpty { lines += ["", "None."] }
      for op in MechanicalMutant.Operator.allCases {
        let ofOp = found.filter { $0.mutant.op == op }
        guard !ofOp.isEmpty else { continue }
        lines += ["", "#### \(op.rawValue)", ""]
        for result in ofOp {
          let mutant = result.mutant
          let seen =
            result.evidence.isEmpty
            ? ""
            : " — seen by \(result.evidence.prefix(2).map { "`\($0)`" }.joined(separator: ", "))"
          lines.append(
            "- \(mutant.app.rawValue) `\(mutant.path):\(mutant.line)` (\(mutant.role.rawValue)): `\(mutant.diff)`\(seen)"
          )
        }
      }
    }
    return lines.joined(separator: "\n")
  }
}
