import ExpectedFailures
import Foundation
import PrimeTimeCore
import PrimeTimeFixtures
import Testing
import VanillaPrimeTime

@MainActor
@Suite struct FavoritePrimesTests {
  /// A favourites screen over a fresh model, with the date and the file injected.
  func makeScreen(
    favorites: [Int],
    file: InMemoryFavoritesFile = InMemoryFavoritesFile()
  ) -> (AppState, FavoritePrimesView) {
    let state = AppState(favoritePrimes: favorites)
    var screen = ContentView(state: state).favoritePrimesView
    screen.now = { Fixtures.date }
    screen.loadFavoritePrimesFile = file.loadPrimes
    screen.saveFavoritePrimesFile = file.savePrimes
    return (state, screen)
  }

  @Test func deleteFavoritePrimes() {
    let (state, screen) = makeScreen(favorites: [2, 3, 5, 7])
    screen.deleteFavoritePrimes(at: [1, 3])
    #expect(state.favoritePrimes == [2, 5])
    #expect(
      state.activityFeed == [
        Activity(timestamp: Fixtures.date, type: .removedFavoritePrime(3)),
        Activity(timestamp: Fixtures.date, type: .removedFavoritePrime(7)),
      ]
    )
  }

  @Test func deleteFavoritePrimes_outOfRangeOffsetsAreIgnored() {
    let (state, screen) = makeScreen(favorites: [2, 3])
    screen.deleteFavoritePrimes(at: [1, 5])
    #expect(state.favoritePrimes == [2])
    #expect(
      state.activityFeed == [Activity(timestamp: Fixtures.date, type: .removedFavoritePrime(3))]
    )
  }

  /// The dependency advice of the Composable Architecture's testing article, on this side.
  ///
  /// The screen's file closures default to the live file, so nothing fails by itself when a flow
  /// saves that should not — a test that wants that failure writes the failing stub by hand.
  @Test func aFlowThatMustNotSaveFailsIfItSaves() {
    var (_, screen) = makeScreen(
      favorites: [7],
      file: InMemoryFavoritesFile(contents: Fixtures.favoritesFile)
    )
    screen.saveFavoritePrimesFile = { _ in recordFailure("Unimplemented: save was called") }
    expectFailure {
      screen.saveFavoritePrimes()
    } matching: { issue in
      issue.description.contains("Unimplemented: save was called")
    }
  }

  @Test func saveButtonTapped() {
    let file = InMemoryFavoritesFile()
    let (state, screen) = makeScreen(favorites: [2, 3, 5], file: file)
    screen.saveFavoritePrimes()
    #expect(file.writes == [Data("[2,3,5]".utf8)])
    #expect(state.favoritePrimes == [2, 3, 5])
    #expect(screen.alertMessage == nil)
  }

  @Test func saveButtonTapped_writeFails() {
    let file = InMemoryFavoritesFile(
      contents: Fixtures.favoritesFile,
      writeError: InMemoryFavoritesFile.diskFull
    )
    let (state, screen) = makeScreen(favorites: [7], file: file)
    screen.saveFavoritePrimes()
    #expect(
      screen.alertMessage == "favorite-primes.json could not be written: No space left on device"
    )
    #expect(state.favoritePrimes == [7])
    #expect(file.contents == Fixtures.favoritesFile)
  }

  @Test func loadButtonTapped() {
    let (state, screen) = makeScreen(
      favorites: [7],
      file: InMemoryFavoritesFile(contents: Fixtures.favoritesFile)
    )
    screen.loadFavoritePrimes()
    #expect(state.favoritePrimes == [2, 3, 5])
  }

  @Test func loadButtonTapped_noFile() {
    let (state, screen) = makeScreen(favorites: [7])
    screen.loadFavoritePrimes()
    #expect(state.favoritePrimes == [7])
    #expect(screen.alertMessage == nil)
  }

  @Test func loadButtonTapped_corruptFile() {
    let (state, screen) = makeScreen(
      favorites: [7],
      file: InMemoryFavoritesFile(contents: Fixtures.corruptFavoritesFile)
    )
    screen.loadFavoritePrimes()
    #expect(state.favoritePrimes == [7])
    #expect(
      screen.alertMessage
        == "favorite-primes.json is corrupt: expected a JSON array of whole numbers"
    )
    screen.alertDismissButtonAction()
    #expect(screen.alertMessage == nil)
  }

  /// Lesson "uncontrolled file I/O unless injected": the live defaults read and write the real
  /// favourites file; the only way to test them is to point the process at a temporary data
  /// directory, which is global state.
  ///
  /// Here the real storage is used through a temporary directory instead of the environment
  /// variable.
  @Test func saveAndLoad_roundTripThroughTheRealFile() throws {
    let directory = try TemporaryDirectory()
    let storage = FileStorage(directory: directory.url)
    let state = AppState(favoritePrimes: [2, 3, 5])
    var screen = ContentView(state: state).favoritePrimesView
    screen.saveFavoritePrimesFile = { try FavoritePrimesFile.save($0, to: storage) }
    screen.loadFavoritePrimesFile = { try FavoritePrimesFile.load(from: storage) }
    screen.saveFavoritePrimes()
    state.favoritePrimes = []
    screen.loadFavoritePrimes()
    #expect(state.favoritePrimes == [2, 3, 5])
    #expect(screen.alertMessage == nil)
  }

  /// A list holding a non-prime is refused before anything is written.
  @Test func saveButtonTapped_notPrime() {
    let file = InMemoryFavoritesFile(contents: Fixtures.favoritesFile)
    let (_, screen) = makeScreen(favorites: [4], file: file)
    screen.saveFavoritePrimes()
    #expect(
      screen.alertMessage == "favorite-primes.json was not written: entry 0 (4) is not a prime"
    )
    #expect(file.contents == Fixtures.favoritesFile)
  }

  /// The alert names the file by its full path.
  @Test func loadButtonTapped_corruptFileShowsThePath() throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent(FavoritePrimesFile.name)
    try Data("[4]".utf8).write(to: file)
    let storage = FileStorage(directory: directory.url)
    var screen = ContentView(state: AppState()).favoritePrimesView
    screen.loadFavoritePrimesFile = { try FavoritePrimesFile.load(from: storage) }
    screen.loadFavoritePrimes()
    #expect(screen.alertMessage == "\(file.path) is corrupt: entry 0 (4) is not a prime")
  }
}
