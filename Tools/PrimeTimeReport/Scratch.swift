import Foundation

/// A copy of the two apps, their libraries and their test suites in a package of their own, where
/// patches are applied and the real suites run.
///
/// Only what the two suites need is copied, so a patch rebuilds one app and one test target.
struct Scratch {
  let root: URL
  let directory: URL

  static let folders = [
    "Sources/PrimeTimeCore", "Sources/Clocks", "Sources/ValueDump",
    "Sources/ComposableArchitecture", "Sources/ComposableArchitectureTestingCore",
    "Sources/ComposableArchitectureTesting",
    "Sources/VanillaPrimeTime", "Sources/ComposablePrimeTime", "Tests/PrimeTimeFixtures",
    "Tests/ExhaustiveHarness", "Tests/VanillaPrimeTimeTests", "Tests/VanillaExhaustiveTests",
    "Tests/ComposablePrimeTimeTests", "Tests/PrimeTimeDrivers", "Tests/PrimeTimeUITests",
    "Tests/AnswerKeyTests", "Tests/ExpectedFailures",
  ]

  static let manifest = """
    // swift-tools-version: 6.0
    // Written by prime-time-report: the two apps and their suites, for mutation runs.
    import PackageDescription

    let package = Package(
      name: "PrimeTimeMutants",
      platforms: [.macOS(.v14), .iOS(.v17)],
      targets: [
        .target(name: "PrimeTimeCore"),
        .target(name: "Clocks"),
        .target(name: "ValueDump"),
        .target(name: "ComposableArchitecture", dependencies: ["Clocks", "ValueDump"]),
        .target(
          name: "ComposableArchitectureTestingCore",
          dependencies: ["ComposableArchitecture", "Clocks"]
        ),
        .target(
          name: "ComposableArchitectureTesting",
          dependencies: ["ComposableArchitectureTestingCore", "ComposableArchitecture", "Clocks"]
        ),
        .target(name: "VanillaPrimeTime", dependencies: ["PrimeTimeCore"]),
        .target(name: "ComposablePrimeTime", dependencies: ["ComposableArchitecture", "PrimeTimeCore"]),
        .target(
          name: "PrimeTimeFixtures",
          dependencies: ["PrimeTimeCore", "Clocks"],
          path: "Tests/PrimeTimeFixtures"
        ),
        .target(name: "ExpectedFailures", dependencies: ["Clocks"], path: "Tests/ExpectedFailures"),
        .target(
          name: "ExhaustiveHarness",
          dependencies: ["ValueDump", "Clocks", "ExpectedFailures"],
          path: "Tests/ExhaustiveHarness"
        ),
        .testTarget(
          name: "VanillaPrimeTimeTests",
          dependencies: [
            "VanillaPrimeTime", "PrimeTimeFixtures", "PrimeTimeCore", "Clocks", "ExpectedFailures",
          ]
        ),
        .testTarget(
          name: "VanillaExhaustiveTests",
          dependencies: [
            "ExhaustiveHarness", "VanillaPrimeTime", "PrimeTimeFixtures", "PrimeTimeCore", "Clocks",
            "ExpectedFailures",
          ]
        ),
        .target(
          name: "PrimeTimeDrivers",
          dependencies: [
            "PrimeTimeFixtures", "VanillaPrimeTime", "ComposablePrimeTime", "ComposableArchitecture",
            "ComposableArchitectureTesting", "PrimeTimeCore", "Clocks",
          ],
          path: "Tests/PrimeTimeDrivers"
        ),
        .testTarget(
          name: "PrimeTimeUITests",
          dependencies: ["PrimeTimeDrivers", "PrimeTimeFixtures", "PrimeTimeCore"]
        ),
        .testTarget(
          name: "ComposablePrimeTimeTests",
          dependencies: [
            "ComposablePrimeTime", "ComposableArchitectureTesting", "PrimeTimeFixtures",
            "PrimeTimeCore", "ExpectedFailures",
          ]
        ),
        .testTarget(
          name: "AnswerKeyTests",
          dependencies: [
            "ComposablePrimeTime", "ComposableArchitecture", "ComposableArchitectureTesting",
            "VanillaPrimeTime", "PrimeTimeFixtures", "PrimeTimeCore", "Clocks", "ExpectedFailures",
          ]
        ),
      ],
      swiftLanguageModes: [.v6]
    )

    """

  /// The manifest, with the scenario parity tests when `parity` is set (the mechanical
  /// mutation run checks its survivors with them).
  static func manifest(parity: Bool) -> String {
    guard parity else { return manifest }
    let comparison = [
      "    .testTarget(",
      "      name: \"ComparisonTests\",",
      "      dependencies: [",
      "        \"PrimeTimeDrivers\", \"PrimeTimeFixtures\", \"PrimeTimeCore\", \"Clocks\",",
      "        \"VanillaPrimeTime\", \"ComposablePrimeTime\", \"ComposableArchitectureTesting\",",
      "      ]",
      "    ),",
      "  ],",
      "  swiftLanguageModes",
    ].joined(separator: "\n")
    return manifest.replacingOccurrences(of: "  ],\n  swiftLanguageModes", with: comparison)
  }

  /// Copies the sources into `directory` (keeping its `.build`, so later runs are incremental),
  /// with the parity tests when `parity` is set.
  static func create(from root: URL, at directory: URL, parity: Bool = false) throws -> Scratch {
    let manager = FileManager.default
    try manager.createDirectory(at: directory, withIntermediateDirectories: true)
    for folder in ["Sources", "Tests"] {
      try? manager.removeItem(at: directory.appendingPathComponent(folder))
    }
    for folder in folders + (parity ? ["Tests/ComparisonTests"] : []) {
      let target = directory.appendingPathComponent(folder)
      try manager.createDirectory(
        at: target.deletingLastPathComponent(),
        withIntermediateDirectories: true
      )
      try manager.copyItem(at: root.appendingPathComponent(folder), to: target)
    }
    try Data(manifest(parity: parity).utf8).write(
      to: directory.appendingPathComponent("Package.swift")
    )
    // A repository of its own: inside another repository's tree, `git apply` would silently
    // skip every path outside the current folder.
    if !manager.fileExists(atPath: directory.appendingPathComponent(".git").path) {
      _ = try Shell.run(["git", "init", "-q"], in: directory)
    }
    return Scratch(root: root, directory: directory)
  }

  /// Builds the apps and both suites; a failure is an error (a patch must compile).
  func build() throws -> Double {
    let result = try Shell.run(["swift", "build", "--build-tests"], in: directory)
    guard result.status == 0 else {
      let errors = result.output.split(separator: "\n").filter { $0.contains("error:") }
      throw ReportError(
        "the build failed:\n" + errors.prefix(5).joined(separator: "\n")
      )
    }
    return result.seconds
  }

  /// Applies (or, with `reverse`, removes) a patch from the package root.
  func apply(_ mutant: Mutant, reverse: Bool = false) throws {
    let patch = root.appendingPathComponent(mutant.path).path
    let result = try Shell.run(
      ["git", "apply"] + (reverse ? ["-R"] : []) + [patch],
      in: directory
    )
    guard result.status == 0 else {
      throw ReportError("\(mutant.path) does not apply: \(result.output)")
    }
    // Make sure it really changed the files (or, reversed, restored them).
    let check = try Shell.run(
      ["git", "apply", "--check"] + (reverse ? [] : ["-R"]) + [patch],
      in: directory
    )
    guard check.status == 0 else {
      throw ReportError("\(mutant.path) did not change the scratch copy as expected")
    }
  }

  /// Runs one suite and returns what failed.
  ///
  /// A suite run with live values gets an empty data directory of its own, so a live file
  /// client never touches the user's files nor sees an earlier run's.
  func run(_ suite: Suite) throws -> SuiteRun {
    var environment = suite.environment
    if suite.usesLiveValues { environment.merge(try liveValues()) { $1 } }
    return try run(filter: suite.filter, environment: environment)
  }

  /// Runs a student's tests as `grade` was asked to.
  func run(_ options: Grade.Options) throws -> SuiteRun {
    try run(filter: options.filter, environment: options.liveDefaults ? try liveValues() : [:])
  }

  /// The environment of a run with live values (`PRIME_TIME_TEST_VALUES=live`), with an empty
  /// data directory of its own for the live file client.
  private func liveValues() throws -> [String: String] {
    let data = directory.appendingPathComponent(".build/live-data", isDirectory: true)
    try? FileManager.default.removeItem(at: data)
    try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    return ["PRIME_TIME_TEST_VALUES": "live", "PRIME_TIME_DATA_DIR": data.path]
  }

  /// Runs the Swift Testing tests that `filter` matches (as `swift test --filter` takes it).
  func run(
    filter: String,
    environment: [String: String] = [:],
    timeLimit: Double = 120
  ) throws -> SuiteRun {
    let report = directory.appendingPathComponent(".build/mutants-results.xml")
    try? FileManager.default.removeItem(at: report)
    #if os(Linux)
      // The test binary itself, not `swift test`: a test that hangs is then one process to stop
      // at the time limit, with nothing left holding the output open.
      let command = [
        ".build/debug/PrimeTimeMutantsPackageTests.xctest", "--testing-library", "swift-testing",
        "--filter", filter, "--xunit-output", report.path,
      ]
    #else
      let command = [
        "swift", "test", "--skip-build", "--filter", filter, "--xunit-output", report.path,
      ]
    #endif
    let result = try Shell.run(
      command,
      in: directory,
      environment: environment,
      timeLimit: timeLimit
    )
    let xml = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
    return SuiteRun(result, xunit: xml)
  }
}

/// A suite as the matrix runs it: one app's tests of one design, run one way.
enum Suite: String, CaseIterable {
  case vanilla = "vanilla suite"
  case vanillaUI = "vanilla UI-level tests"
  case composable = "composable suite"
  case composableNonExhaustive = "composable suite, exhaustivity off"
  case composableUI = "composable UI-level tests"
  case vanillaLive = "vanilla suite, live defaults"
  case composableLive = "composable suite, live defaults"
  case episodeVanilla = "episode vanilla suite"
  case episodeVanillaHarness = "episode vanilla suite, exhaustive harness"
  case episodeVanillaUI = "episode vanilla UI-level tests"
  case episodeComposable = "episode composable suite"
  case episodeComposableNonExhaustive = "episode composable suite, exhaustivity off"
  case episodeComposableUI = "episode composable UI-level tests"

  /// The column title within its design's table.
  var title: String {
    design == .episode ? String(rawValue.dropFirst("episode ".count)) : rawValue
  }

  /// The design whose tests this suite runs.
  var design: Mutant.Design {
    switch self {
    case .vanilla, .vanillaUI, .composable, .composableNonExhaustive, .composableUI,
      .vanillaLive, .composableLive:
      .current
    default: .episode
    }
  }

  /// The suites of one design's main table, in column order (the live-defaults runs have a
  /// table of their own: they measure a testing policy, not a design).
  static func of(_ design: Mutant.Design) -> [Suite] {
    allCases.filter { $0.design == design && !$0.usesLiveValues }
  }

  /// Whether the suite runs with live values for what a test does not supply
  /// (`PRIME_TIME_TEST_VALUES=live`, read by both suites).
  var usesLiveValues: Bool { self == .vanillaLive || self == .composableLive }

  /// The same suite under the suites' own policy (failing values for what a test does not
  /// supply).
  var withFailingValues: Suite {
    switch self {
    case .vanillaLive: .vanilla
    case .composableLive: .composable
    default: self
    }
  }

  /// The Swift Testing filter (a regular expression over test IDs) that selects the suite.
  ///
  /// The navigation stack is written once, so its `RootTests` belong to both designs; the
  /// vanilla stack's grid timer is the current vanilla app's own code, so its `TimerGridTests`
  /// run with that suite.
  var filter: String {
    switch self {
    case .vanilla, .vanillaLive:
      #"VanillaPrimeTimeTests\.(PrimeCounterTests|IsPrimeModalTests|FavoritePrimesListTests|PrimeTimeTests|RootTests|TimerGridTests)/"#
    case .composable, .composableNonExhaustive, .composableLive:
      #"ComposablePrimeTimeTests\.(PrimeCounterTests|IsPrimeModalTests|FavoritePrimesListTests|PrimeTimeTests|RootTests)/"#
    case .vanillaUI: "CurrentVanillaUITests"
    case .composableUI: "CurrentComposableUITests"
    case .episodeVanilla:
      #"VanillaPrimeTimeTests\.(AppTests|CounterTests|PrimeModalTests|FavoritePrimesTests|RootTests|BindingTests|ViewStateTests)/"#
    case .episodeVanillaHarness: "VanillaExhaustiveTests"
    case .episodeVanillaUI: #"\bVanillaUITests"#
    case .episodeComposable, .episodeComposableNonExhaustive:
      #"ComposablePrimeTimeTests\.(AppTests|CounterTests|PrimeModalTests|FavoritePrimesTests|RootTests)/"#
    case .episodeComposableUI: #"\bComposableUITests"#
    }
  }

  var isUILevel: Bool {
    [.vanillaUI, .composableUI, .episodeVanillaUI, .episodeComposableUI].contains(self)
  }

  /// Whether the suite drives the screens a patch changes: the UI-level tests drive the
  /// counter, the prime modal and the favourites, not the navigation stack.
  func covers(_ mutant: Mutant) -> Bool {
    !isUILevel || !mutant.touchesStack
  }

  var environment: [String: String] {
    self == .composableNonExhaustive || self == .episodeComposableNonExhaustive
      ? ["PRIME_TIME_TESTSTORE_EXHAUSTIVITY": "off"] : [:]
  }

  /// The app whose patches this suite is run against.
  var app: Mutant.App {
    switch self {
    case .vanilla, .vanillaUI, .vanillaLive, .episodeVanilla, .episodeVanillaHarness,
      .episodeVanillaUI:
      .vanilla
    default: .composable
    }
  }

  /// The suite of the other app that plays the same part (the plain suites face each other).
  var counterpart: Suite {
    switch self {
    case .vanilla, .vanillaUI: .composable
    case .composable, .composableNonExhaustive, .composableUI: .vanilla
    case .vanillaLive: .composableLive
    case .composableLive: .vanillaLive
    case .episodeVanilla, .episodeVanillaHarness, .episodeVanillaUI: .episodeComposable
    default: .episodeVanilla
    }
  }
}

/// What one run of a suite reported.
struct SuiteRun {
  /// Every test that ran, with its failures.
  let tests: [XUnitReport.TestCase]
  /// The process died (a crash) or hit its time limit, with no complete report.
  let aborted: String?
  let seconds: Double

  /// `Suite.test` for each test that failed.
  var failures: Set<String> { Set(tests.filter(\.failed).map(\.name)) }

  init(tests: [XUnitReport.TestCase], aborted: String?, seconds: Double) {
    self.tests = tests
    self.aborted = aborted
    self.seconds = seconds
  }

  /// Reads the tests from Swift Testing's xUnit report, and whether the run completed from its
  /// output.
  init(_ result: Shell.Result, xunit: String) {
    var tests = XUnitReport(xml: xunit).tests
    let plain = result.output.replacing(/\u{1B}\[[0-9;]*m/, with: "")
    if xunit.isEmpty {
      // No report (the run was stopped): take the failures it printed before it stopped.
      for line in plain.split(separator: "\n") where line.hasPrefix("✘ Test ") {
        guard line.contains(") failed"), let open = line.firstIndex(of: "(") else { continue }
        let name = String(line[line.index(line.startIndex, offsetBy: 7)..<open])
        tests.append(XUnitReport.TestCase(name: name, failures: [String(line)]))
      }
    }
    let aborted: String?
    if result.timedOut {
      aborted = "time limit"
    } else if !plain.contains("Test run with ") {
      aborted = "crash"
    } else {
      aborted = nil
    }
    self.init(tests: tests, aborted: aborted, seconds: result.seconds)
  }
}
