import Foundation

/// One mechanical mutation: one line of one app source changed (or removed) by one operator.
///
/// Nobody picks it: ``MutationOperators`` generates every mutant its operators can make in the
/// files of both apps, in a fixed order. A mutant knows the line it expects, so it can be applied
/// to and reverted from exactly the text it was made from, and nothing else.
struct MechanicalMutant: Equatable {
  /// The operators, the same for both apps.
  enum Operator: String, CaseIterable, Comparable {
    case arithmetic, comparison, boolean, constant
    case removal = "statement removed"
    case callSite = "call site"
    case awaitDropped = "await dropped"

    static func < (left: Self, right: Self) -> Bool {
      allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
    }
  }

  /// What a file, or a part of it, does in its app.
  enum Role: String, CaseIterable, Comparable {
    case logic, screen, navigation, persistence, dependency

    static func < (left: Self, right: Self) -> Bool {
      allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
    }
  }

  let app: Mutant.App
  /// The file, relative to the package root.
  let path: String
  let role: Role
  let op: Operator
  /// The line, from 1.
  let line: Int
  let original: String
  /// The new line, or `nil` when the line is removed.
  let replacement: String?

  /// `path:line` and the change, on one line each side.
  var diff: String {
    let new = replacement.map { "+ \($0.trimmingCharacters(in: .whitespaces))" } ?? "(line removed)"
    return "- \(original.trimmingCharacters(in: .whitespaces))  →  \(new)"
  }

  enum ApplyError: Error, CustomStringConvertible {
    case notTheTextItWasMadeFrom(path: String, line: Int)
    var description: String {
      switch self {
      case .notTheTextItWasMadeFrom(let path, let line):
        "\(path):\(line) is not the line this mutant was made from"
      }
    }
  }

  /// The text with this mutation applied.
  ///
  /// - Throws: ``ApplyError`` when line ``line`` of `text` is not ``original``.
  func apply(to text: String) throws -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.indices.contains(line - 1), lines[line - 1] == original else {
      throw ApplyError.notTheTextItWasMadeFrom(path: path, line: line)
    }
    if let replacement {
      lines[line - 1] = replacement
    } else {
      lines.remove(at: line - 1)
    }
    return lines.joined(separator: "\n")
  }

  /// The text this mutation was applied to, from the mutated text.
  ///
  /// - Throws: ``ApplyError`` when `mutated` does not hold this mutation at ``line``.
  func revert(_ mutated: String) throws -> String {
    var lines = mutated.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if let replacement {
      guard lines.indices.contains(line - 1), lines[line - 1] == replacement else {
        throw ApplyError.notTheTextItWasMadeFrom(path: path, line: line)
      }
      lines[line - 1] = original
    } else {
      guard line - 1 <= lines.count else {
        throw ApplyError.notTheTextItWasMadeFrom(path: path, line: line)
      }
      lines.insert(original, at: line - 1)
    }
    return lines.joined(separator: "\n")
  }
}
