import Foundation
import PrimeTimeFixtures
import Testing

/// The built `prime-time` program run as a user runs it in a script: plain frames, no escape
/// codes, the exit status, and a bad script refused before anything runs.
@Suite(.timeLimit(.minutes(1)))
struct EndToEndTests {
  struct Run {
    let status: Int32
    let output: String
    let errors: String
  }

  /// Runs the program next to this test bundle with `arguments` and `input` on standard input,
  /// its data directory set to `directory`.
  func run(_ arguments: [String], input: String = "", directory: URL) throws -> Run {
    let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [products, products.deletingLastPathComponent()].map {
      $0.appendingPathComponent("prime-time")
    }
    let program = try #require(
      candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
      "no prime-time program next to the tests in \(products.path): build it with swift build"
    )
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    process.environment = ["PRIME_TIME_DATA_DIR": directory.path, "PATH": "/usr/bin:/bin"]
    let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    let errors = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus,
      output: String(decoding: output, as: UTF8.self),
      errors: String(decoding: errors, as: UTF8.self)
    )
  }

  /// Keys on standard input (not a terminal): a frame per step, then status 0.
  ///
  /// "Load and go"
  /// disables its button until two seconds pass on the script's clock.
  @Test func aScriptOnStandardInputPrintsAFramePerStep() throws {
    let directory = try TemporaryDirectory()
    let result = try run(
      ["--width", "80"],
      input: "+\n+\np\nsave\nclose\nfavorites\ns\nstack\nc\ng\nwait 1\nwait 1\n",
      directory: directory.url
    )
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.errors.isEmpty)
    #expect(!result.output.contains("\u{1B}"))
    let frames = result.output.components(separatedBy: "\n\n").filter { !$0.isEmpty }
    #expect(frames.count == 13)
    #expect(frames.first?.hasPrefix("== start\nPrimeTime  [1 Counter demo]") == true)
    #expect(frames.allSatisfy { $0.contains("✓ both apps show the same on every screen") })
    #expect(frames.allSatisfy { $0.split(separator: "\n").allSatisfy { $0.count <= 80 } })
    let loading = try #require(frames.first { $0.hasPrefix("== line 10: g") })
    #expect(side(0, of: loading).contains("[Loading…] (disabled)"))
    #expect(side(1, of: loading).contains("[Loading…] (disabled)"))
    let halfway = try #require(frames.first { $0.hasPrefix("== line 11: wait 1") })
    #expect(side(0, of: halfway).contains("- Counter 0 (loading)"))
    let done = try #require(frames.last)
    #expect(done.hasPrefix("== line 12: wait 1"))
    for index in 0...1 {
      let lines = side(index, of: done)
      #expect(lines.filter { $0 == "- Counter 0" }.count == 2, "\(lines)")
    }
    // The save went to each app's own file.
    for app in ["vanilla", "composable"] {
      let file = directory.url.appendingPathComponent("\(app)/favorite-primes.json")
      #expect(FileManager.default.fileExists(atPath: file.path), "\(app)")
    }
  }

  /// Both apps run as they are written today unless `--episode` asks for the episodes' designs;
  /// each app's log names the methods or the actions of the design it runs.
  @Test func theDesignsWrittenTodayRunUnlessTheEpisodesAreAskedFor() throws {
    let directory = try TemporaryDirectory()
    let today = try run(["--width", "160"], input: "+\n", directory: directory.url)
    #expect(today.status == 0, "\(today.errors)")
    #expect(today.output.contains("PrimeCounterModel.incrementButtonTapped()"))
    #expect(today.output.contains("PrimeTimeFeature.Action.counter(.incrementButtonTapped)"))
    let episode = try run(["--episode", "--width", "160"], input: "+\n", directory: directory.url)
    #expect(episode.status == 0, "\(episode.errors)")
    #expect(episode.output.contains("CounterView.incrementCount()"))
    #expect(episode.output.contains("AppFeature.Action.counter(.incrementButtonTapped)"))
    #expect(!episode.output.contains("PrimeCounterModel"))
  }

  /// A bad line: named with its number, status 2, and no frame printed.
  @Test func aBadScriptLineStopsBeforeAnythingRuns() throws {
    let directory = try TemporaryDirectory()
    let result = try run([], input: "+\nfly\n", directory: directory.url)
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(
      result.errors.hasPrefix("prime-time: standard input, script line 2: “fly” is not a key")
    )
    #expect(result.errors.contains("(nothing was run)"))
  }

  @Test func optionsAreChecked() throws {
    let directory = try TemporaryDirectory()
    let help = try run(["--help"], directory: directory.url)
    #expect(help.status == 0 && help.output.hasPrefix("usage: prime-time"))
    let only = try run(["--only", "both"], directory: directory.url)
    #expect(only.status == 2)
    #expect(only.errors.hasPrefix("prime-time: --only takes vanilla or composable, not “both”"))
    let think = try run(["--think", "0"], directory: directory.url)
    #expect(think.status == 2)
    #expect(
      think.errors.hasPrefix("prime-time: --think takes a number of seconds from 1 to 60, not “0”")
    )
    let missing = try run(["--script", directory.url.path + "/none.txt"], directory: directory.url)
    #expect(missing.status == 2 && missing.errors.contains("cannot read the script"))
    let one = try run(["--only", "composable"], input: "+\n", directory: directory.url)
    #expect(one.status == 0 && one.output.contains("one app shown"))
    #expect(!one.output.contains("── vanilla"))
  }
}
