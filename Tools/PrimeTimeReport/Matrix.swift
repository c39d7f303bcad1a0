import Foundation

/// Runs every patch against the real suites and renders the result.
struct Matrix {
  /// For each patch and each suite run against it: the tests it newly failed, or why it aborted.
  var outcomes: [String: [Suite: Outcome]] = [:]
  var baselines: [Suite: SuiteRun] = [:]
  var mutants: [Mutant] = []
  var costs = Costs()
  var fingerprint = ""

  struct Outcome {
    var caughtBy: [String]
    var aborted: String?
    var isCaught: Bool { !caughtBy.isEmpty || aborted != nil }
  }

  static func run(root: URL, scratch: URL, only: Set<String>, log: (String) -> Void) throws
    -> Matrix
  {
    var matrix = Matrix()
    matrix.fingerprint = try Fingerprint.of(root: root)
    matrix.costs = try Costs.count(root: root)
    matrix.mutants = try Mutant.all(in: root).filter {
      only.isEmpty
        || only.contains($0.fileName)
    }
    let sandbox = try Scratch.create(from: root, at: scratch)
    log("building the apps and suites in \(scratch.path) (the first build takes minutes)…")
    let seconds = try sandbox.build()
    log("built in \(Int(seconds)) s; running each suite on the unchanged apps…")
    for suite in Suite.allCases {
      let run = try sandbox.run(suite)
      if let aborted = run.aborted {
        throw ReportError("the \(suite.rawValue) did not finish on the unchanged apps (\(aborted))")
      }
      matrix.baselines[suite] = run
      log(
        "  \(suite.rawValue): \(String(format: "%.1f", run.seconds)) s, \(run.failures.count) failing before any patch (excluded)"
      )
    }
    for (index, mutant) in matrix.mutants.enumerated() {
      let name = mutant.fileName
      try sandbox.apply(mutant)
      defer { try? sandbox.apply(mutant, reverse: true) }
      do {
        let built = try sandbox.build()
        var row: [Suite: Outcome] = [:]
        for suite in Suite.allCases
        where suite.app == mutant.app && mutant.designs.contains(suite.design)
          && suite.covers(mutant)
        {
          let run = try sandbox.run(suite)
          let baseline = matrix.baselines[suite]?.failures ?? []
          row[suite] = Outcome(
            caughtBy: run.failures.subtracting(baseline).sorted(),
            aborted: run.aborted
          )
        }
        matrix.outcomes[mutant.path] = row
        let verdicts = row.sorted { $0.key.rawValue < $1.key.rawValue }.map {
          "\($0.key.rawValue): \($0.value.isCaught ? "fails" : "passes")"
        }
        log(
          "[\(index + 1)/\(matrix.mutants.count)] \(name) (build \(Int(built)) s) — \(verdicts.joined(separator: ", "))"
        )
      } catch {
        throw ReportError("\(mutant.path): \(error)")
      }
    }
    return matrix
  }
}
