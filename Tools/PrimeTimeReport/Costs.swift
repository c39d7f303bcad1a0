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
  var currentVanilla = Column()
  var currentComposable = Column()

  /// The episode designs' columns: vanilla, vanilla with the exhaustive harness, composable.
  var episode: [Column] { [vanilla, vanillaHarness, composable] }
  /// The current designs' columns: vanilla, composable.
  var current: [Column] { [currentVanilla, currentComposable] }

  /// The screens of the designs written today, in both apps.
  static let currentScreens = [
    "public struct PrimeTimeScreen", "public struct PrimeCounterScreen",
    "public struct PrimeModalScreen", "public struct FavoritePrimesScreen",
  ]

  static func count(root: URL) throws -> Costs {
    var costs = Costs()
    func suite(_ folder: String, excluding excluded: [String] = []) throws -> Column {
      var column = Column()
      for path in try Fingerprint.files(under: ["Tests/\(folder)"], root: root)
      where !excluded.contains(where: { path.hasPrefix("Tests/\(folder)/\($0)/") }) {
        let text = try read(path, root)
        column.tests += text.split(separator: "\n").count { $0.contains("@Test") }
        column.testLines += codeLines(text)
      }
      return column
    }
    // The vanilla app writes its own grid timer (it cannot use the composable side's clocks
    // library), so its current suite includes that timer's tests, and pays for them.
    costs.currentVanilla = try suite("VanillaPrimeTimeTests/Current")
    let timerTests = try suite("VanillaPrimeTimeTests/Timers")
    costs.currentVanilla.tests += timerTests.tests
    costs.currentVanilla.testLines += timerTests.testLines
    costs.currentComposable = try suite("ComposablePrimeTimeTests/Current")
    costs.currentVanilla.glue = [
      (
        "whole-model comparison helper (tests)",
        codeLines(try read("Tests/VanillaPrimeTimeTests/Current/ModelChanges.swift", root))
      ),
      (
        "failing test values and the test app (tests)",
        codeLines(try read("Tests/VanillaPrimeTimeTests/Current/TestValues.swift", root))
      ),
      (
        "models and clients",
        try codeLines(
          files: [
            "PrimeTime.swift", "PrimeCounter.swift", "IsPrimeModal.swift",
            "FavoritePrimesList.swift", "Favorites.swift", "Clients/NthPrimeClient.swift",
            "Clients/FavoritesFileClient.swift",
          ].map { "Sources/VanillaPrimeTime/\($0)" },
          minus: currentScreens,
          root
        )
      ),
      (
        "screens (views calling their model)",
        try declarations(currentScreens, files: currentFiles("VanillaPrimeTime"), root)
      ),
    ]
    var currentCasePaths = 0
    for path in currentFiles("ComposablePrimeTime") {
      currentCasePaths += declarationLines(
        startingWith: "extension ",
        containing: ": CasePathable {",
        in: try read(path, root)
      )
    }
    costs.currentComposable.glue = [
      (
        "features (state, actions, reducers; case paths and screens apart)",
        try codeLines(files: currentFiles("ComposablePrimeTime"), minus: currentScreens, root)
          - currentCasePaths
      ),
      ("hand-written case paths", currentCasePaths),
      (
        "screens (views sending actions)",
        try declarations(currentScreens, files: currentFiles("ComposablePrimeTime"), root)
      ),
    ]
    // Not the episode's suite: the tests of the current suite's end-of-test trait, and of the
    // current stack timer's grid (counted in the current column).
    costs.vanilla = try suite(
      "VanillaPrimeTimeTests",
      excluding: ["Current", "TestSupport", "Timers"]
    )
    costs.vanillaHarness = try suite("VanillaExhaustiveTests")
    costs.composable = try suite("ComposablePrimeTimeTests", excluding: ["Current"])
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
          app: "VanillaPrimeTime/Episode",
          root
        )
      ),
    ]
    var casePaths = 0
    // Every file but the current design's, as the episode design's column always counted them.
    for path in try Fingerprint.files(under: ["Sources/ComposablePrimeTime"], root: root)
    where !currentFiles("ComposablePrimeTime").contains(path) {
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
          app: "ComposablePrimeTime/Episode",
          root
        )
      ),
    ]
    return costs
  }

  /// The source files of an app's design written today (the navigation stack aside).
  static func currentFiles(_ app: String) -> [String] {
    ["PrimeTime.swift", "PrimeCounter.swift", "IsPrimeModal.swift", "FavoritePrimesList.swift"]
      .map { "Sources/\(app)/\($0)" }
  }

  /// The code lines of `files`, less those of the declarations `minus` names.
  static func codeLines(files: [String], minus prefixes: [String], _ root: URL) throws -> Int {
    try files.reduce(0) { total, path in
      let text = try read(path, root)
      return total + codeLines(text)
        - prefixes.reduce(0) { $0 + declarationLines(startingWith: $1, in: text) }
    }
  }

  /// The code lines of the declarations `prefixes` name, in `files`.
  static func declarations(_ prefixes: [String], files: [String], _ root: URL) throws -> Int {
    try files.reduce(0) { total, path in
      let text = try read(path, root)
      return total + prefixes.reduce(0) { $0 + declarationLines(startingWith: $1, in: text) }
    }
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
