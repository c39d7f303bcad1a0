/// The lines of Swift's `dump` of a value (a debugging aid, not used on hot paths).
package func _dumpLines(_ value: some Any) -> [String] {
  var text = ""
  dump(value, to: &text)
  return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    .filter { !$0.isEmpty }
}

/// A line diff of `old` and `new`: changed lines prefixed `−` (old) and `+` (new), with
/// `context` unchanged lines around each change (prefixed with a space) and `…` between hunks.
///
/// Uses the longest common subsequence, so an inserted line shows as one `+`, not as every
/// following line changing.
package func _lineDiff(_ old: [String], _ new: [String], context: Int = 2) -> [String] {
  let n = old.count
  let m = new.count
  // lcs[i][j]: length of the LCS of old[i...] and new[j...].
  var lcs = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
  for i in stride(from: n - 1, through: 0, by: -1) {
    for j in stride(from: m - 1, through: 0, by: -1) {
      lcs[i][j] = old[i] == new[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
    }
  }
  enum Line {
    case same(String)
    case removed(String)
    case added(String)
  }
  var lines: [Line] = []
  var i = 0
  var j = 0
  while i < n || j < m {
    if i < n, j < m, old[i] == new[j] {
      lines.append(.same(old[i]))
      i += 1
      j += 1
    } else if i < n, j == m || lcs[i + 1][j] >= lcs[i][j + 1] {
      lines.append(.removed(old[i]))
      i += 1
    } else {
      lines.append(.added(new[j]))
      j += 1
    }
  }
  let changed = lines.indices.filter {
    if case .same = lines[$0] { return false }
    return true
  }
  var output: [String] = []
  var lastPrinted = -1
  for index in lines.indices {
    let near = changed.contains { abs($0 - index) <= context }
    guard near else { continue }
    if lastPrinted >= 0, index > lastPrinted + 1 { output.append(" …") }
    switch lines[index] {
    case .same(let text): output.append(" " + text)
    case .removed(let text): output.append("−" + text)
    case .added(let text): output.append("+" + text)
    }
    lastPrinted = index
  }
  return output
}
