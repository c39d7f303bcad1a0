import Foundation

/// A Swift source file as lines, with each character marked as code or not.
///
/// Comments (`//`, `///`, nested `/* */`) and string literals (`"…"`, `"""…"""`, raw `#"…"#`,
/// interpolations included) are not code: no operator changes them. This is a lexer, not a
/// parser — enough to keep mutations out of text a compiler never reads as an expression.
struct SourceText {
  /// The file's lines, without their line breaks.
  let lines: [[Character]]
  /// For each line, whether each character is code.
  let isCode: [[Bool]]

  enum LexError: Error, CustomStringConvertible {
    case unterminated(what: String, line: Int)

    var description: String {
      switch self {
      case .unterminated(let what, let line): "an unterminated \(what) that opens on line \(line)"
      }
    }
  }

  /// Splits `text` into lines and marks its code.
  ///
  /// - Throws: ``LexError`` for a block comment or a string that never ends: the tool cannot
  ///   tell code from text in such a file, and says so rather than mutate a comment.
  init(_ text: String) throws {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
    var isCode: [[Bool]] = []
    enum State {
      case code
      case blockComment(depth: Int, openedOn: Int)
      case string(multiline: Bool, hashes: Int, openedOn: Int)
    }
    var state = State.code
    for (number, line) in lines.enumerated() {
      var marks = [Bool](repeating: false, count: line.count)
      var index = 0
      func matches(_ text: String, at position: Int) -> Bool {
        let characters = Array(text)
        guard position + characters.count <= line.count else { return false }
        return Array(line[position..<position + characters.count]) == characters
      }
      while index < line.count {
        switch state {
        case .code:
          if matches("//", at: index) {
            index = line.count
          } else if matches("/*", at: index) {
            state = .blockComment(depth: 1, openedOn: number + 1)
            index += 2
          } else if line[index] == "#" || line[index] == "\"" {
            var hashes = 0
            var position = index
            while position < line.count, line[position] == "#" {
              hashes += 1
              position += 1
            }
            if position < line.count, line[position] == "\"" {
              let multiline = matches("\"\"\"", at: position)
              state = .string(multiline: multiline, hashes: hashes, openedOn: number + 1)
              index = position + (multiline ? 3 : 1)
            } else {
              marks[index] = true
              index += 1
            }
          } else {
            marks[index] = true
            index += 1
          }
        case .blockComment(let depth, let openedOn):
          if matches("/*", at: index) {
            state = .blockComment(depth: depth + 1, openedOn: openedOn)
            index += 2
          } else if matches("*/", at: index) {
            state = depth == 1 ? .code : .blockComment(depth: depth - 1, openedOn: openedOn)
            index += 2
          } else {
            index += 1
          }
        case .string(let multiline, let hashes, let openedOn):
          let close = (multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
          let escape = "\\" + String(repeating: "#", count: hashes)
          if matches(escape + "(", at: index) {
            index = Self.endOfInterpolation(line, from: index + escape.count + 1)
          } else if hashes == 0, line[index] == "\\" {
            index += 2  // an escaped character, such as \" or \\
          } else if matches(close, at: index) {
            state = .code
            index += close.count
          } else {
            index += 1
          }
          _ = openedOn
        }
      }
      if case .string(false, _, let openedOn) = state {
        throw LexError.unterminated(what: "string literal", line: openedOn)
      }
      isCode.append(marks)
    }
    switch state {
    case .code: break
    case .blockComment(_, let openedOn):
      throw LexError.unterminated(what: "block comment", line: openedOn)
    case .string(_, _, let openedOn):
      throw LexError.unterminated(what: "string literal", line: openedOn)
    }
    self.lines = lines
    self.isCode = isCode
  }

  /// Where an interpolation that opens before `start` ends: after its closing parenthesis,
  /// skipping parentheses and simple strings nested in it (or the end of the line).
  private static func endOfInterpolation(_ line: [Character], from start: Int) -> Int {
    var depth = 1
    var index = start
    while index < line.count {
      switch line[index] {
      case "(": depth += 1
      case ")":
        depth -= 1
        if depth == 0 { return index + 1 }
      case "\"":
        index += 1
        while index < line.count, line[index] != "\"" {
          index += line[index] == "\\" ? 2 : 1
        }
      default: break
      }
      index += 1
    }
    return index
  }

  /// The text of line `index` (from 0).
  func text(_ index: Int) -> String { String(lines[index]) }

  /// Whether `pattern` occurs at `position` of line `index`, every character of it code.
  func codeMatches(_ pattern: [Character], line index: Int, at position: Int) -> Bool {
    let line = lines[index]
    guard position >= 0, position + pattern.count <= line.count else { return false }
    for offset in pattern.indices
    where line[position + offset] != pattern[offset] || !isCode[index][position + offset] {
      return false
    }
    return true
  }

  /// The line's text with everything that is not code blanked out (for line-shape checks).
  func code(_ index: Int) -> String {
    String(zip(lines[index], isCode[index]).map { $1 ? $0 : " " })
  }
}
