import Foundation

extension Report {
  /// The fixed axis of every chart, in nanoseconds: 1 ns to 10 ms, so two charts compare.
  static let axisDecades = 0...7

  /// A horizontal bar chart of the medians, grouped by pair.
  ///
  /// Each bar ends at the median and a darker band spans p25–p75; each group states the
  /// composable ÷ vanilla ratio; the header says where and when it was measured. The log axis
  /// is fixed at 1 ns–10 ms.
  package var svg: String {
    let labelWidth = 330.0
    let plotWidth = 490.0
    let valueWidth = 170.0
    let barHeight = 14.0
    let top = 78.0
    let colors: [Benchmark.Style: String] = [
      .floor: "#9e9e9e", .vanilla: "#e8833a", .composable: "#3a7be8", .information: "#6aa84f",
    ]
    let low = Double(Self.axisDecades.lowerBound)
    let high = Double(Self.axisDecades.upperBound)
    func x(_ nanoseconds: Double) -> Double {
      let decade = min(max(log10(max(nanoseconds, 1)), low), high)
      return labelWidth + (decade - low) / (high - low) * plotWidth
    }
    func escape(_ text: String) -> String {
      text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;")
    }

    var groups: [(pair: String, cases: [Measurement])] = []
    for result in results {
      if let index = groups.firstIndex(where: { $0.pair == result.pair }) {
        groups[index].cases.append(result)
      } else {
        groups.append((result.pair, [result]))
      }
    }

    var body: [String] = []
    var y = top
    for group in groups {
      let vanilla = group.cases.first { $0.style == .vanilla }
      let composables = group.cases.filter { $0.style == .composable }
      var heading = group.pair
      if let vanilla, composables.count == 1, let composable = composables.first {
        heading += String(format: " — composable ÷ vanilla: %.2f×", composable.p50 / vanilla.p50)
      }
      body.append(
        "<text x=\"10\" y=\"\(y + 11)\" font-weight=\"bold\">\(escape(heading))</text>"
      )
      y += barHeight + 4
      for m in group.cases {
        let end = x(m.p50)
        let bandStart = x(m.percentile(0.25))
        let bandEnd = max(x(m.percentile(0.75)), bandStart + 1)
        var value = formatNanoseconds(m.p50)
        if m.style == .composable, let vanilla, vanilla.p50 > 0, composables.count > 1 {
          value += String(format: " (%.2f×)", m.p50 / vanilla.p50)
        }
        if !m.flags.isEmpty { value += " " + m.flags.map(\.rawValue).joined(separator: ", ") }
        body.append(
          "<text x=\"\(labelWidth - 8)\" y=\"\(y + 11)\" text-anchor=\"end\">\(escape(m.name))</text>"
            + "<rect x=\"\(labelWidth)\" y=\"\(y)\" width=\"\(max(end - labelWidth, 1))\" "
            + "height=\"\(barHeight)\" fill=\"\(colors[m.style] ?? "#000")\" opacity=\"0.55\"/>"
            + "<rect x=\"\(bandStart)\" y=\"\(y + 3)\" width=\"\(bandEnd - bandStart)\" "
            + "height=\"\(barHeight - 6)\" fill=\"\(colors[m.style] ?? "#000")\"/>"
            + "<line x1=\"\(end)\" y1=\"\(y - 1)\" x2=\"\(end)\" y2=\"\(y + barHeight + 1)\" "
            + "stroke=\"#222\" stroke-width=\"1.5\"/>"
            + "<text x=\"\(labelWidth + plotWidth + 8)\" y=\"\(y + 11)\">\(escape(value))</text>"
        )
        y += barHeight + 3
      }
      y += 8
    }
    let height = y + 30
    let width = labelWidth + plotWidth + valueWidth

    var axis: [String] = []
    for decade in Self.axisDecades {
      let position = x(pow(10, Double(decade)))
      let label = formatNanoseconds(pow(10, Double(decade))).replacingOccurrences(
        of: ".0 ",
        with: " "
      )
      .replacingOccurrences(of: ".00 ", with: " ")
      axis.append(
        "<line x1=\"\(position)\" y1=\"\(top - 6)\" x2=\"\(position)\" y2=\"\(height - 26)\" "
          + "stroke=\"#ddd\"/>"
          + "<text x=\"\(position)\" y=\"\(top - 10)\" text-anchor=\"middle\" fill=\"#555\">"
          + "\(label)</text>"
          + "<text x=\"\(position)\" y=\"\(height - 12)\" text-anchor=\"middle\" fill=\"#555\">"
          + "\(label)</text>"
      )
    }
    var legendX = 10.0
    var legend: [String] = []
    for style in Benchmark.Style.allCases {
      legend.append(
        "<rect x=\"\(legendX)\" y=\"40\" width=\"12\" height=\"12\" fill=\"\(colors[style]!)\"/>"
          + "<text x=\"\(legendX + 16)\" y=\"50\">\(style.rawValue)</text>"
      )
      legendX += 110
    }
    legend.append(
      "<text x=\"\(legendX)\" y=\"50\" fill=\"#555\">bar: median · dark band: p25–p75 · "
        + "axis fixed at 1 ns–10 ms, log scale</text>"
    )

    let title =
      "Time per operation, vanilla and composable side by side\(quick ? " (quick run)" : "")"
    let subtitle =
      "\(machine.cpu), \(machine.cores) cores · \(machine.toolchain) · \(machine.date)"
    return
      ([
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
        font-family="Helvetica, Arial, sans-serif" font-size="12">
        <rect width="100%" height="100%" fill="white"/>
        <text x="10" y="18" font-size="15" font-weight="bold">\(escape(title))</text>
        <text x="10" y="34" fill="#444">\(escape(subtitle))</text>
        """
      ] + legend + axis + body + ["</svg>"]).joined(separator: "\n")
  }
}
