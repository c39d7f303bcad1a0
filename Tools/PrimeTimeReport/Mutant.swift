import Foundation

/// A patch under `Mutants/`: a realistic mistake (which a suite should catch) or a
/// behaviour-preserving refactor (which no suite should fail on), for one of the two apps.
struct Mutant {
  enum App: String, CaseIterable {
    case vanilla
    case composable
  }

  /// The file name without `vanilla-`/`composable-` and `.patch`: the same for both apps' versions.
  let slug: String
  let app: App
  /// The one-line description on the patch's first line.
  let summary: String
  /// `state`, `effect`, `view`, …, or `refactor`, from the patch's second line.
  let kind: String
  /// The patch file, relative to the package root.
  let path: String
  /// Whether the patch changes the navigation stack's screens (which no UI-level test drives).
  let touchesStack: Bool

  var isRefactor: Bool { kind == "refactor" }

  /// The patch's file name without `.patch`, as the matrix and the grader name it.
  var fileName: String { URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent }

  /// Reads every patch in `Mutants/mistakes` and `Mutants/refactors` under `root`.
  static func all(in root: URL) throws -> [Mutant] {
    var mutants: [Mutant] = []
    for folder in ["mistakes", "refactors"] {
      let directory = root.appendingPathComponent("Mutants/\(folder)")
      let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        .filter { $0.hasSuffix(".patch") }.sorted()
      for name in names {
        let path = "Mutants/\(folder)/\(name)"
        mutants.append(try Mutant(path: path, root: root))
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
      throw ReportError("\(path): expected a one-line description, then [kind] on line 2")
    }
    self.app = app
    self.slug = String(name.dropFirst(app.rawValue.count + 1))
    self.summary = String(lines[0])
    self.kind = String(lines[1].dropFirst().dropLast())
    self.path = path
    self.touchesStack = text.contains("/Stack/")
  }
}

/// A failure with one clear line for the user.
struct ReportError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
