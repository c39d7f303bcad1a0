import Foundation

/// The mutation operators, applied alike to both apps' sources.
///
/// Each works on one line's code (never on comments or strings) and makes one mutant per place
/// it applies:
/// - arithmetic: ` + ` ↔ ` - `, ` += ` ↔ ` -= `;
/// - comparison: ` < ` ↔ ` <= `, ` > ` ↔ ` >= `, ` == ` ↔ ` != `;
/// - boolean: ` && ` ↔ ` || `, and an `if`/`guard`/`while` condition negated;
/// - constant: an integer literal made one larger;
/// - statement removed: an assignment, an `append`, a `cancel`;
/// - call site: in a screen, a button calling the next method of the same model (vanilla) or
///   sending the screen's next action (composable), in name order — the same mistake in each
///   app's own words;
/// - await dropped: an awaited statement removed (a task's result, a sleep).
enum MutationOperators {
  /// The app sources of the designs written today, and the role of each.
  static let files: [(app: Mutant.App, path: String, role: MechanicalMutant.Role)] = [
    (.vanilla, "Sources/VanillaPrimeTime/PrimeCounter.swift", .logic),
    (.vanilla, "Sources/VanillaPrimeTime/IsPrimeModal.swift", .logic),
    (.vanilla, "Sources/VanillaPrimeTime/FavoritePrimesList.swift", .logic),
    (.vanilla, "Sources/VanillaPrimeTime/Favorites.swift", .logic),
    (.vanilla, "Sources/VanillaPrimeTime/PrimeTime.swift", .logic),
    (.vanilla, "Sources/VanillaPrimeTime/Clients/FavoritesFileClient.swift", .persistence),
    (.vanilla, "Sources/VanillaPrimeTime/Clients/NthPrimeClient.swift", .dependency),
    (.vanilla, "Sources/VanillaPrimeTime/Stack/Root.swift", .navigation),
    (.vanilla, "Sources/VanillaPrimeTime/Stack/StackCounter.swift", .navigation),
    (.vanilla, "Sources/VanillaPrimeTime/Stack/NumberFact.swift", .navigation),
    (.vanilla, "Sources/VanillaPrimeTime/Stack/PrimeNumber.swift", .navigation),
    (.vanilla, "Sources/VanillaPrimeTime/Stack/StackView.swift", .screen),
    (.composable, "Sources/ComposablePrimeTime/PrimeCounter.swift", .logic),
    (.composable, "Sources/ComposablePrimeTime/IsPrimeModal.swift", .logic),
    (.composable, "Sources/ComposablePrimeTime/FavoritePrimesList.swift", .logic),
    (.composable, "Sources/ComposablePrimeTime/PrimeTime.swift", .logic),
    (.composable, "Sources/ComposablePrimeTime/Dependencies/FileClient.swift", .persistence),
    (.composable, "Sources/ComposablePrimeTime/Dependencies/PrimeClient.swift", .dependency),
    (.composable, "Sources/ComposablePrimeTime/Dependencies/NumberFactClient.swift", .dependency),
    (.composable, "Sources/ComposablePrimeTime/Stack/Root.swift", .navigation),
    (.composable, "Sources/ComposablePrimeTime/Stack/StackCounter.swift", .navigation),
    (.composable, "Sources/ComposablePrimeTime/Stack/NumberFact.swift", .navigation),
    (.composable, "Sources/ComposablePrimeTime/Stack/PrimeNumber.swift", .navigation),
    (.composable, "Sources/ComposablePrimeTime/Stack/StackView.swift", .screen),
  ]

  /// Every mutant of every file, in a fixed order (file, line, operator, place in the line).
  static func all(root: URL) throws -> [MechanicalMutant] {
    try files.flatMap { file in
      let url = root.appendingPathComponent(file.path)
      guard let text = try? String(contentsOf: url, encoding: .utf8) else {
        throw ReportError("mutate: cannot read \(file.path)")
      }
      do {
        return try mutants(of: text, app: file.app, path: file.path, role: file.role)
      } catch {
        throw ReportError("mutate: cannot tell code from comments in \(file.path): \(error)")
      }
    }
  }

  /// Every mutant of one file's text.
  static func mutants(
    of text: String,
    app: Mutant.App,
    path: String,
    role: MechanicalMutant.Role
  ) throws -> [MechanicalMutant] {
    let source = try SourceText(text)
    let screens = screenRegions(source)
    var result: [MechanicalMutant] = []
    for index in source.lines.indices {
      let screen = screens.first { $0.lines.contains(index) }
      let lineRole = screen == nil ? role : .screen
      func add(_ op: MechanicalMutant.Operator, _ replacement: String?) {
        result.append(
          MechanicalMutant(
            app: app,
            path: path,
            role: lineRole,
            op: op,
            line: index + 1,
            original: source.text(index),
            replacement: replacement
          )
        )
      }
      for (from, to) in arithmetic {
        for line in swaps(source, index, from, to) { add(.arithmetic, line) }
      }
      for (from, to) in comparison {
        for line in swaps(source, index, from, to) { add(.comparison, line) }
      }
      for (from, to) in boolean {
        for line in swaps(source, index, from, to) { add(.boolean, line) }
      }
      if let negated = negatedCondition(source, index) { add(.boolean, negated) }
      for line in largerConstants(source, index) { add(.constant, line) }
      if isRemovableStatement(source, index) { add(.removal, nil) }
      if let cancellation = droppedCancellation(source, index) { add(.removal, cancellation) }
      if let screen {
        for line in otherCalls(source, index, in: screen) { add(.callSite, line) }
      }
      if isDroppableAwait(source, index) { add(.awaitDropped, nil) }
    }
    return result
  }

  static let arithmetic = [(" + ", " - "), (" - ", " + "), (" += ", " -= "), (" -= ", " += ")]
  static let comparison = [
    (" < ", " <= "), (" <= ", " < "), (" > ", " >= "), (" >= ", " > "), (" == ", " != "),
    (" != ", " == "),
  ]
  static let boolean = [(" && ", " || "), (" || ", " && ")]

  /// The line with `from` replaced by `to`, once for each place `from` occurs as code.
  static func swaps(_ source: SourceText, _ index: Int, _ from: String, _ to: String) -> [String] {
    // An operator's own declaration (`static func == (…)`) is not an expression.
    // Nor is a generic constraint (`where Action == X`).
    let code = source.code(index)
    guard !code.contains("func "), !code.contains(" where ") else { return [] }
    let pattern = Array(from)
    let line = source.lines[index]
    var result: [String] = []
    for position in line.indices
    where source.codeMatches(pattern, line: index, at: position) {
      result.append(String(line[..<position]) + to + String(line[(position + pattern.count)...]))
    }
    return result
  }

  /// `if`/`guard`/`while` with one plain condition, negated: `if x {` → `if !(x) {`.
  static func negatedCondition(_ source: SourceText, _ index: Int) -> String? {
    let code = source.code(index)
    let text = source.text(index)
    guard code.count == text.count else { return nil }
    for keyword in ["if ", "guard ", "while "] {
      guard let start = code.range(of: keyword),
        start.lowerBound == code.startIndex
          || code[code.index(before: start.lowerBound)] == " "
      else { continue }
      let before = code[..<start.lowerBound]
      guard before.allSatisfy({ $0 == " " }) || before.hasSuffix("} else ") else { continue }
      let trimmed = code.trimmingCharacters(in: .whitespaces)
      let end: Range<String.Index>
      if keyword == "guard " {
        guard let found = code.range(of: " else {", range: start.upperBound..<code.endIndex) else {
          continue
        }
        end = found
      } else {
        guard trimmed.hasSuffix(" {"), let found = code.range(of: " {", options: .backwards) else {
          continue
        }
        end = found
      }
      let condition = code[start.upperBound..<end.lowerBound]
      let forbidden = ["let ", "var ", "case ", ",", "#available", "await "]
      guard !condition.isEmpty, !forbidden.contains(where: { condition.contains($0) }) else {
        return nil
      }
      let offset = code.distance(from: code.startIndex, to: start.upperBound)
      let length = condition.count
      let head = text.prefix(offset)
      let body = text.dropFirst(offset).prefix(length)
      let tail = text.dropFirst(offset + length)
      return head + "!(" + body + ")" + tail
    }
    return nil
  }

  /// The line with one integer literal made one larger, once for each literal.
  static func largerConstants(_ source: SourceText, _ index: Int) -> [String] {
    let line = source.lines[index]
    let marks = source.isCode[index]
    func isWord(_ character: Character) -> Bool {
      character.isLetter || character.isNumber || character == "_" || character == "."
    }
    var result: [String] = []
    var position = 0
    while position < line.count {
      guard marks[position], line[position].isASCII, line[position].isNumber,
        position == 0 || !(isWord(line[position - 1]) || line[position - 1] == "$")
      else {
        position += 1
        continue
      }
      var end = position
      while end < line.count, marks[end], line[end].isNumber || line[end] == "_" { end += 1 }
      defer { position = end }
      guard end == line.count || !isWord(line[end]) else { continue }
      let digits = String(line[position..<end]).replacingOccurrences(of: "_", with: "")
      guard let value = Int(digits), value < Int.max else { continue }
      result.append(String(line[..<position]) + "\(value + 1)" + String(line[end...]))
    }
    return result
  }

  /// Whether the line is a whole statement that assigns, appends or cancels.
  static func isRemovableStatement(_ source: SourceText, _ index: Int) -> Bool {
    let code = source.code(index).trimmingCharacters(in: .whitespaces)
    guard isWholeStatement(source, index, code) else { return false }
    // `_ = x` keeps nothing: removing it is not removing an assignment.
    if !code.hasPrefix("_ "),
      code.range(of: #"^[A-Za-z_$][\w.$\[\]?!]* (=|\+=|-=) \S"#, options: .regularExpression)
        != nil
    {
      // `self.x = x` is an initializer storing a parameter: removing it does not compile.
      return !code.hasPrefix("self.")
    }
    return code.range(
      of: #"^[A-Za-z_$][\w.$?!]*\.(append|cancel|cancelTasks|removeAll|remove|withLock) ?[({]"#,
      options: .regularExpression
    ) != nil
  }

  /// A cancellation in the composable style, where it is an effect rather than a statement: the
  /// effect returned instead of cancelling (`return .cancel(id: x)` → `return .none`), or a
  /// `.cancellable(id:)` line dropped from an effect's chain.
  static func droppedCancellation(_ source: SourceText, _ index: Int) -> String?? {
    let code = source.code(index).trimmingCharacters(in: .whitespaces)
    let text = source.text(index)
    let indent = String(text.prefix { $0 == " " })
    if code.range(
      of: #"^return \.cancel\(id: [^()]*(\([^()]*\))?[^()]*\)$"#,
      options: .regularExpression
    ) != nil {
      return .some(indent + "return .none")
    }
    if code.range(
      of: #"^\.cancellable\(id: [^()]*(\([^()]*\))?[^()]*\)$"#,
      options: .regularExpression
    ) != nil {
      return .some(nil)
    }
    return nil
  }

  /// Whether the line is an awaited statement whose result nothing keeps.
  static func isDroppableAwait(_ source: SourceText, _ index: Int) -> Bool {
    let code = source.code(index).trimmingCharacters(in: .whitespaces)
    guard isWholeStatement(source, index, code) else { return false }
    return ["await ", "try await ", "try? await ", "_ = await ", "_ = try await "]
      .contains { code.hasPrefix($0) }
  }

  /// A line that opens and closes everything it opens, and that neither continues the line
  /// before nor is continued by the next one.
  static func isWholeStatement(_ source: SourceText, _ index: Int, _ code: String) -> Bool {
    guard !code.isEmpty else { return false }
    var depth = 0
    for character in code {
      switch character {
      case "(", "[", "{": depth += 1
      case ")", "]", "}": depth -= 1
      default: break
      }
      if depth < 0 { return false }
    }
    guard depth == 0 else { return false }
    let continuing = [",", "=", "(", "[", "{", "in", "&&", "||", "+", "-", "?", ":"]
    if continuing.contains(where: { code.hasSuffix($0) }) { return false }
    if index > 0 {
      let previous = source.code(index - 1).trimmingCharacters(in: .whitespaces)
      if [",", "=", "(", "[", "&&", "||", "+", "-", "?", "return"].contains(where: {
        previous.hasSuffix($0)
      }) {
        return false
      }
    }
    if index + 1 < source.lines.count {
      let next = source.code(index + 1).trimmingCharacters(in: .whitespaces)
      if next.hasPrefix(".") || next.hasPrefix("?") || next.hasPrefix("&&")
        || next.hasPrefix("||") || next.hasPrefix("+ ") || next.hasPrefix("- ")
      {
        return false
      }
    }
    return true
  }

  /// A `struct …Screen` (or `…View`) in a file: its lines, and the calls its buttons make.
  struct ScreenRegion {
    let lines: ClosedRange<Int>
    /// The names its buttons call, by receiver: `model.nameTapped` (vanilla, a model method) or
    /// `send(.name)` (composable, an action case).
    let calls: [String: [String]]
  }

  /// A button's call: the receiver (group 1) and the name (group 2).
  static let callPatterns = [
    #"\b([a-z]\w*)\.([a-z]\w*(?:Tapped|Dismissed))\b"#, #"\b(send)\(\.([a-z]\w*)\)"#,
  ]

  /// The screens of a file, found by their declaration and their braces.
  static func screenRegions(_ source: SourceText) -> [ScreenRegion] {
    var regions: [ScreenRegion] = []
    var index = 0
    while index < source.lines.count {
      let code = source.code(index)
      guard code.range(of: #"struct \w+(Screen|View)\b"#, options: .regularExpression) != nil
      else {
        index += 1
        continue
      }
      var depth = 0
      var opened = false
      var end = index
      scan: for line in index..<source.lines.count {
        for character in source.code(line) {
          if character == "{" {
            depth += 1
            opened = true
          }
          if character == "}" { depth -= 1 }
          if opened && depth == 0 {
            end = line
            break scan
          }
        }
        end = line
      }
      var calls: [String: Set<String>] = [:]
      for line in index...end {
        for pattern in callPatterns {
          for (receiver, name) in names(pattern, in: source.code(line)) {
            calls[receiver, default: []].insert(name)
          }
        }
      }
      regions.append(ScreenRegion(lines: index...end, calls: calls.mapValues { $0.sorted() }))
      index = end + 1
    }
    return regions
  }

  /// Each call's receiver and name.
  static func names(_ pattern: String, in code: String) -> [(String, String)] {
    guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
    let range = NSRange(code.startIndex..., in: code)
    return expression.matches(in: code, range: range).compactMap { match in
      guard let receiver = Range(match.range(at: 1), in: code),
        let name = Range(match.range(at: 2), in: code)
      else { return nil }
      return (String(code[receiver]), String(code[name]))
    }
  }

  /// The line with one call replaced by the screen's next call in name order (the last by the
  /// first), once for each call on the line.
  static func otherCalls(_ source: SourceText, _ index: Int, in screen: ScreenRegion) -> [String] {
    let text = source.text(index)
    let code = source.code(index)
    var result: [String] = []
    for pattern in callPatterns {
      guard let expression = try? NSRegularExpression(pattern: pattern) else { continue }
      for match in expression.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
        // The code and the text have the same characters at the same places; the match is
        // found in the code and cut out of the text by character offset.
        guard let receiver = Range(match.range(at: 1), in: code),
          let found = Range(match.range(at: 2), in: code),
          let calls = screen.calls[String(code[receiver])], calls.count > 1,
          let position = calls.firstIndex(of: String(code[found]))
        else { continue }
        let offset = code.distance(from: code.startIndex, to: found.lowerBound)
        let lower = text.index(text.startIndex, offsetBy: offset)
        let upper = text.index(lower, offsetBy: code[found].count)
        let next = calls[(position + 1) % calls.count]
        result.append(text.replacingCharacters(in: lower..<upper, with: next))
      }
    }
    return result
  }
}
