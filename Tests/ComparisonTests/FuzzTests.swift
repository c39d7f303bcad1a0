import Clocks
import Foundation
import PrimeTimeCore
import PrimeTimeDrivers
import PrimeTimeFixtures
import Testing

/// A small, fast, seedable generator (SplitMix64): the same seed gives the same scripts.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Differential fuzz: random scripts of user intents drive both apps, and what the user sees must
/// be identical after every step.
///
/// Deterministic: the seed is fixed unless `PRIME_TIME_FUZZ_SEED` replays another one, and a
/// failure prints the seed to replay.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct FuzzTests {
  static let seed: UInt64 =
    ProcessInfo.processInfo.environment["PRIME_TIME_FUZZ_SEED"].flatMap { UInt64($0) } ?? 2_026_1122

  /// Every intent a user could perform on this screen state, with random offsets for deletion.
  static func candidates(_ snapshot: AppSnapshot, _ rng: inout SplitMix64) -> [AppIntent] {
    var offsets = IndexSet()
    for _ in 0..<Int.random(in: 1...3, using: &rng) {
      // Mostly valid offsets, sometimes one past the end.
      offsets.insert(Int.random(in: 0...snapshot.favoritePrimes.count, using: &rng))
    }
    let all: [AppIntent] = [
      .incrementTapped, .decrementTapped, .isPrimeTapped, .saveFavoriteTapped,
      .removeFavoriteTapped, .primeModalDismissed, .nthPrimeTapped, .alertDismissed,
      .deleteFavorites(offsets), .saveTapped, .loadTapped, .favoritesAlertDismissed,
    ]
    return all.filter(snapshot.offers)
  }

  @Test func appScripts() async {
    var rng = SplitMix64(state: Self.seed)
    var steps = 0
    defer { #expect(steps > 10_000, "the fuzz ran only \(steps) steps") }
    let primes = [2, 3, 5, 7, 11, 13]
    for script in 0..<1_000 {
      let count = Int.random(in: -2...9, using: &rng)
      let favorites = primes.filter { _ in Bool.random(using: &rng) }
      let contents = [nil, Fixtures.favoritesFile, Fixtures.corruptFavoritesFile].randomElement(
        using: &rng
      )!
      let writeError =
        Int.random(in: 0..<4, using: &rng) == 0 ? InMemoryFavoritesFile.diskFull : nil
      let vanilla = VanillaAppDriver(
        count: count,
        favoritePrimes: favorites,
        file: InMemoryFavoritesFile(contents: contents, writeError: writeError)
      )
      let composable = ComposableAppDriver(
        count: count,
        favoritePrimes: favorites,
        file: InMemoryFavoritesFile(contents: contents, writeError: writeError)
      )
      var performed: [AppIntent] = []
      for step in 0..<Int.random(in: 1...50, using: &rng) {
        let options = Self.candidates(vanilla.snapshot, &rng)
        guard let intent = options.randomElement(using: &rng) else { break }
        performed.append(intent)
        steps += 1
        await vanilla.perform(intent)
        await composable.perform(intent)
        if vanilla.snapshot != composable.snapshot {
          Issue.record(
            """
            The apps disagree (seed \(Self.seed), script \(script), step \(step)); replay with \
            PRIME_TIME_FUZZ_SEED=\(Self.seed).
              start: count \(count), favourites \(favorites)
              intents: \(performed.map(\.description).joined(separator: ", "))
              vanilla:    \(vanilla.snapshot)
              composable: \(composable.snapshot)
            """
          )
          return
        }
      }
    }
  }

  static func stackCandidates(_ snapshot: StackSnapshot, _ rng: inout SplitMix64) -> StackIntent {
    let size = snapshot.elements.count
    let index = Int.random(in: 0...max(size, 1), using: &rng)  // sometimes out of range
    switch Int.random(in: 0..<11, using: &rng) {
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
