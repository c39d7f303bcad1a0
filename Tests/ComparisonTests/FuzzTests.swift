import Clocks
import Foundation
import PrimeTimeCore
import PrimeTimeDrivers
import PrimeTimeFixtures
import Testing
import VanillaPrimeTime

/// Differential fuzz: random scripts of user intents drive both apps, and what the user sees must
/// be identical after every step.
///
/// Deterministic: the seed is fixed unless `PRIME_TIME_FUZZ_SEED` replays another one, and a
/// failure prints the seed to replay.
///
/// The time limit only has to catch a stall: unsanitized, the suite takes a few seconds, but
/// under ThreadSanitizer on a slow 2-core machine `appScripts` alone took 40 s (2026-11-27), too
/// near a one-minute limit.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct FuzzTests {
  static let seed: UInt64 =
    ProcessInfo.processInfo.environment["PRIME_TIME_FUZZ_SEED"].flatMap { UInt64($0) } ?? 2_026_1122

  /// Every intent a user could perform on this screen state, with random offsets for deletion.
  static func candidates(_ snapshot: AppSnapshot, _ rng: inout SplitMix64) -> [AppIntent] {
    var offsets = IndexSet()
    for _ in 0..<Int.random(in: 1...3, using: &rng) {
      // Mostly valid offsets, sometimes one past the end (the drivers delete only rows on screen).
      offsets.insert(Int.random(in: 0...snapshot.favoritePrimes.count, using: &rng))
    }
    let all: [AppIntent] = [
      .incrementTapped, .decrementTapped, .isPrimeTapped, .saveFavoriteTapped,
      .removeFavoriteTapped, .primeModalDismissed, .nthPrimeTapped, .alertDismissed,
      .deleteFavorites(offsets), .saveTapped, .loadTapped, .favoritesAlertDismissed,
    ]
    return all.filter(snapshot.offers)
  }

  /// How a script starts: the count, the favourites, and a new file with the script's contents.
  struct ScriptStart {
    var count: Int
    var favorites: [Int]
    var file: () -> InMemoryFavoritesFile
  }

  /// Where two apps first disagreed in a fuzz run, and what each showed.
  struct Disagreement {
    var script: Int
    var step: Int
    var report: String
  }

  /// Runs `scripts` seeded scripts against the two drivers `makeDrivers` builds for each script's
  /// starting state; returns how many steps ran and the first disagreement, if any.
  static func runAppScripts(
    seed: UInt64,
    scripts: Int,
    makeDrivers: (ScriptStart) -> (vanilla: any AppDriver, composable: any AppDriver)
  ) async throws -> (steps: Int, disagreement: Disagreement?) {
    var rng = SplitMix64(state: seed)
    var steps = 0
    let primes = [2, 3, 5, 7, 11, 13]
    for script in 0..<scripts {
      let count = Int.random(in: -2...9, using: &rng)
      let favorites = primes.filter { _ in Bool.random(using: &rng) }
      let contents = [nil, Fixtures.favoritesFile, Fixtures.corruptFavoritesFile].randomElement(
        using: &rng
      )!
      let writeError =
        Int.random(in: 0..<4, using: &rng) == 0 ? InMemoryFavoritesFile.diskFull : nil
      let (vanilla, composable) = makeDrivers(
        ScriptStart(count: count, favorites: favorites) {
          InMemoryFavoritesFile(contents: contents, writeError: writeError)
        }
      )
      var performed: [AppIntent] = []
      for step in 0..<Int.random(in: 1...50, using: &rng) {
        let options = Self.candidates(vanilla.snapshot, &rng)
        guard let intent = options.randomElement(using: &rng) else { break }
        performed.append(intent)
        steps += 1
        try await vanilla.perform(intent)
        try await composable.perform(intent)
        if vanilla.snapshot != composable.snapshot {
          let report = """
            The apps disagree (seed \(seed), script \(script), step \(step)); replay with \
            PRIME_TIME_FUZZ_SEED=\(seed).
              start: count \(count), favourites \(favorites)
              intents: \(performed.map(\.description).joined(separator: ", "))
              vanilla:    \(vanilla.snapshot)
              composable: \(composable.snapshot)
            """
          return (steps, Disagreement(script: script, step: step, report: report))
        }
      }
    }
    return (steps, nil)
  }

  @Test func appScripts() async throws {
    let (steps, disagreement) = try await Self.runAppScripts(seed: Self.seed, scripts: 1_000) {
      start in
      (
        VanillaAppDriver(count: start.count, favoritePrimes: start.favorites, file: start.file()),
        ComposableAppDriver(count: start.count, favoritePrimes: start.favorites, file: start.file())
      )
    }
    #expect(steps > 10_000, "the fuzz ran only \(steps) steps")
    if let disagreement { Issue.record(Comment(rawValue: disagreement.report)) }
  }

  /// The same scripts on the two apps as they are written today.
  @Test func appScripts_currentDesigns() async throws {
    let (steps, disagreement) = try await Self.runAppScripts(seed: Self.seed, scripts: 1_000) {
      start in
      (
        CurrentVanillaAppDriver(
          count: start.count,
          favoritePrimes: start.favorites,
          file: start.file()
        ),
        CurrentComposableAppDriver(
          count: start.count,
          favoritePrimes: start.favorites,
          file: start.file()
        )
      )
    }
    #expect(steps > 10_000, "the fuzz ran only \(steps) steps")
    if let disagreement { Issue.record(Comment(rawValue: disagreement.report)) }
  }

  /// The fuzz can fail: with a fault seeded into the vanilla side (the prime modal's save button
  /// removes the favourite instead), the default seed finds a disagreement, and where.
  @Test func aFaultSeededInTheVanillaModalIsCaught() async throws {
    let (_, disagreement) = try await Self.runAppScripts(seed: 2_026_1122, scripts: 1_000) {
      start in
      (
        SaveRemovesDriver(
          base: VanillaAppDriver(
            count: start.count,
            favoritePrimes: start.favorites,
            file: start.file()
          )
        ),
        ComposableAppDriver(count: start.count, favoritePrimes: start.favorites, file: start.file())
      )
    }
    let found = try #require(disagreement)
    #expect(found.script == 1)
    #expect(found.step == 10)
    #expect(found.report.contains("replay with PRIME_TIME_FUZZ_SEED=20261122"))
  }

  static func stackCandidates(_ snapshot: StackSnapshot, _ rng: inout SplitMix64) -> StackIntent {
    let size = snapshot.elements.count
    let index = Int.random(in: 0...max(size, 1), using: &rng)  // sometimes out of range
    switch Int.random(in: 0..<12, using: &rng) {
    case 0:
      return .pushCounter(
        Int.random(in: 0...3, using: &rng) == 0 ? 98 : Int.random(in: 0...5, using: &rng)
      )
    case 1: return .pushNumberFact(Int.random(in: 1...20, using: &rng))
    case 2: return .pushPrimeNumber(Int.random(in: 1...20, using: &rng))
    case 3: return .pop(fromIndex: index)
    case 4: return .increment(index)
    case 5: return .decrement(index)
    case 6, 7: return .toggleTimer(index)
    case 8: return .loadAndGo(index)
    case 9: return .getFact(index)
    case 10: return .setNumber(index, to: Int.random(in: 0...20, using: &rng))
    default: return .advance(seconds: Int.random(in: 1...3, using: &rng))
    }
  }

  @Test func stackScripts() async {
    await withMainSerialExecutor {
      var rng = SplitMix64(state: Self.seed ^ 0x5747_4143_4B00_0000)
      var steps = 0
      defer { #expect(steps > 3_000, "the fuzz ran only \(steps) steps") }
      for script in 0..<300 {
        let vanilla = VanillaStackDriver()
        let composable = ComposableStackDriver()
        var performed: [StackIntent] = []
        for step in 0..<Int.random(in: 1...50, using: &rng) {
          let intent = Self.stackCandidates(vanilla.snapshot, &rng)
          performed.append(intent)
          steps += 1
          await vanilla.perform(intent)
          await composable.perform(intent)
          if vanilla.snapshot != composable.snapshot {
            Issue.record(
              """
              The stacks disagree (seed \(Self.seed), script \(script), step \(step)); replay with \
              PRIME_TIME_FUZZ_SEED=\(Self.seed).
                intents: \(performed)
                vanilla:    \(vanilla.snapshot)
                composable: \(composable.snapshot)
              """
            )
            return
          }
        }
        // Leave as a user does: pop to the root. Both stacks must agree on that too, and every
        // timer still asleep on the test clock is cancelled rather than leaked with the script.
        await vanilla.perform(.pop(fromIndex: 0))
        await composable.perform(.pop(fromIndex: 0))
        if !vanilla.snapshot.elements.isEmpty || vanilla.snapshot != composable.snapshot {
          Issue.record(
            """
            Popping to the root left (seed \(Self.seed), script \(script)):
              vanilla:    \(vanilla.snapshot)
              composable: \(composable.snapshot)
            """
          )
          return
        }
      }
    }
  }
}

/// A vanilla driver with a seeded fault: "Save to favorite primes" in the prime modal removes
/// instead (the fault is put in by calling the modal's remove on the model, which no screen
/// offers there).
@MainActor
private struct SaveRemovesDriver: AppDriver {
  let base: VanillaAppDriver

  func perform(_ intent: AppIntent) async throws {
    guard intent == .saveFavoriteTapped else { return try await base.perform(intent) }
    var modal = IsPrimeModalView(
      activityFeed: Binding(base.model, \.activityFeed),
      count: base.model.count,
      favoritePrimes: Binding(base.model, \.favoritePrimes)
    )
    modal.now = { Fixtures.date }
    modal.removeFavoritePrime()
  }

  var snapshot: AppSnapshot { base.snapshot }
}
