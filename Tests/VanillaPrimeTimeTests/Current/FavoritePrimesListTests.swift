import ExpectedFailures
import Foundation
import PrimeTimeCore
import PrimeTimeFixtures
import Testing
import VanillaPrimeTime

/// The favourites list's model: deletes through the shared favourites, saves and loads through
/// an injected async file client, and each save or load is a task the test awaits.
@MainActor
@Suite(.timeLimit(.minutes(1)), .startsLeftoverTasks)
struct FavoritePrimesListTests {
  @Test func deleteFavoritePrimes() async {
    let app = PrimeTimeModel.test(favoritePrimes: [2, 3, 5, 7], now: { Fixtures.date })
    await expectChanges(["counter.favorites.primes", "counter.favorites.activityFeed"], in: app) {
      app.favoritesList.deleteFavoritePrimes(at: [1, 3])
    }
    #expect(app.favorites.primes == [2, 5])
    #expect(
      app.favorites.activityFeed == [
        Activity(timestamp: Fixtures.date, type: .removedFavoritePrime(3)),
        Activity(timestamp: Fixtures.date, type: .removedFavoritePrime(7)),
      ]
    )
  }

  @Test func deleteFavoritePrimes_outOfRangeOffsetsAreIgnored() {
    let app = PrimeTimeModel.test(favoritePrimes: [2, 3], now: { Fixtures.date })
    app.favoritesList.deleteFavoritePrimes(at: [1, 5])
    #expect(app.favorites.primes == [2])
    #expect(
      app.favorites.activityFeed == [
        Activity(timestamp: Fixtures.date, type: .removedFavoritePrime(3))
      ]
    )
  }

  /// The failing test values at work: this app was given no file, so a flow that saves fails
  /// the test by itself, without a stub written for the occasion.
  @Test func aFlowThatMustNotSaveFailsIfItSaves() async {
    let app = PrimeTimeModel.test(favoritePrimes: [7])
    await expectFailure {
      await app.favoritesList.saveButtonTapped().value
    } matching: { issue in
      issue.message.contains("FavoritesFileClient.save was called")
    }
  }

  @Test func saveButtonTapped() async {
    let file = InMemoryFavoritesFile()
    let app = PrimeTimeModel.test(favoritePrimes: [2, 3, 5], file: .inMemory(file))
    await expectChanges([], in: app) {
      await app.favoritesList.saveButtonTapped().value
    }
    #expect(file.writes == [Data("[2,3,5]".utf8)])
  }

  @Test func saveButtonTapped_writeFails() async {
    let file = InMemoryFavoritesFile(
      contents: Fixtures.favoritesFile,
      writeError: InMemoryFavoritesFile.diskFull
    )
    let app = PrimeTimeModel.test(favoritePrimes: [7], file: .inMemory(file))
    await expectChanges(["favoritesList.alertMessage"], in: app) {
      await app.favoritesList.saveButtonTapped().value
    }
    #expect(
      app.favoritesList.alertMessage
        == "favorite-primes.json could not be written: No space left on device"
    )
    #expect(file.contents == Fixtures.favoritesFile)
  }

  @Test func loadButtonTapped() async {
    let file = InMemoryFavoritesFile(contents: Fixtures.favoritesFile)
    let app = PrimeTimeModel.test(favoritePrimes: [7], file: .inMemory(file))
    await expectChanges(["counter.favorites.primes"], in: app) {
      await app.favoritesList.loadButtonTapped().value
    }
    #expect(app.favorites.primes == [2, 3, 5])
  }

  @Test func loadButtonTapped_noFile() async {
    let app = PrimeTimeModel.test(favoritePrimes: [7], file: .inMemory(InMemoryFavoritesFile()))
    await expectChanges([], in: app) {
      await app.favoritesList.loadButtonTapped().value
    }
  }

  @Test func loadButtonTapped_corruptFile() async {
    let file = InMemoryFavoritesFile(contents: Fixtures.corruptFavoritesFile)
    let app = PrimeTimeModel.test(favoritePrimes: [7], file: .inMemory(file))
    await expectChanges(["favoritesList.alertMessage"], in: app) {
      await app.favoritesList.loadButtonTapped().value
    }
    #expect(
      app.favoritesList.alertMessage
        == "favorite-primes.json is corrupt: expected a JSON array of whole numbers"
    )
    app.favoritesList.alertDismissButtonTapped()
    #expect(app.favoritesList.alertMessage == nil)
  }

  /// The live client over a temporary directory: a real atomic write, read back.
  @Test func saveAndLoad_roundTripThroughTheRealFile() async throws {
    let directory = try TemporaryDirectory()
    let file = FavoritesFileClient.storage(FileStorage(directory: directory.url))
    let app = PrimeTimeModel.test(favoritePrimes: [2, 3, 5], file: file, now: { Fixtures.date })
    await app.favoritesList.saveButtonTapped().value
    app.favoritesList.deleteFavoritePrimes(at: [0, 1, 2])
    await app.favoritesList.loadButtonTapped().value
    #expect(app.favorites.primes == [2, 3, 5])
    #expect(app.favoritesList.alertMessage == nil)
  }

  /// A list holding a non-prime is refused before anything is written.
  @Test func saveButtonTapped_notPrime() async {
    let file = InMemoryFavoritesFile(contents: Fixtures.favoritesFile)
    let app = PrimeTimeModel.test(favoritePrimes: [4], file: .inMemory(file))
    await app.favoritesList.saveButtonTapped().value
    #expect(
      app.favoritesList.alertMessage
        == "favorite-primes.json was not written: entry 0 (4) is not a prime"
    )
    #expect(file.contents == Fixtures.favoritesFile)
  }

  /// The alert names the file by its full path.
  @Test func loadButtonTapped_corruptFileShowsThePath() async throws {
    let directory = try TemporaryDirectory()
    let path = directory.url.appendingPathComponent(FavoritePrimesFile.name)
    try Data("[4]".utf8).write(to: path)
    let file = FavoritesFileClient.storage(FileStorage(directory: directory.url))
    let app = PrimeTimeModel.test(file: file)
    await app.favoritesList.loadButtonTapped().value
    #expect(app.favoritesList.alertMessage == "\(path.path) is corrupt: entry 0 (4) is not a prime")
  }
}
