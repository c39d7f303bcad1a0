import Foundation
import PrimeTimeCore
import Testing

/// The two halves of `.ci/kill-mid-save`.
///
/// The script SIGKILLs a process while it saves, then checks that what is on disk still loads.
/// Both tests are skipped in a normal `swift test`: the script runs this test binary with one of
/// the variables below set.
///
/// - `PRIME_TIME_SAVE_LOOP_DIR=dir`: `saveUntilKilled` saves two different lists in turn, as fast
///   as it can, and writes `dir/ready` after its first save so the script knows saves are under
///   way. It gives up after 60 seconds, so a script that forgot to kill it does not hang.
/// - `PRIME_TIME_SAVE_CHECK_DIR=dir`: `theKilledSaveLeftALoadableFile` loads the file and expects
///   exactly one of the two lists, then saves once more and expects no temporary file left over.
@Suite struct KillMidSaveTests {
  nonisolated static let loopDirectory =
    ProcessInfo.processInfo.environment["PRIME_TIME_SAVE_LOOP_DIR"]
  nonisolated static let checkDirectory =
    ProcessInfo.processInfo.environment["PRIME_TIME_SAVE_CHECK_DIR"]

  /// Two lists of different lengths (about 19 KB and 29 KB of JSON), so a torn write shows as a
  /// file that is neither.
  static let lists: [[Int]] = {
    let primes = (2..<30_000).filter(isPrime)
    return [Array(primes.prefix(2_000)), Array(primes.prefix(3_000))]
  }()

  @Test(.enabled(if: loopDirectory != nil, "run by .ci/kill-mid-save"))
  func saveUntilKilled() throws {
    let directory = URL(fileURLWithPath: try #require(Self.loopDirectory))
    let storage = FileStorage(directory: directory)
    let start = ContinuousClock.now
    var saves = 0
    while ContinuousClock.now - start < .seconds(60) {
      try FavoritePrimesFile.save(Self.lists[saves % 2], to: storage)
      saves += 1
      if saves == 1 {
        try Data().write(to: directory.appendingPathComponent("ready"))
      }
    }
    Issue.record("saved \(saves) times in 60 seconds and was never killed")
  }

  @Test(.enabled(if: checkDirectory != nil, "run by .ci/kill-mid-save"))
  func theKilledSaveLeftALoadableFile() throws {
    let directory = URL(fileURLWithPath: try #require(Self.checkDirectory))
    let storage = FileStorage(directory: directory)
    let loaded = try #require(try FavoritePrimesFile.load(from: storage), "no file at all")
    #expect(
      Self.lists.contains(loaded),
      "the file holds \(loaded.count) entries, which is neither list"
    )
    try FavoritePrimesFile.save(loaded, to: storage)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".tmp") }
    #expect(leftovers.isEmpty, "temporary files left after a save: \(leftovers)")
  }
}
