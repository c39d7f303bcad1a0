/// A readable diff of two dumps (see ``_dump(_:)``): only the changed lines, each with one line
/// of context and the lines that open the structures containing it, `−` for `expected` and `+`
/// for `actual`; runs of unchanged lines fold into `… (N unchanged)`.
///
/// ```
///   AppFeature.State(
/// −   count: 1,
/// +   count: 2,
///     … (3 unchanged)
///   )
/// ```
///
/// - Returns: The diff lines joined with newlines, or `nil` when the dumps are equal.
package func _diff(expected: String, actual: String) -> String? {
  guard expected != actual else { return nil }
  let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  let lines = _alignLines(old, new)

  func indent(_ text: String) -> Int { text.prefix { $0 == " " }.count }

  var shown = Set<Int>()
  for index in lines.indices where lines[index].kind != .same {
    shown.formUnion(max(0, index - 1)...min(lines.count - 1, index + 1))
    // The lines that open the structures containing this change, and the lines closing them.
    var level = indent(lines[index].text)
    var cursor = index - 1
    while cursor >= 0, level > 0 {
      let candidate = lines[cursor]
      if candidate.kind == .same, indent(candidate.text) < level {
        shown.insert(cursor)
        level = indent(candidate.text)
        if let closer = lines[(index + 1)...].firstIndex(where: {
          $0.kind == .same && indent($0.text) == level
        }) {
          shown.insert(closer)
        }
      }
      cursor -= 1
    }
  }
  shown.insert(0)
  shown.insert(lines.count - 1)

  var output: [String] = []
  var index = 0
  while index < lines.count {
    if shown.contains(index) {
      let line = lines[index]
      let marker = line.kind == .removed ? "−" : line.kind == .added ? "+" : " "
      output.append("\(marker) \(line.text)")
      index += 1
    } else {
      let start = index
      while index < lines.count, !shown.contains(index) { index += 1 }
      if index - start == 1 {
        // Folding one line saves nothing: show it.
        output.append("  \(lines[start].text)")
        continue
      }
      let hidden = index - start
      let padding = String(repeating: " ", count: indent(lines[start].text))
      output.append("  \(padding)… (\(hidden) unchanged)")
    }
  }
  return output.joined(separator: "\n")
}

/// One line of an aligned diff.
package struct _DiffLine: Equatable {
  package enum Kind { case same, removed, added }
  package var kind: Kind
  package var text: String
}

/// Aligns two line lists with their longest common subsequence, removals before additions.
package func _alignLines(_ old: [String], _ new: [String]) -> [_DiffLine] {
  // Trim the common prefix and suffix first: most dumps differ in a few lines.
  var prefix = 0
  while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
  var suffix = 0
  while suffix < old.count - prefix, suffix < new.count - prefix,
    old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
  {
    suffix += 1
  }
  let oldMiddle = Array(old[prefix..<(old.count - suffix)])
  let newMiddle = Array(new[prefix..<(new.count - suffix)])
  let n = oldMiddle.count
  let m = newMiddle.count
  var lcs = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
  if n > 0, m > 0 {
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        lcs[i][j] =
          oldMiddle[i] == newMiddle[j]
          ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
      }
    }
  }
  var lines = old[..<prefix].map { _DiffLine(kind: .same, text: $0) }
  var i = 0
  var j = 0
  while i < n || j < m {
    if i < n, j < m, oldMiddle[i] == newMiddle[j] {
      lines.append(_DiffLine(kind: .same, text: oldMiddle[i]))
      i += 1
      j += 1
    } else if i < n, j == m || lcs[i + 1][j] >= lcs[i][j + 1] {
      lines.append(_DiffLine(kind: .removed, text: oldMiddle[i]))
      i += 1
    } else {
      lines.append(_DiffLine(kind: .added, text: newMiddle[j]))
      j += 1
    }
  }
  lines += old[(old.count - suffix)...].map { _DiffLine(kind: .same, text: $0) }
  return lines
}
