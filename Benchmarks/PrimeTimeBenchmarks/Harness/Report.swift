import Foundation

/// A whole run: where, and every measurement.
struct Report: Codable {
  let machine: Machine
  let quick: Bool
  let results: [Measurement]

  func result(_ name: String) -> Measurement? { results.first { $0.name == name } }
}

/// Formats nanoseconds for people: "81.2 ns", "1.31 µs", "2.40 ms".
func formatNanoseconds(_ value: Double) -> String {
  switch value {
  case ..<1_000: String(format: "%.1f ns", value)
  case ..<1_000_000: String(format: "%.2f µs", value / 1_000)
  default: String(format: "%.2f ms", value / 1_000_000)
  }
}

extension Report {
  /// The floor every case is compared with: a plain `inout` struct mutation.
  var floor: Double? { result("Floor.InoutMutate")?.p50 }

  /// Rows for the tables: name, style, p0…p100, ns/op at p50, ops/s, × floor.
  var rows: [[String]] {
    results.map { m in
      [
        m.name, m.pair, m.style.rawValue,
        formatNanoseconds(m.percentile(0)), formatNanoseconds(m.percentile(0.25)),
        formatNanoseconds(m.p50), formatNanoseconds(m.percentile(0.75)),
        formatNanoseconds(m.percentile(0.9)), formatNanoseconds(m.percentile(1)),
        String(format: "%.0f", m.opsPerSecond),
        floor.map { String(format: "%.1f×", m.p50 / $0) } ?? "-",
      ]
    }
  }

  static let headers = [
    "case", "pair", "style", "p0", "p25", "p50 (ns/op)", "p75", "p90", "p100", "ops/s", "× floor",
  ]

  /// A plain-text table for the terminal.
  var text: String {
    let table = [Self.headers] + rows
    let widths = Self.headers.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
    let lines = table.map { row in
      row.enumerated().map { column, cell in
        cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
      }.joined(separator: "  ")
    }
    return ([header] + lines + ["", goalsText]).joined(separator: "\n")
  }

  var header: String {
    "prime-time-benchmarks — \(machine.cpu), \(machine.cores) cores, \(machine.toolchain), "
      + "\(machine.date)\(quick ? " (quick)" : "")\n"
  }

  /// A Markdown table (for Docs/Benchmarks.md).
  var markdown: String {
    let head = "| " + Self.headers.joined(separator: " | ") + " |"
    let rule = "|" + String(repeating: " --- |", count: Self.headers.count)
    let body = rows.map { "| " + $0.joined(separator: " | ") + " |" }
    return
      ([
        "Measured on \(machine.cpu), \(machine.cores) cores, \(machine.toolchain), \(machine.date)."
      ]
      + ["", head, rule] + body + ["", "### Goals", "", goalsMarkdown]).joined(separator: "\n")
  }
}

/// A performance goal the report checks: `numerator / denominator ≤ limit`.
struct Goal {
  let title: String
  let numerator: String
  let denominator: String
  let limit: Double
}

let goals = [
  Goal(
    title: "Store.Send ≤ 1.5× Vanilla.Mutate",
    numerator: "Store.Send",
    denominator: "Vanilla.Mutate",
    limit: 1.5
  ),
  Goal(
    title: "Three-field action in the Store ≤ 1.0× the vanilla method",
    numerator: "Store.NthPrimeResponse",
    denominator: "Vanilla.NthPrimeResponse",
    limit: 1.0
  ),
  Goal(
    title: "Nested depth 10 ≤ 2× depth 1",
    numerator: "NestedStore.Send.Depth10",
    denominator: "NestedStore.Send.Depth1",
    limit: 2
  ),
  Goal(
    title: "Stack element action at 10,000 ≤ 1.2× at 1",
    numerator: "Stack.ElementAction.10000",
    denominator: "Stack.ElementAction.1",
    limit: 1.2
  ),
  Goal(
    title: "Store: 100,000 favourites ≤ 1.2× 10 favourites",
    numerator: "Store.SaveRemoveFavorite.100000",
    denominator: "Store.SaveRemoveFavorite.10",
    limit: 1.2
  ),
  Goal(
    title: "Vanilla: 100,000 favourites ≤ 1.2× 10 favourites",
    numerator: "Vanilla.SaveRemoveFavorite.100000",
    denominator: "Vanilla.SaveRemoveFavorite.10",
    limit: 1.2
  ),
]

extension Report {
  /// Each goal with its measured ratio, or nil when a case was filtered out.
  var goalResults: [(goal: Goal, ratio: Double)] {
    goals.compactMap { goal in
      guard let top = result(goal.numerator)?.p50, let bottom = result(goal.denominator)?.p50
      else { return nil }
      return (goal, top / bottom)
    }
  }

  var goalsText: String {
    goalResults.map { goal, ratio in
      let verdict =
        ratio <= goal.limit ? "met" : String(format: "MISSED by %.1f×", ratio / goal.limit)
      return String(format: "goal: %@ — %.2f× (%@)", goal.title, ratio, verdict)
    }.joined(separator: "\n")
  }

  var goalsMarkdown: String {
    (["| goal | measured | verdict |", "| --- | --- | --- |"]
      + goalResults.map { goal, ratio in
        let verdict =
          ratio <= goal.limit ? "met" : String(format: "missed by %.1f×", ratio / goal.limit)
        return String(format: "| %@ | %.2f× | %@ |", goal.title, ratio, verdict)
      }).joined(separator: "\n")
  }

  /// The change of each case's p50 against an earlier run.
  func comparison(with baseline: Report) -> String {
    results.map { m in
      guard let old = baseline.result(m.name)?.p50 else { return "\(m.name): new" }
      let change = (m.p50 - old) / old * 100
      return String(
        format: "%@: %@ → %@ (%+.1f%%)",
        m.name,
        formatNanoseconds(old),
        formatNanoseconds(m.p50),
        change
      )
    }.joined(separator: "\n")
  }

  /// A horizontal bar chart of p50 ns/op per case on a log scale, coloured by style.
  var svg: String {
    let barHeight = 16.0
    let gap = 6.0
    let left = 290.0
    let width = 560.0
    let top = 40.0
    let values = results.map(\.p50).filter { $0 > 0 }
    let low = log10(max(0.1, (values.min() ?? 1) / 2))
    let high = log10((values.max() ?? 10) * 2)
    func x(_ value: Double) -> Double { (log10(max(value, 0.1)) - low) / (high - low) * width }
    let colors: [Benchmark.Style: String] = [
      .floor: "#9e9e9e", .vanilla: "#e8833a", .composable: "#3a7be8", .information: "#6aa84f",
    ]
    var parts: [String] = []
    let height = top + Double(results.count) * (barHeight + gap) + 40
    parts.append(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(left + width + 120))" height="\(Int(height))" \
      font-family="Helvetica, Arial, sans-serif" font-size="12">
      <rect width="100%" height="100%" fill="white"/>
      <text x="10" y="20" font-size="14" font-weight="bold">p50 ns/op (log scale) — grey: floor, \
      orange: vanilla, blue: composable, green: information</text>
      """
    )
    var decade = ceil(low)
    while decade <= high {
      let position = left + (decade - low) / (high - low) * width
      parts.append(
        "<line x1=\"\(position)\" y1=\"\(top - 8)\" x2=\"\(position)\" y2=\"\(height - 30)\" stroke=\"#ddd\"/>"
          + "<text x=\"\(position)\" y=\"\(height - 14)\" text-anchor=\"middle\">"
          + "\(formatNanoseconds(pow(10, decade)))</text>"
      )
      decade += 1
    }
    for (index, m) in results.enumerated() {
      let y = top + Double(index) * (barHeight + gap)
      let barWidth = max(1, x(m.p50))
      parts.append(
        "<text x=\"\(left - 8)\" y=\"\(y + 12)\" text-anchor=\"end\">\(m.name)</text>"
          + "<rect x=\"\(left)\" y=\"\(y)\" width=\"\(barWidth)\" height=\"\(barHeight)\" "
          + "fill=\"\(colors[m.style] ?? "#000")\"/>"
          + "<text x=\"\(left + barWidth + 6)\" y=\"\(y + 12)\">\(formatNanoseconds(m.p50))</text>"
      )
    }
    parts.append("</svg>")
    return parts.joined(separator: "\n")
  }
}
