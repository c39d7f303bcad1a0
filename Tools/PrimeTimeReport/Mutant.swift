import Foundation

/// A patch under `Mutants/`: a realistic mistake (which a suite should catch) or a
/// behaviour-preserving refactor (which no suite should fail on), for one of the two apps.
///
/// `Mutants/current/` holds the patches of the designs written today, each mistake placed at the
/// same layer in both apps; `Mutants/mistakes` and `Mutants/refactors` hold the episode designs'
/// (history). A patch that changes only the navigation stack, which both designs share, counts
/// for both.
struct Mutant {
  enum App: String, CaseIterable {
    case vanilla
    case composable
  }

  /// Which of each app's two designs a patch is written against.
  enum Design: String, CaseIterable {
    case current
    case episode
  }

  /// The file name without `vanilla-`/`composable-` and `.patch`: the same for both apps' versions.
  let slug: String
  let app: App
  /// The one-line description on the patch's first line.
  let summary: String
  /// `logic`, `screen`, `effect`, …, or `refactor`: the first bracket of the patch's second line.
  let kind: String
  /// How a user sees the defect (or, for a refactor, whose guidance it follows): the second
  /// bracket of the patch's second line, if any.
  let seen: String
  /// The patch file, relative to the package root.
  let path: String
  /// Whether the patch changes the navigation stack's screens (which no UI-level test drives).
  let touchesStack: Bool
  /// The designs whose matrix includes this patch.
  let designs: Set<Design>

  var isRefactor: Bool { kind == "refactor" }

  /// Whether a user could see the mistake at all (a patch nobody can observe is listed apart).
  var isVisible: Bool { !seen.hasPrefix("not user-visible") }

  /// The patch's name as the matrix and the grader know it: its file name without `.patch`,
  /// under `current/` for the designs written today.
  var fileName: String {
    let base = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    return path.hasPrefix("Mutants/current/") ? "current/\(base)" : base
  }

  static let folders = [
    "Mutants/current/mistakes", "Mutants/current/refactors", "Mutants/mistakes",
    "Mutants/refactors",
  ]

  /// Reads every patch in the mutants folders under `root`.
  static func all(in root: URL) throws -> [Mutant] {
    var mutants: [Mutant] = []
    for folder in folders {
      let directory = root.appendingPathComponent(folder)
      let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        .filter { $0.hasSuffix(".patch") }.sorted()
      for name in names {
        mutants.append(try Mutant(path: "\(folder)/\(name)", root: root))
      }
    }
    return mutants
  }

  init(path: String, root: URL) throws {
    let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    guard let app = App.allCases.first(where: { name.hasPrefix("\($0.rawValue)-") }) else {
      throw ReportError("\(path): the name must start with vanilla- or composable-")
    }
    guard lines.count > 2, lines[1].hasPrefix("["), lines[1].hasSuffix("]") else {
      throw ReportError(
        "\(path): expected a one-line description, then [kind] or [kind] [how a user sees it]"
          + " on line 2"
      )
    }
    let brackets = lines[1].dropFirst().dropLast().components(separatedBy: "] [")
    self.app = app
    self.slug = String(name.dropFirst(app.rawValue.count + 1))
    self.summary = String(lines[0])
    self.kind = brackets[0]
    self.seen = brackets.count > 1 ? brackets[1] : ""
    self.path = path
    let changed = lines.filter { $0.hasPrefix("+++ b/") }.map { $0.dropFirst(6) }
    self.touchesStack = changed.contains { $0.contains("/Stack/") }
    if path.hasPrefix("Mutants/current/") {
      self.designs = [.current]
    } else if !changed.isEmpty, changed.allSatisfy({ $0.contains("/Stack/") }) {
      self.designs = [.current, .episode]
    } else {
      self.designs = [.episode]
    }
  }
}

/// A failure with one clear line for the user.
struct ReportError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
