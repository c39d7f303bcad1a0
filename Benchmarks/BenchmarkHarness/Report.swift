import Foundation

/// A whole run: where, and every measurement.
package struct Report: Codable, Sendable {
  package let machine: Machine
  package let quick: Bool
  package let results: [Measurement]

  package init(machine: Machine, quick: Bool, results: [Measurement]) {
    self.machine = machine
    self.quick = quick
    self.results = results
  }

  package func result(_ name: String) -> Measurement? { results.first { $0.name == name } }
}

/// Formats nanoseconds for people: "81.2 ns", "1.31 µs", "2.40 ms".
package func formatNanoseconds(_ value: Double) -> String {
  switch value {
  case ..<1_000: String(format: "%.1f ns", value)
  case ..<1_000_000: String(format: "%.2f µs", value / 1_000)
  default: String(format: "%.2f ms", value / 1_000_000)
  }
}

/// A spread (a fraction of the median) as a percentage: "3%".
func formatSpread(_ spread: Double) -> String {
  String(format: "%.0f%%", spread * 100)
}

/// A performance goal the report checks: `numerator / denominator ≤ limit`.
package struct Goal: Sendable {
  package let title: String
  package let numerator: String
  package let denominator: String
  package let limit: Double
  /// The lesson a known miss teaches, with where to read about it; nil for a real goal.
  ///
  /// Set for a goal a design is known to miss: a miss then reads as expected, not as a
  /// regression.
  package let expectedMiss: String?
  /// The same two measurements in the other style, for a goal whose two cases are not timed
  /// in turns (depth 10 against depth 1, one size against another).
  ///
  /// The twins cost about the same at both ends (within ``Goal/controlBand``). When their
  /// ratio falls outside it, the machine ran the two cases at different speeds, and the goal's
  /// ratio says more about the machine than about the code: the verdict says so.
  package let control: (numerator: String, denominator: String)?

  /// How far the twins' ratio may stray from 1 before the verdict calls the run unreliable.
  package static let controlBand = 0.8...1.25

  package init(
    title: String,
    numerator: String,
    denominator: String,
    limit: Double,
    expectedMiss: String? = nil,
    control: (numerator: String, denominator: String)? = nil
  ) {
    self.title = title
    self.numerator = numerator
    self.denominator = denominator
    self.limit = limit
    self.expectedMiss = expectedMiss
    self.control = control
  }

  /// "met", "missed by N×", or for a known miss "expected: <lesson>"; prefixed with why it is
  /// unreliable when the twins' ratio (`control`) shows the machine changed speed.
  func verdict(_ ratio: Double, control: Double? = nil) -> String {
    let verdict: String
    if ratio <= limit {
      verdict = "met"
    } else if let expectedMiss {
      verdict = "expected: \(expectedMiss)"
    } else {
      verdict = String(format: "missed by %.1f×", ratio / limit)
    }
    guard let control, !Self.controlBand.contains(control) else { return verdict }
    return String(
      format: "unreliable: the same two cases in the other style read %.2f×, so the machine's "
        + "speed changed between them; as measured, %@",
      control,
      verdict
    )
  }
}

/// One line of the side-by-side table: a pair's vanilla case and one case of another style.
struct PairRow {
  let label: String
  let vanilla: Measurement?
  let other: Measurement?

  var ratio: Double? {
    guard let vanilla, let other, vanilla.p50 > 0, other.style == .composable else { return nil }
    return other.p50 / vanilla.p50
  }

  var spread: Double {
    max(vanilla?.spread ?? 0, other?.spread ?? 0)
  }

  var flags: String {
    var marks: [String] = []
    for (measurement, side) in [(vanilla, "v"), (other, "c")] {
      for flag in measurement?.flags ?? [] { marks.append("\(flag.rawValue) (\(side))") }
    }
    return marks.joined(separator: ", ")
  }
}

extension Report {
  /// The floor every case is compared with: a plain `inout` struct mutation.
  var floor: Double? { result("Floor.InoutMutate")?.p50 }

  /// The pairs in report order, one row per non-vanilla case.
  ///
  /// A pair with only a vanilla case gets one row; floor cases are left to the footer.
  var pairRows: [PairRow] {
    var order: [String] = []
    var byPair: [String: [Measurement]] = [:]
    for result in results where result.style != .floor {
      if byPair[result.pair] == nil { order.append(result.pair) }
      byPair[result.pair, default: []].append(result)
    }
    return order.flatMap { pair -> [PairRow] in
      let cases = byPair[pair] ?? []
      let vanilla = cases.first { $0.style == .vanilla }
      let others = cases.filter { $0.style != .vanilla }
      if others.isEmpty { return [PairRow(label: pair, vanilla: vanilla, other: nil)] }
      let prefix = Self.sharedPrefix(others.map(\.name))
      return others.map { other in
        let label = others.count == 1 ? pair : "\(pair): \(other.name.dropFirst(prefix.count))"
        return PairRow(label: label, vanilla: vanilla, other: other)
      }
    }
  }

  /// The longest prefix ending in "." that every name shares ("ChildStore.Send." for
  /// `ChildStore.Send.10Alive` and `ChildStore.Send.100Alive`), so labels keep what differs.
  static func sharedPrefix(_ names: [String]) -> String {
    guard var prefix = names.first.map({ Substring($0) }) else { return "" }
    for name in names.dropFirst() {
      prefix = prefix.prefix(zip(prefix, name).prefix { $0 == $1 }.count)
    }
    guard let dot = prefix.lastIndex(of: ".") else { return "" }
    return String(prefix[...dot])
  }

  var header: String {
    "prime-time-benchmarks — \(machine.cpu), \(machine.cores) cores, \(machine.toolchain), "
      + "\(machine.date)\(quick ? " (quick)" : "")"
  }

  /// The width the default table must fit.
  static let columns = 100

  static let legend = """
    vanilla, composable: median time per operation (p50 of the samples). ratio: composable ÷ \
    vanilla. spread: the middle half of the samples as a share of the median (the wider of the \
    two cases); differences smaller than the spread are noise. flags: noisy = spread over 10%; \
    slow = even the smallest batch overran the 10 ms sample, so few operations were timed; \
    (v)/(c) says which side. Every percentile: --full, or the --markdown file.
    """

  /// The default table: one line per pair, at most 100 columns, with a legend and the goals.
  package func text(goals: [Goal] = []) -> String {
    let headers = ["pair", "vanilla", "composable", "ratio", "spread", "flags"]
    let body = pairRows.map { row in
      [
        row.label,
        row.vanilla.map { formatNanoseconds($0.p50) } ?? "—",
        row.other.map { formatNanoseconds($0.p50) } ?? "—",
        row.ratio.map { String(format: "%.2f×", $0) } ?? "—",
        formatSpread(row.spread),
        row.flags,
      ]
    }
    let table = Self.layout([headers] + body, rightAligned: [1, 2, 3, 4], width: Self.columns)
    let goalLines = goalsText(goals)
    return
      ([Self.wrap(header, width: Self.columns), ""] + table
      + ["", footer, "", Self.wrap(Self.legend, width: Self.columns)]
      + (goalLines.isEmpty ? [] : ["", goalLines])).joined(separator: "\n")
  }

  /// The floor and the cases that stand alone, below the table.
  var footer: String {
    let floors = results.filter { $0.style == .floor }.map {
      "\($0.name) \(formatNanoseconds($0.p50))"
    }
    return floors.isEmpty
      ? ""
      : Self.wrap("floor (no architecture): " + floors.joined(separator: ", "), width: Self.columns)
  }

  /// Every percentile of every case (`--full`, and in the Markdown).
  var fullRows: [[String]] {
    results.map { m in
      [
        m.name, m.style.rawValue,
        formatNanoseconds(m.percentile(0)), formatNanoseconds(m.percentile(0.25)),
        formatNanoseconds(m.p50), formatNanoseconds(m.percentile(0.75)),
        formatNanoseconds(m.percentile(0.9)), formatNanoseconds(m.percentile(1)),
        formatSpread(m.spread), String(m.iterationsPerSample),
        floor.map { String(format: "%.1f×", m.p50 / $0) } ?? "-",
        m.flags.map(\.rawValue).joined(separator: ", "),
      ]
    }
  }

  static let fullHeaders = [
    "case", "style", "p0", "p25", "p50", "p75", "p90", "p100", "spread", "batch", "× floor",
    "flags",
  ]

  /// The full table for the terminal.
  package var fullText: String {
    ([header, ""] + Self.layout([Self.fullHeaders] + fullRows, rightAligned: [], width: nil))
      .joined(separator: "\n")
  }

  /// Markdown: the side-by-side table, the legend, every percentile, the goals.
  package func markdown(goals: [Goal] = []) -> String {
    func table(_ headers: [String], _ rows: [[String]]) -> [String] {
      [
        "| " + headers.joined(separator: " | ") + " |",
        "|" + String(repeating: " --- |", count: headers.count),
      ]
        + rows.map { "| " + $0.map { $0.isEmpty ? " " : $0 }.joined(separator: " | ") + " |" }
    }
    let pairs = pairRows.map { row in
      [
        row.label,
        row.vanilla.map { "`\($0.name)` \(formatNanoseconds($0.p50))" } ?? "—",
        row.other.map { "`\($0.name)` \(formatNanoseconds($0.p50))" } ?? "—",
        row.ratio.map { String(format: "%.2f×", $0) } ?? "—",
        formatSpread(row.spread),
        row.flags,
      ]
    }
    var lines = ["Measured on \(header.dropFirst("prime-time-benchmarks — ".count))."]
    lines += [""] + table(["pair", "vanilla", "composable", "ratio", "spread", "flags"], pairs)
    lines += ["", footer, "", Self.legend, "", "<details><summary>Every percentile</summary>", ""]
    lines += table(Self.fullHeaders, fullRows) + ["", "</details>"]
    if !goals.isEmpty { lines += ["", "### Goals", "", goalsMarkdown(goals)] }
    return lines.joined(separator: "\n")
  }

  /// Pads cells into columns; a row wider than `width` has its first cell shortened with "…".
  static func layout(_ rows: [[String]], rightAligned: Set<Int>, width: Int?) -> [String] {
    guard let first = rows.first else { return [] }
    var widths = first.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    if let width {
      let total = widths.reduce(0, +) + 2 * (widths.count - 1)
      if total > width { widths[0] = max(8, widths[0] - (total - width)) }
    }
    let labels = uniqueLabels(rows.map { $0[0] }, width: widths[0])
    return zip(rows, labels).map { row, label in
      row.enumerated().map { column, cell in
        var cell = column == 0 ? label : cell
        if cell.count > widths[column] { cell = shortened(cell, to: widths[column], keepingEnd: 0) }
        let pad = String(repeating: " ", count: widths[column] - cell.count)
        return rightAligned.contains(column) ? pad + cell : cell + pad
      }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
    }
  }

  /// `labels` shortened to `width`, each still different from the others.
  ///
  /// A label is cut at the end; where that makes two read the same, both keep their end from
  /// the word where they start to differ ("save + rem…100000 favourites"), and if even that
  /// collides, as much of the end as it takes.
  static func uniqueLabels(_ labels: [String], width: Int) -> [String] {
    let cut = labels.map { shortened($0, to: width, keepingEnd: 0) }
    var used = Set<String>()
    return labels.indices.map { index in
      let label = labels[index]
      var candidate = cut[index]
      let twins = labels.indices.filter { $0 != index && cut[$0] == candidate }
      if !twins.isEmpty {
        let shared = twins.map { twin in zip(label, labels[twin]).prefix { $0 == $1 }.count }.max()!
        let start =
          label.prefix(shared).lastIndex(of: " ").map {
            label.distance(from: label.startIndex, to: $0) + 1
          } ?? shared
        candidate = shortened(label, to: width, keepingEnd: label.count - start)
      }
      var end = 0
      while used.contains(candidate), end < width - 1 {
        end += 1
        candidate = shortened(label, to: width, keepingEnd: end)
      }
      used.insert(candidate)
      return candidate
    }
  }

  /// `cell` cut to `width` characters with "…", keeping its last `keepingEnd` characters.
  static func shortened(_ cell: String, to width: Int, keepingEnd end: Int) -> String {
    guard cell.count > width, width > 1 else { return cell }
    let tail = min(end, width - 1)
    return String(cell.prefix(width - 1 - tail)) + "…" + String(cell.suffix(tail))
  }

  /// Wraps `text` at word boundaries to lines of at most `width` characters.
  static func wrap(_ text: String, width: Int) -> String {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty, line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += line.isEmpty ? String(word) : " " + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines.joined(separator: "\n")
  }
}

extension Report {
  /// Each goal with its measured ratio and its verdict; a goal whose cases were filtered out
  /// is left out.
  package func goalResults(_ goals: [Goal]) -> [(goal: Goal, ratio: Double, verdict: String)] {
    goals.compactMap { goal in
      guard let ratio = medianRatio(goal.numerator, goal.denominator) else { return nil }
      let control = goal.control.flatMap { medianRatio($0.numerator, $0.denominator) }
      return (goal, ratio, goal.verdict(ratio, control: control))
    }
  }

  /// The ratio of two cases' medians, or nil when either is missing.
  private func medianRatio(_ numerator: String, _ denominator: String) -> Double? {
    guard let top = result(numerator)?.p50, let bottom = result(denominator)?.p50, bottom > 0
    else { return nil }
    return top / bottom
  }

  /// The goals, one line each (wrapped to the table's width), for the terminal.
  package func goalsText(_ goals: [Goal]) -> String {
    goalResults(goals).map { goal, ratio, verdict in
      Self.wrap(
        String(format: "goal: %@ — %.2f× (%@)", goal.title, ratio, verdict),
        width: Self.columns - 2
      ).replacingOccurrences(of: "\n", with: "\n  ")
    }.joined(separator: "\n")
  }

  /// The goals as a Markdown table.
  package func goalsMarkdown(_ goals: [Goal]) -> String {
    (["| goal | measured | verdict |", "| --- | --- | --- |"]
      + goalResults(goals).map { goal, ratio, verdict in
        String(format: "| %@ | %.2f× | %@ |", goal.title, ratio, verdict)
      }).joined(separator: "\n")
  }

}

extension Report {
  /// The change of each case's median against an earlier run, each marked as a real change or
  /// as within the noise of the two runs; warns first when the runs are not comparable.
  package func comparison(with baseline: Report) -> String {
    var lines: [String] = []
    let old = baseline.machine
    if old.cpu != machine.cpu || old.cores != machine.cores {
      lines.append(
        "warning: the baseline ran on \(old.cpu), \(old.cores) cores; this run on "
          + "\(machine.cpu), \(machine.cores) cores. Differences include the machine."
      )
    }
    if old.toolchain != machine.toolchain {
      lines.append(
        "warning: the baseline was built with \(old.toolchain); this run with "
          + "\(machine.toolchain). Differences include the compiler."
      )
    }
    if baseline.quick != quick {
      lines.append("warning: one run is --quick and the other is not (fewer samples).")
    }
    for m in results {
      guard let before = baseline.result(m.name), before.p50 > 0 else {
        lines.append("\(m.name): new")
        continue
      }
      let change = (m.p50 - before.p50) / before.p50
      let noise = max(m.spread, before.spread)
      let verdict =
        abs(change) <= noise
        ? "within noise (±\(formatSpread(noise)))"
        : (change < 0 ? "faster" : "slower")
      lines.append(
        String(
          format: "%@: %@ → %@ (%+.1f%%) %@",
          m.name,
          formatNanoseconds(before.p50),
          formatNanoseconds(m.p50),
          change * 100,
          verdict
        )
      )
    }
    return lines.joined(separator: "\n")
  }
}
