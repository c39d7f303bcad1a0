import Foundation

/// What each style costs in code, counted from the sources: code lines are non-blank lines
/// that are not comments.
struct Costs {
  struct Column {
    var tests = 0
    var testLines = 0
    var glue: [(String, Int)] = []
  }

  var vanilla = Column()
  var vanillaHarness = Column()
  var composable = Column()

  static func count(root: URL) throws -> Costs {
    var costs = Costs()
    func suite(_ folder: String) throws -> Column {
      var column = Column()
      for path in try Fingerprint.files(under: ["Tests/\(folder)"], root: root) {
        let text = try read(path, root)
        column.tests += text.split(separator: "\n").count { $0.contains("@Test") }
        column.testLines += codeLines(text)
      }
      return column
    }
    costs.vanilla = try suite("VanillaPrimeTimeTests")
    costs.vanillaHarness = try suite("VanillaExhaustiveTests")
    costs.composable = try suite("ComposablePrimeTimeTests")
    costs.vanillaHarness.glue = [
      (
        "exhaustive harness (test support, written once for any model)",
        try codeLines(folder: "Tests/ExhaustiveHarness", root)
      ),
      (
        "whole-state snapshot glue (tests)",
        codeLines(
          between: "// glue:begin",
          "// glue:end",
          in: try read("Tests/VanillaExhaustiveTests/AppTests.swift", root)
        )
      ),
    ]
    let appTests = try read("Tests/VanillaPrimeTimeTests/AppTests.swift", root)
    costs.vanilla.glue = [
      (
        "whole-state snapshot glue (tests)",
        codeLines(between: "// glue:begin", "// glue:end", in: appTests)
      ),
      (
        "SwiftUI stand-ins (`Binding`, `ViewState`, `ViewHost`)",
        try codeLines(folder: "Sources/VanillaPrimeTime/SwiftUIStandIns", root)
      ),
      (
        "screens (views and their logic)",
        try declarations(
          [
            "public struct CounterView", "public struct IsPrimeModalView",
            "public struct FavoritePrimesView", "public struct ContentView",
          ],
          app: "VanillaPrimeTime",
          root
        )
      ),
    ]
    var casePaths = 0
    for path in try Fingerprint.files(under: ["Sources/ComposablePrimeTime"], root: root) {
      casePaths += declarationLines(
        startingWith: "extension ",
        containing: ": CasePathable {",
        in: try read(path, root)
      )
    }
    let app = try read("Sources/ComposablePrimeTime/Episode/App.swift", root)
    costs.composable.glue = [
      ("hand-written case paths", casePaths),
      (
        "state projections (`AppFeature.State.counter`, `.favoritePrimesScreen`)",
        declarationLines(startingWith: "public var counter: Counter.State {", in: app)
          + declarationLines(
            startingWith: "public var favoritePrimesScreen: FavoritePrimes.State {",
            in: app
          )
      ),
      (
        "screens (views sending actions)",
        try declarations(
          [
            "public struct CounterView", "public struct IsPrimeModalView",
            "public struct FavoritePrimesView", "public struct ContentView",
          ],
          app: "ComposablePrimeTime",
          root
        )
      ),
    ]
    return costs
  }

  static func read(_ path: String, _ root: URL) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  static func isCode(_ line: Substring) -> Bool {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    return !trimmed.isEmpty && !trimmed.hasPrefix("//")
  }

  static func codeLines(_ text: String) -> Int {
    text.split(separator: "\n", omittingEmptySubsequences: false).count(where: isCode)
  }

  static func codeLines(folder: String, _ root: URL) throws -> Int {
    try Fingerprint.files(under: [folder], root: root).reduce(0) {
      $0 + codeLines(try read($1, root))
    }
  }

  static func codeLines(between begin: String, _ end: String, in text: String) -> Int {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0.hasPrefix(begin) }),
      let stop = lines.firstIndex(where: { $0.hasPrefix(end) }), start < stop
    else { return 0 }
    return lines[(start + 1)..<stop].count(where: isCode)
  }

  /// The code lines of every declaration whose first line starts (after indentation) with
  /// `prefix` and contains `marker`, through its matching closing brace.
  static func declarationLines(
    startingWith prefix: String,
    containing marker: String = "",
    in text: String
  ) -> Int {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    var total = 0
    var index = 0
    while index < lines.count {
      let line = lines[index]
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard trimmed.hasPrefix(prefix), marker.isEmpty || line.contains(marker) else {
        index += 1
        continue
      }
      var depth = 0
      var end = index
      repeat {
        depth += lines[end].count { $0 == "{" } - lines[end].count { $0 == "}" }
        end += 1
      } while depth > 0 && end < lines.count
      total += lines[index..<end].count(where: isCode)
      index = end
    }
    return total
  }

  static func declarations(_ prefixes: [String], app: String, _ root: URL) throws -> Int {
    var total = 0
    for path in try Fingerprint.files(under: ["Sources/\(app)"], root: root) {
      let text = try read(path, root)
      for prefix in prefixes { total += declarationLines(startingWith: prefix, in: text) }
    }
    return total
  }
}
