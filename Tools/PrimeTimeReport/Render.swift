import Foundation

extension Matrix {
  static let begin = "<!-- mutants:begin -->"
  static let end = "<!-- mutants:end -->"

  /// Rows keyed by slug, in the order the patches sort: each mistake once, with both apps' cells.
  private func rows(refactors: Bool) -> [(slug: String, summary: String, kind: String)] {
    var seen = Set<String>()
    var rows: [(String, String, String)] = []
    for mutant in mutants where mutant.isRefactor == refactors && seen.insert(mutant.slug).inserted
    {
      rows.append((mutant.slug, mutant.summary, mutant.kind))
    }
    return rows
  }

  private func outcome(_ slug: String, _ suite: Suite) -> Outcome? {
    guard let mutant = mutants.first(where: { $0.slug == slug && $0.app == suite.app }) else {
      return nil
    }
    return outcomes[mutant.path]?[suite]
  }

  private func cell(_ outcome: Outcome?, refactor: Bool) -> String {
    guard let outcome else { return "—" }
    guard outcome.isCaught else { return refactor ? "passes" : "**missed**" }
    var names = outcome.caughtBy.prefix(2).map { "`\($0)`" }
    if outcome.caughtBy.count > 2 { names.append("+\(outcome.caughtBy.count - 2)") }
    if let aborted = outcome.aborted { names.append("(\(aborted))") }
    return (refactor ? "**false alarm**: " : "caught: ") + names.joined(separator: ", ")
  }

  func markdown() -> String {
    let suites = Suite.allCases
    var lines: [String] = []
    lines.append("<!-- fingerprint: \(fingerprint) -->")
    lines.append("")
    lines.append("#### Mistakes (each should fail its app's suite)")
    lines.append("")
    lines.append("| mistake | kind | " + suites.map(\.rawValue).joined(separator: " | ") + " |")
    lines.append("| --- | --- |" + String(repeating: " --- |", count: suites.count))
    let mistakes = rows(refactors: false)
    for row in mistakes {
      let cells = suites.map { cell(outcome(row.slug, $0), refactor: false) }
      lines.append(
        "| \(row.summary) `\(row.slug)` | \(row.kind) | " + cells.joined(separator: " | ") + " |"
      )
    }
    lines.append("")
    lines.append("#### Refactors (each should pass: a failure is a false alarm)")
    lines.append("")
    lines.append("| refactor | " + suites.map(\.rawValue).joined(separator: " | ") + " |")
    lines.append("| --- |" + String(repeating: " --- |", count: suites.count))
    let refactors = rows(refactors: true)
    for row in refactors {
      let cells = suites.map { cell(outcome(row.slug, $0), refactor: true) }
      lines.append("| \(row.summary) `\(row.slug)` | " + cells.joined(separator: " | ") + " |")
    }
    lines.append("")
    lines.append("#### Scorecard")
    lines.append("")
    lines.append("| | " + suites.map(\.rawValue).joined(separator: " | ") + " |")
    lines.append("| --- |" + String(repeating: " ---: |", count: suites.count))
    func score(
      _ suite: Suite,
      _ rows: [(slug: String, summary: String, kind: String)],
      _ caught: Bool
    )
      -> String
    {
      let applicable = rows.compactMap { outcome($0.slug, suite) }
      return "\(applicable.count { $0.isCaught == caught }) of \(applicable.count)"
    }
    lines.append(
      "| mistakes caught | " + suites.map { score($0, mistakes, true) }.joined(separator: " | ")
        + " |"
    )
    let both = mistakes.filter {
      outcome($0.slug, .vanilla) != nil && outcome($0.slug, .composable) != nil
    }
    func only(_ suite: Suite, _ other: Suite) -> Int {
      both.count {
        outcome($0.slug, suite)?.isCaught == true && outcome($0.slug, other)?.isCaught == false
      }
    }
    lines.append(
      "| caught here, missed by the other app's suite (\(both.count) mistakes in both apps) | "
        + "\(only(.vanilla, .composable)) | \(only(.composable, .vanilla)) | "
        + "\(only(.composableNonExhaustive, .vanilla)) |"
    )
    lines.append(
      "| false alarms on refactors | "
        + suites.map { score($0, refactors, true) }.joined(separator: " | ") + " |"
    )
    lines.append(
      "| suite run time (unchanged apps) | "
        + suites.map { String(format: "%.1f s", baselines[$0]?.seconds ?? 0) }.joined(
          separator: " | "
        ) + " |"
    )
    lines.append("")
    lines.append(
      "#### Cost in code (counted from the sources; code lines exclude blanks and comments)"
    )
    lines.append("")
    lines.append("| | vanilla | composable |")
    lines.append("| --- | ---: | ---: |")
    lines.append("| tests | \(costs.vanilla.tests) | \(costs.composable.tests) |")
    lines.append("| test code lines | \(costs.vanilla.testLines) | \(costs.composable.testLines) |")
    func perTest(_ column: Costs.Column) -> String {
      column.tests == 0
        ? "—" : String(format: "%.1f", Double(column.testLines) / Double(column.tests))
    }
    lines.append(
      "| test code lines per test | \(perTest(costs.vanilla)) | \(perTest(costs.composable)) |"
    )
    for (label, count) in costs.vanilla.glue { lines.append("| \(label) | \(count) | — |") }
    for (label, count) in costs.composable.glue { lines.append("| \(label) | — | \(count) |") }
    return lines.joined(separator: "\n")
  }

  /// The fingerprint recorded in a document's matrix section, if any.
  static func recordedFingerprint(in text: String) -> String? {
    guard let range = text.range(of: "<!-- fingerprint: ") else { return nil }
    return String(text[range.upperBound...].prefix { $0 != " " })
  }
}
