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
/// - Parameter searchSteps: How long to search for the fewest edits (see
///   ``_alignLines(_:_:searchSteps:)``).
/// - Returns: The diff lines joined with newlines, or `nil` when the dumps are equal.
package func _diff(
  expected: String,
  actual: String,
  searchSteps: Int = _searchAlignmentSteps
) -> String? {
  guard expected != actual else { return nil }
  let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  let lines = _alignLines(old, new, searchSteps: searchSteps)

  func indent(_ text: String) -> Int { text.prefix { $0 == " " }.count }

  // Every changed line is shown with one line of context, and so are the lines that open the
  // structures containing it and the lines that close them. The openers of a line are the
  // unchanged lines before it, each indented less than the one after it: kept on a stack in one
  // pass (an unchanged line ends every open structure indented as much or more), so a diff
  // costs time in proportion to its lines, not to its changes times its lines.
  var shown = Set<Int>()
  var openers: [(index: Int, indent: Int)] = []
  // Openers already shown with their closers: their own openers are below them on the stack,
  // and were shown with them.
  var expanded = Set<Int>()
  var closers: [Int: Int?] = [:]
  func closer(of opener: (index: Int, indent: Int), after index: Int) -> Int? {
    if let known = closers[opener.index] { return known }
    let found = lines[(index + 1)...].firstIndex {
      $0.kind == .same && indent($0.text) == opener.indent
    }
    closers[opener.index] = found
    return found
  }
  for index in lines.indices {
    let level = indent(lines[index].text)
    if lines[index].kind == .same {
      while let last = openers.last, last.indent >= level { openers.removeLast() }
      openers.append((index, level))
      continue
    }
    shown.formUnion(max(0, index - 1)...min(lines.count - 1, index + 1))
    for opener in openers.reversed() where opener.indent < level {
      guard expanded.insert(opener.index).inserted else { break }
      shown.insert(opener.index)
      if let closer = closer(of: opener, after: index) { shown.insert(closer) }
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

/// Aligns two line lists with the fewest removed and added lines, removals before additions.
///
/// Past the common prefix and suffix, two short lists are aligned by filling the whole table of
/// their longest common subsequence (exact, and cheap while it has at most
/// ``_exactAlignmentCells`` cells); longer ones by following the fewest edits outward from the
/// start (Myers' algorithm, which costs time in proportion to the lines times the edits, so a
/// few changes in a large dump cost little), given up past `searchSteps` steps: the
/// lists are then shown as every old line removed and every new line added, which is still a
/// true diff, only not the shortest. So a diff of two large states never stalls a failing test
/// or `_printChanges()`, however they differ.
package func _alignLines(
  _ old: [String],
  _ new: [String],
  searchSteps: Int = _searchAlignmentSteps
) -> [_DiffLine] {
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
  var lines = old[..<prefix].map { _DiffLine(kind: .same, text: $0) }
  let cells = oldMiddle.count.multipliedReportingOverflow(by: newMiddle.count)
  if !cells.overflow, cells.partialValue <= _exactAlignmentCells {
    lines += _alignExactly(oldMiddle, newMiddle)
  } else if let aligned = _alignBySearch(oldMiddle, newMiddle, steps: searchSteps) {
    lines += aligned
  } else {
    lines += oldMiddle.map { _DiffLine(kind: .removed, text: $0) }
    lines += newMiddle.map { _DiffLine(kind: .added, text: $0) }
  }
  lines += old[(old.count - suffix)...].map { _DiffLine(kind: .same, text: $0) }
  return lines
}

/// The most cells of a longest-common-subsequence table that
/// ``_alignLines(_:_:searchSteps:)`` fills (about 30 MB, a fraction of a second): 2,000 lines
/// against 2,000.
package let _exactAlignmentCells = 4_000_000

/// The most steps (lines compared, diagonals tried, positions saved for the walk back) that
/// ``_alignLines(_:_:searchSteps:)`` spends, by default, searching for the fewest edits before
/// it shows a block removed and a block added instead: at most about 80 MB, and about a second
/// in a debug build when a search spends it all (less in a release build).
package let _searchAlignmentSteps = 10_000_000

/// Aligns two line lists through the table of their longest common subsequence: O(n·m) time
/// and memory, removals before additions.
package func _alignExactly(_ old: [String], _ new: [String]) -> [_DiffLine] {
  let n = old.count
  let m = new.count
  var lcs = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
  if n > 0, m > 0 {
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        lcs[i][j] = old[i] == new[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
      }
    }
  }
  var lines: [_DiffLine] = []
  var i = 0
  var j = 0
  while i < n || j < m {
    if i < n, j < m, old[i] == new[j] {
      lines.append(_DiffLine(kind: .same, text: old[i]))
      i += 1
      j += 1
    } else if i < n, j == m || lcs[i + 1][j] >= lcs[i][j + 1] {
      lines.append(_DiffLine(kind: .removed, text: old[i]))
      i += 1
    } else {
      lines.append(_DiffLine(kind: .added, text: new[j]))
      j += 1
    }
  }
  return lines
}

/// Aligns two line lists with the fewest edits by Myers' greedy search.
///
/// Returns `nil` once it has taken more than `steps` steps (each line compared, diagonal tried
/// or position saved counts one). Time O((n + m)·d) and memory O(d²) for d edits; within each
/// run of changes, removals come before additions.
package func _alignBySearch(_ old: [String], _ new: [String], steps: Int) -> [_DiffLine]? {
  let n = old.count
  let m = new.count
  let most = n + m
  // furthest[k + most]: how far along `old` the best path on diagonal k (old index − new
  // index) has reached; one copy kept per number of edits, for walking back.
  var furthest = Array(repeating: 0, count: 2 * most + 2)
  var history: [[Int]] = []
  var budget = steps
  var edits = -1
  search: for d in 0...most {
    history.append(Array(furthest[(most - d)...(most + d + 1)]))
    budget -= 2 * d + 2
    for k in stride(from: -d, through: d, by: 2) {
      var x =
        k == -d || (k != d && furthest[most + k - 1] < furthest[most + k + 1])
        ? furthest[most + k + 1] : furthest[most + k - 1] + 1
      var y = x - k
      while x < n, y < m, old[x] == new[y] {
        x += 1
        y += 1
        budget -= 1
      }
      budget -= 1
      if budget < 0 { return nil }
      furthest[most + k] = x
      if x >= n, y >= m {
        edits = d
        break search
      }
    }
  }
  guard edits >= 0 else { return nil }
  // Walk back from the end, one edit at a time, through the saved rows.
  var reversed: [_DiffLine] = []
  var x = n
  var y = m
  for d in stride(from: edits, through: 1, by: -1) {
    let row = history[d]  // row[k + d] is furthest[k] before edit d was taken
    let k = x - y
    let cameDown = k == -d || (k != d && row[k - 1 + d] < row[k + 1 + d])
    let previousK = cameDown ? k + 1 : k - 1
    let previousX = row[previousK + d]
    let previousY = previousX - previousK
    while x > previousX + (cameDown ? 0 : 1), y > previousY + (cameDown ? 1 : 0) {
      x -= 1
      y -= 1
      reversed.append(_DiffLine(kind: .same, text: old[x]))
    }
    if cameDown {
      y -= 1
      reversed.append(_DiffLine(kind: .added, text: new[y]))
    } else {
      x -= 1
      reversed.append(_DiffLine(kind: .removed, text: old[x]))
    }
  }
  while x > 0, y > 0 {
    x -= 1
    y -= 1
    reversed.append(_DiffLine(kind: .same, text: old[x]))
  }
  // Within each run of changes, removals first.
  var lines: [_DiffLine] = []
  lines.reserveCapacity(reversed.count)
  var run: [_DiffLine] = []
  func flush() {
    lines += run.filter { $0.kind == .removed } + run.filter { $0.kind == .added }
    run.removeAll(keepingCapacity: true)
  }
  for line in reversed.reversed() {
    if line.kind == .same {
      flush()
      lines.append(line)
    } else {
      run.append(line)
    }
  }
  flush()
  return lines
}
