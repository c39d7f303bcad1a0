import ExhaustiveHarness
import ExpectedFailures
import Foundation
import PrimeTimeCore
import PrimeTimeFixtures
import Testing
import VanillaPrimeTime

@MainActor
@Suite struct FavoritePrimesTests {
  /// A favourites screen over the harness's model, with the date and the file injected.
  func makeScreen(
    _ harness: ExhaustiveHarness<AppState>,
    file: InMemoryFavoritesFile = InMemoryFavoritesFile()
  ) -> FavoritePrimesView {
    var screen = ContentView(state: harness.model).favoritePrimesView
    screen.now = { Fixtures.date }
    screen.loadFavoritePrimesFile = file.loadPrimes
    screen.saveFavoritePrimesFile = file.savePrimes
    return screen
  }

  @Test func deleteFavoritePrimes() {
    let harness = ExhaustiveHarness(AppState(favoritePrimes: [2, 3, 5, 7]))
    let screen = makeScreen(harness)
    harness.send {
      screen.deleteFavoritePrimes(at: [1, 3])
    } assert: {
      $0.favoritePrimes = [2, 5]
      $0.activityFeed = [
        Activity(timestamp: Fixtures.date, type: .removedFavoritePrime(3)),
        Activity(timestamp: Fixtures.date, type: .removedFavoritePrime(7)),
      ]
    }
  }

  @Test func deleteFavoritePrimes_outOfRangeOffsetsAreIgnored() {
    let harness = ExhaustiveHarness(AppState(favoritePrimes: [2, 3]))
    let screen = makeScreen(harness)
    harness.send {
      screen.deleteFavoritePrimes(at: [1, 5])
    } assert: {
      $0.favoritePrimes = [2]
      $0.activityFeed = [Activity(timestamp: Fixtures.date, type: .removedFavoritePrime(3))]
    }
  }

  /// The dependency advice of the Composable Architecture's testing article, with the harness.
  ///
  /// The harness checks the model, not the file: a save that should not happen changes no
  /// field, so it passes the step. Only the hand-written failing stub catches it.
  @Test func aFlowThatMustNotSaveFailsIfItSaves() {
    let harness = ExhaustiveHarness(AppState(favoritePrimes: [7]))
    var screen = makeScreen(harness)
    screen.saveFavoritePrimesFile = { _ in recordFailure("Unimplemented: save was called") }
    expectFailure {
      harness.send(screen.saveFavoritePrimes)
    } matching: { issue in
      issue.description.contains("Unimplemented: save was called")
    }
  }

  /// The file is not part of the model: what was written is checked by hand.
  @Test func saveButtonTapped() {
    let file = InMemoryFavoritesFile()
    let harness = ExhaustiveHarness(AppState(favoritePrimes: [2, 3, 5]))
    let screen = makeScreen(harness, file: file)
    harness.send(screen.saveFavoritePrimes)
    #expect(file.writes == [Data("[2,3,5]".utf8)])
  }

  @Test func saveButtonTapped_writeFails() {
    let file = InMemoryFavoritesFile(
      contents: Fixtures.favoritesFile,
      writeError: InMemoryFavoritesFile.diskFull
    )
    let harness = ExhaustiveHarness(AppState(favoritePrimes: [7]))
    let screen = makeScreen(harness, file: file)
    harness.send(screen.saveFavoritePrimes) {
      $0.favoritePrimesAlertMessage =
        "favorite-primes.json could not be written: No space left on device"
    }
    #expect(file.contents == Fixtures.favoritesFile)
  }

  @Test func loadButtonTapped() {
    let harness = ExhaustiveHarness(AppState(favoritePrimes: [7]))
    let screen = makeScreen(harness, file: InMemoryFavoritesFile(contents: Fixtures.favoritesFile))
    harness.send(screen.loadFavoritePrimes) { $0.favoritePrimes = [2, 3, 5] }
  }

  @Test func loadButtonTapped_noFile() {
    let harness = ExhaustiveHarness(AppState(favoritePrimes: [7]))
    let screen = makeScreen(harness)
    harness.send(screen.loadFavoritePrimes)
  }

  @Test func loadButtonTapped_corruptFile() {
    let harness = ExhaustiveHarness(AppState(favoritePrimes: [7]))
    let screen = makeScreen(
      harness,
      file: InMemoryFavoritesFile(contents: Fixtures.corruptFavoritesFile)
    )
    harness.send(screen.loadFavoritePrimes) {
      $0.favoritePrimesAlertMessage =
        "favorite-primes.json is corrupt: expected a JSON array of whole numbers"
    }
    harness.send(screen.alertDismissButtonAction) { $0.favoritePrimesAlertMessage = nil }
  }

  /// The real storage through a temporary directory; the test empties the list between save
  /// and load as setup, which the harness applies to both models.
  @Test func saveAndLoad_roundTripThroughTheRealFile() throws {
    let directory = try TemporaryDirectory()
    let storage = FileStorage(directory: directory.url)
    let harness = ExhaustiveHarness(AppState(favoritePrimes: [2, 3, 5]))
    var screen = ContentView(state: harness.model).favoritePrimesView
    screen.saveFavoritePrimesFile = { try FavoritePrimesFile.save($0, to: storage) }
    screen.loadFavoritePrimesFile = { try FavoritePrimesFile.load(from: storage) }
    harness.send(screen.saveFavoritePrimes)
    harness.setUp { $0.favoritePrimes = [] }
    harness.send(screen.loadFavoritePrimes) { $0.favoritePrimes = [2, 3, 5] }
  }

  @Test func saveButtonTapped_notPrime() {
    let file = InMemoryFavoritesFile(contents: Fixtures.favoritesFile)
    let harness = ExhaustiveHarness(AppState(favoritePrimes: [4]))
    let screen = makeScreen(harness, file: file)
    harness.send(screen.saveFavoritePrimes) {
      $0.favoritePrimesAlertMessage =
        "favorite-primes.json was not written: entry 0 (4) is not a prime"
    }
    #expect(file.contents == Fixtures.favoritesFile)
  }

  @Test func loadButtonTapped_corruptFileShowsThePath() throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent(FavoritePrimesFile.name)
    try Data("[4]".utf8).write(to: file)
    let storage = FileStorage(directory: directory.url)
    let harness = ExhaustiveHarness(AppState())
    var screen = ContentView(state: harness.model).favoritePrimesView
    screen.loadFavoritePrimesFile = { try FavoritePrimesFile.load(from: storage) }
    harness.send(screen.loadFavoritePrimes) {
      $0.favoritePrimesAlertMessage = "\(file.path) is corrupt: entry 0 (4) is not a prime"
    }
  }
}
