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

  /// The cell for one patch and one suite: "—" when the mistake does not exist in that app,
  /// "not covered" when the suite does not drive the screens the patch changes.
  private func cell(_ slug: String, _ suite: Suite, refactor: Bool) -> String {
    guard let mutant = mutants.first(where: { $0.slug == slug && $0.app == suite.app }) else {
      return "—"
    }
    guard suite.covers(mutant) else { return "not covered" }
    return cell(outcomes[mutant.path]?[suite], refactor: refactor)
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
      let cells = suites.map { cell(row.slug, $0, refactor: false) }
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
      let cells = suites.map { cell(row.slug, $0, refactor: true) }
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
      "| caught here, missed by the other app's plain suite (\(both.count) mistakes in both apps) | "
        + suites.map { "\(only($0, $0.app == .vanilla ? .composable : .vanilla))" }.joined(
          separator: " | "
        ) + " |"
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
    let columns = [costs.vanilla, costs.vanillaHarness, costs.composable]
    func row(_ label: String, _ cell: (Costs.Column) -> String) {
      lines.append("| \(label) | " + columns.map(cell).joined(separator: " | ") + " |")
    }
    lines.append("| | vanilla | vanilla, exhaustive harness | composable |")
    lines.append("| --- | ---: | ---: | ---: |")
    row("tests") { "\($0.tests)" }
    row("test code lines") { "\($0.testLines)" }
    row("test code lines per test") { column in
      column.tests == 0
        ? "—" : String(format: "%.1f", Double(column.testLines) / Double(column.tests))
    }
    for (index, column) in columns.enumerated() {
      for (label, count) in column.glue {
        lines.append(
          "| \(label) | "
            + columns.indices.map { $0 == index ? "\(count)" : "—" }.joined(separator: " | ")
            + " |"
        )
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The fingerprint recorded in a document's matrix section, if any.
  static func recordedFingerprint(in text: String) -> String? {
    guard let range = text.range(of: "<!-- fingerprint: ") else { return nil }
    return String(text[range.upperBound...].prefix { $0 != " " })
  }
}
