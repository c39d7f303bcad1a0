import Foundation

extension Matrix {
  static let begin = "<!-- mutants:begin -->"
  static let end = "<!-- mutants:end -->"

  /// A row of a table: one mistake or refactor, with both apps' versions of it.
  struct Row {
    let slug: String
    let summary: String
    let kind: String
    let seen: String
    let apps: Set<Mutant.App>
  }

  /// The rows of `design`, in the order the patches sort: each mistake once.
  func rows(_ design: Mutant.Design, refactors: Bool) -> [Row] {
    var order: [String] = []
    var byslug: [String: [Mutant]] = [:]
    for mutant in mutants where mutant.designs.contains(design) && mutant.isRefactor == refactors {
      if byslug[mutant.slug] == nil { order.append(mutant.slug) }
      byslug[mutant.slug, default: []].append(mutant)
    }
    return order.map { slug in
      let versions = byslug[slug] ?? []
      let first = versions[0]
      let seen = versions.first { !$0.seen.isEmpty }?.seen ?? ""
      return Row(
        slug: slug,
        summary: first.summary,
        kind: first.kind,
        seen: seen,
        apps: Set(versions.map(\.app))
      )
    }
  }

  func outcome(_ slug: String, _ suite: Suite) -> Outcome? {
    guard
      let mutant = mutants.first(where: {
        $0.slug == slug && $0.app == suite.app && $0.designs.contains(suite.design)
      })
    else { return nil }
    return outcomes[mutant.path]?[suite]
  }

  /// The cell for one row and one suite: "—" when the mistake does not exist in that app,
  /// "not covered" when the suite does not drive the screens the patch changes.
  private func cell(_ slug: String, _ suite: Suite, refactor: Bool) -> String {
    guard
      let mutant = mutants.first(where: {
        $0.slug == slug && $0.app == suite.app && $0.designs.contains(suite.design)
      })
    else { return "—" }
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

  /// Where the episode designs' tables are written, as history, beside the chapter.
  static let historyPath = "Docs/mutation/episode-matrix.md"

  /// The designs written today: the chapter's tables.
  func markdown() -> String {
    (["<!-- fingerprint: \(fingerprint) -->", ""] + currentSection()).joined(separator: "\n")
  }

  /// The episode designs' tables (history), for ``historyPath``.
  func historyMarkdown() -> String {
    (["<!-- fingerprint: \(fingerprint) -->", ""] + episodeSection()).joined(separator: "\n")
  }

  /// The designs written today: each mistake at the same layer in both apps, with how a user
  /// sees it; what no screen shows and what exists in one app only are listed apart.
  private func currentSection() -> [String] {
    let suites = Suite.of(.current)
    var lines: [String] = ["### The designs written today", ""]
    let header =
      "| mistake | layer | how a user sees it | "
      + suites.map(\.title).joined(separator: " | ") + " |"
    let rule = "| --- | --- | --- |" + String(repeating: " --- |", count: suites.count)
    func table(_ title: String, _ rows: [Row]) {
      guard !rows.isEmpty else { return }
      lines += ["#### \(title)", "", header, rule]
      for row in rows {
        let cells = suites.map { cell(row.slug, $0, refactor: false) }
        lines.append(
          "| \(row.summary) `\(row.slug)` | \(row.kind) | \(row.seen.isEmpty ? "—" : row.seen) | "
            + cells.joined(separator: " | ") + " |"
        )
      }
      lines.append("")
    }
    let mistakes = rows(.current, refactors: false)
    let scored = mistakes.filter { $0.apps.count == 2 && !$0.seen.hasPrefix("not user-visible") }
    table("Mistakes a user can see, in both apps (scored)", scored)
    table(
      "Mistakes no screen shows (listed apart, not scored)",
      mistakes.filter { $0.apps.count == 2 && $0.seen.hasPrefix("not user-visible") }
    )
    table(
      "Mistakes in one app only (listed apart, not scored)",
      mistakes.filter { $0.apps.count == 1 }
    )
    let refactors = rows(.current, refactors: true)
    lines += [
      "#### Refactors (each should pass: a failure is a false alarm)", "",
      "| refactor | guidance | " + suites.map(\.title).joined(separator: " | ") + " |",
      "| --- | --- |" + String(repeating: " --- |", count: suites.count),
    ]
    for row in refactors {
      let cells = suites.map { cell(row.slug, $0, refactor: true) }
      lines.append(
        "| \(row.summary) `\(row.slug)` | \(row.seen) | " + cells.joined(separator: " | ") + " |"
      )
    }
    lines.append("")
    lines += scorecard(suites, mistakes: scored, refactors: refactors)
    lines += policySection(mistakes: mistakes, scored: scored, refactors: refactors)
    lines += costTable(costs.current, ["vanilla", "composable"])
    return lines
  }

  /// The same suites run with live values for what a test does not supply: what that policy
  /// costs each suite, and every row whose verdict it changes.
  private func policySection(mistakes: [Row], scored: [Row], refactors: [Row]) -> [String] {
    let suites: [Suite] = [.vanilla, .vanillaLive, .composable, .composableLive]
    var lines = [
      "#### The same suites with live defaults (a policy, not a design)", "",
      "| | " + suites.map(\.title).joined(separator: " | ") + " |",
      "| --- |" + String(repeating: " ---: |", count: suites.count),
    ]
    func score(_ suite: Suite, _ rows: [Row]) -> String {
      let applicable = rows.compactMap { outcome($0.slug, suite) }
      return "\(applicable.count(where: \.isCaught)) of \(applicable.count)"
    }
    lines.append(
      "| mistakes caught (scored) | " + suites.map { score($0, scored) }.joined(separator: " | ")
        + " |"
    )
    lines.append(
      "| false alarms on refactors | "
        + suites.map { score($0, refactors) }.joined(separator: " | ") + " |"
    )
    lines.append(
      "| tests failing on the unchanged apps (excluded) | "
        + suites.map { "\(baselines[$0]?.failures.count ?? 0)" }.joined(separator: " | ") + " |"
    )
    lines.append("")
    let changed = (mistakes + refactors).filter { row in
      [Suite.vanillaLive, .composableLive].contains { live in
        outcome(row.slug, live)?.isCaught != outcome(row.slug, live.withFailingValues)?.isCaught
      }
    }
    guard !changed.isEmpty else {
      return lines + ["No verdict changes under live defaults.", ""]
    }
    lines += [
      "Rows whose verdict changes under live defaults:", "",
      "| mistake or refactor | " + suites.map(\.title).joined(separator: " | ") + " |",
      "| --- |" + String(repeating: " --- |", count: suites.count),
    ]
    for row in changed {
      let isRefactor = refactors.contains { $0.slug == row.slug }
      let cells = suites.map { cell(row.slug, $0, refactor: isRefactor) }
      lines.append("| \(row.summary) `\(row.slug)` | " + cells.joined(separator: " | ") + " |")
    }
    lines.append("")
    return lines
  }

  /// The episodes' designs, kept as history: the matrix as it was measured before the designs
  /// written today existed.
  private func episodeSection() -> [String] {
    let suites = Suite.of(.episode)
    var lines: [String] = ["### The episode designs (history)", ""]
    lines += [
      "#### Mistakes (each should fail its app's suite)", "",
      "| mistake | kind | " + suites.map(\.title).joined(separator: " | ") + " |",
      "| --- | --- |" + String(repeating: " --- |", count: suites.count),
    ]
    let mistakes = rows(.episode, refactors: false)
    for row in mistakes {
      let cells = suites.map { cell(row.slug, $0, refactor: false) }
      lines.append(
        "| \(row.summary) `\(row.slug)` | \(row.kind) | " + cells.joined(separator: " | ") + " |"
      )
    }
    lines += [
      "", "#### Refactors (each should pass: a failure is a false alarm)", "",
      "| refactor | " + suites.map(\.title).joined(separator: " | ") + " |",
      "| --- |" + String(repeating: " --- |", count: suites.count),
    ]
    let refactors = rows(.episode, refactors: true)
    for row in refactors {
      let cells = suites.map { cell(row.slug, $0, refactor: true) }
      lines.append("| \(row.summary) `\(row.slug)` | " + cells.joined(separator: " | ") + " |")
    }
    lines.append("")
    lines += scorecard(suites, mistakes: mistakes, refactors: refactors)
    lines += costTable(costs.episode, ["vanilla", "vanilla, exhaustive harness", "composable"])
    return lines
  }

  private func scorecard(_ suites: [Suite], mistakes: [Row], refactors: [Row]) -> [String] {
    var lines = [
      "#### Scorecard", "",
      "| | " + suites.map(\.title).joined(separator: " | ") + " |",
      "| --- |" + String(repeating: " ---: |", count: suites.count),
    ]
    func score(_ suite: Suite, _ rows: [Row], _ caught: Bool) -> String {
      let applicable = rows.compactMap { outcome($0.slug, suite) }
      return "\(applicable.count { $0.isCaught == caught }) of \(applicable.count)"
    }
    lines.append(
      "| mistakes caught | " + suites.map { score($0, mistakes, true) }.joined(separator: " | ")
        + " |"
    )
    let both = mistakes.filter { $0.apps.count == 2 }
    func only(_ suite: Suite) -> Int {
      both.count {
        outcome($0.slug, suite)?.isCaught == true
          && outcome($0.slug, suite.counterpart)?.isCaught == false
      }
    }
    lines.append(
      "| caught here, missed by the other app's plain suite (\(both.count) mistakes in both apps) | "
        + suites.map { "\(only($0))" }.joined(separator: " | ") + " |"
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
    return lines
  }

  private func costTable(_ columns: [Costs.Column], _ titles: [String]) -> [String] {
    var lines = [
      "#### Cost in code (counted from the sources; code lines exclude blanks and comments)", "",
      "| | " + titles.joined(separator: " | ") + " |",
      "| --- |" + String(repeating: " ---: |", count: titles.count),
    ]
    func row(_ label: String, _ cell: (Costs.Column) -> String) {
      lines.append("| \(label) | " + columns.map(cell).joined(separator: " | ") + " |")
    }
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
    return lines
  }

  /// The fingerprint recorded in a document's matrix section, if any.
  static func recordedFingerprint(in text: String) -> String? {
    guard let range = text.range(of: "<!-- fingerprint: ") else { return nil }
    return String(text[range.upperBound...].prefix { $0 != " " })
  }
}
