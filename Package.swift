// swift-tools-version: 6.3
// PrimeTime: the same app built twice (vanilla observable objects, and reducers on our own
// Composable Architecture) with shared fixtures, side-by-side tests and benchmarks.
// No package dependencies: toolchain modules only.
import PackageDescription

let package = Package(
  name: "PrimeTime",
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .library(name: "PrimeTimeCore", targets: ["PrimeTimeCore"]),
    .library(name: "Clocks", targets: ["Clocks"]),
    .library(name: "ValueDump", targets: ["ValueDump"]),
    .library(name: "ComposableArchitecture", targets: ["ComposableArchitecture"]),
    .library(name: "ComposableArchitectureTesting", targets: ["ComposableArchitectureTesting"]),
    .library(name: "VanillaPrimeTime", targets: ["VanillaPrimeTime"]),
    .library(name: "ComposablePrimeTime", targets: ["ComposablePrimeTime"]),
    .executable(name: "prime-time-benchmarks", targets: ["PrimeTimeBenchmarks"]),
    .executable(name: "prime-time-report", targets: ["PrimeTimeReport"]),
    .executable(name: "prime-time", targets: ["PrimeTimeTerminalApp"]),
  ],
  dependencies: [],
  targets: [
    // MARK: Libraries (import nothing of ours, except ComposableArchitecture → Clocks, ValueDump)
    .target(name: "PrimeTimeCore"),
    .target(name: "Clocks"),
    // Renders any value as Swift-like text and diffs two renderings: failure messages of the
    // TestStore and of the vanilla exhaustive harness alike.
    .target(name: "ValueDump"),
    .target(name: "ComposableArchitecture", dependencies: ["Clocks", "ValueDump"]),
    // The test store without any test framework (a program may run one), and the module tests
    // import: the same plus the bridge to Swift Testing and XCTest.
    .target(
      name: "ComposableArchitectureTestingCore",
      dependencies: ["ComposableArchitecture", "Clocks"]
    ),
    .target(
      name: "ComposableArchitectureTesting",
      dependencies: ["ComposableArchitectureTestingCore", "ComposableArchitecture", "Clocks"]
    ),

    // MARK: Apps (the vanilla app never imports the composable library)
    .target(name: "VanillaPrimeTime", dependencies: ["PrimeTimeCore"]),
    .target(
      name: "ComposablePrimeTime",
      dependencies: ["ComposableArchitecture", "PrimeTimeCore"]
    ),

    // MARK: The terminal front end (both apps side by side; links no test framework)
    .target(
      name: "PrimeTimeTerminal",
      dependencies: [
        "VanillaPrimeTime", "ComposablePrimeTime", "ComposableArchitecture", "PrimeTimeCore",
        "Clocks",
      ]
    ),
    .executableTarget(name: "PrimeTimeTerminalApp", dependencies: ["PrimeTimeTerminal"]),
    .testTarget(
      name: "PrimeTimeTerminalTests",
      dependencies: ["PrimeTimeTerminal", "PrimeTimeCore", "PrimeTimeFixtures", "Clocks"]
    ),

    // MARK: Tests
    // Shared scenario data and stubs for both apps' suites: a regular target, not copied.
    .target(
      name: "PrimeTimeFixtures",
      dependencies: ["PrimeTimeCore", "Clocks"],
      path: "Tests/PrimeTimeFixtures"
    ),
    // A driver per app performing the fixtures' neutral intents (for parity, fuzz and bugs).
    .target(
      name: "PrimeTimeDrivers",
      dependencies: [
        "PrimeTimeFixtures",
        "VanillaPrimeTime",
        "ComposablePrimeTime",
        "ComposableArchitecture",
        "ComposableArchitectureTesting",
        "PrimeTimeCore",
        "Clocks",
      ],
      path: "Tests/PrimeTimeDrivers"
    ),
    // The exhaustive harness for vanilla models: test support that imports nothing of the
    // composable library (only ValueDump and Clocks), and the vanilla suite rewritten with it.
    .target(
      name: "ExpectedFailures",
      dependencies: ["Clocks"],
      path: "Tests/ExpectedFailures"
    ),
    .target(
      name: "ExhaustiveHarness",
      dependencies: ["ValueDump", "Clocks", "ExpectedFailures"],
      path: "Tests/ExhaustiveHarness"
    ),
    .testTarget(
      name: "ExhaustiveHarnessTests",
      dependencies: ["ExhaustiveHarness", "Clocks", "ExpectedFailures"]
    ),
    .testTarget(
      name: "VanillaExhaustiveTests",
      dependencies: [
        "ExhaustiveHarness", "VanillaPrimeTime", "PrimeTimeFixtures", "PrimeTimeCore", "Clocks",
        "ExpectedFailures",
      ]
    ),
    .testTarget(name: "PrimeTimeCoreTests", dependencies: ["PrimeTimeCore", "PrimeTimeFixtures"]),
    .testTarget(name: "ClocksTests", dependencies: ["Clocks"]),
    .testTarget(name: "ExpectedFailuresTests", dependencies: ["ExpectedFailures", "Clocks"]),
    .testTarget(
      name: "VanillaPrimeTimeTests",
      dependencies: [
        "VanillaPrimeTime", "PrimeTimeFixtures", "PrimeTimeCore", "Clocks", "ExpectedFailures",
      ]
    ),
    .testTarget(
      name: "ComposablePrimeTimeTests",
      dependencies: [
        "ComposablePrimeTime",
        "ComposableArchitectureTesting",
        "PrimeTimeFixtures",
        "PrimeTimeCore",
        "ExpectedFailures",
      ]
    ),
    // The answer key's tests: the exercises' answers, which the grader runs with their patches.
    .testTarget(
      name: "AnswerKeyTests",
      dependencies: [
        "ComposablePrimeTime", "ComposableArchitecture", "ComposableArchitectureTesting",
        "VanillaPrimeTime", "PrimeTimeFixtures", "PrimeTimeCore", "Clocks", "ExpectedFailures",
      ]
    ),
    .testTarget(
      name: "ComparisonTests",
      dependencies: [
        "PrimeTimeDrivers", "PrimeTimeFixtures", "PrimeTimeCore", "Clocks", "VanillaPrimeTime",
        "ComposablePrimeTime", "ComposableArchitectureTesting",
      ]
    ),
    // UI-level tests: each app driven through its screens only, as a UI test drives an app.
    .testTarget(
      name: "PrimeTimeUITests",
      dependencies: ["PrimeTimeDrivers", "PrimeTimeFixtures", "PrimeTimeCore"]
    ),
    .testTarget(
      name: "ComposableArchitectureTests",
      dependencies: [
        "ComposableArchitecture", "ComposableArchitectureTesting", "Clocks", "ExpectedFailures",
      ]
    ),

    // MARK: Benchmarks
    // Timing, flags and reports, with no case of ours in it (tested by BenchmarkHarnessTests).
    .target(name: "BenchmarkHarness", path: "Benchmarks/BenchmarkHarness"),
    .testTarget(name: "BenchmarkHarnessTests", dependencies: ["BenchmarkHarness"]),
    .executableTarget(
      name: "PrimeTimeBenchmarks",
      dependencies: [
        "BenchmarkHarness",
        "VanillaPrimeTime",
        "ComposablePrimeTime",
        "ComposableArchitecture",
        // Not ComposableArchitectureTesting: the benchmarks link no test framework.
        "ComposableArchitectureTestingCore",
        "PrimeTimeCore",
        "Clocks",
      ],
      path: "Benchmarks/PrimeTimeBenchmarks"
    ),

    // MARK: Tools
    // Mutation testing of the real suites: runs `swift build`/`swift test` on a scratch copy.
    .executableTarget(name: "PrimeTimeReport", path: "Tools/PrimeTimeReport"),
    // The grader's verdicts and the report's parsing, on canned runs (no scratch build).
    .testTarget(name: "PrimeTimeReportTests", dependencies: ["PrimeTimeReport"]),
  ],
  swiftLanguageModes: [.v6]
)
