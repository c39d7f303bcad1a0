import ComposableArchitectureTesting
import ComposablePrimeTime
import Foundation
import PrimeTimeCore
import PrimeTimeFixtures
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct FavoritePrimesTests {
  /// A store of the whole app (so deletions reach the activity feed), with the date and the
  /// file controlled.
  func makeStore(
    favorites: [Int],
    file: InMemoryFavoritesFile = InMemoryFavoritesFile()
  ) -> TestStore<AppFeature.State, AppFeature.Action> {
    TestStore(initialState: AppFeature.State(favoritePrimes: favorites)) {
      AppFeature()
    } withDependencies: {
      $0.date = .constant(Fixtures.date)
      $0.fileClient = FileClient(load: file.load, save: file.save)
    }
  }

  @Test func deleteFavoritePrimes() async {
    let store = makeStore(favorites: [2, 3, 5, 7])
    await store.send(.favoritePrimes(.deleteFavoritePrimes([1, 3]))) {
      $0.favoritePrimes = [2, 5]
      $0.activityFeed = [
        Activity(timestamp: Fixtures.date, type: .removedFavoritePrime(3)),
        Activity(timestamp: Fixtures.date, type: .removedFavoritePrime(7)),
      ]
    }
  }

  @Test func deleteFavoritePrimes_outOfRangeOffsetsAreIgnored() async {
    let store = makeStore(favorites: [2, 3])
    await store.send(.favoritePrimes(.deleteFavoritePrimes([1, 5]))) {
      $0.favoritePrimes = [2]
      $0.activityFeed = [Activity(timestamp: Fixtures.date, type: .removedFavoritePrime(3))]
    }
  }

  @Test func saveButtonTapped() async {
    let file = InMemoryFavoritesFile()
    let store = makeStore(favorites: [2, 3, 5], file: file)
    await store.send(.favoritePrimes(.saveButtonTapped))
    await store.finish()
    #expect(file.writes == [Data("[2,3,5]".utf8)])
  }

  @Test func saveButtonTapped_writeFails() async {
    let file = InMemoryFavoritesFile(
      contents: Fixtures.favoritesFile,
      writeError: InMemoryFavoritesFile.diskFull
    )
    let store = makeStore(favorites: [7], file: file)
    await store.send(.favoritePrimes(.saveButtonTapped))
    await store.receive(
      .favoritePrimes(
        .saveFailed("favorite-primes.json could not be written: No space left on device")
      )
    ) {
      $0.favoritePrimesAlertMessage =
        "favorite-primes.json could not be written: No space left on device"
    }
    #expect(file.contents == Fixtures.favoritesFile)
  }

  @Test func loadButtonTapped() async {
    let store = makeStore(
      favorites: [7],
      file: InMemoryFavoritesFile(contents: Fixtures.favoritesFile)
    )
    await store.send(.favoritePrimes(.loadButtonTapped))
    await store.receive(.favoritePrimes(.loadedFavoritePrimes([2, 3, 5]))) {
      $0.favoritePrimes = [2, 3, 5]
    }
  }

  @Test func loadButtonTapped_noFile() async {
    let store = makeStore(favorites: [7])
    await store.send(.favoritePrimes(.loadButtonTapped))
    await store.finish()
  }

  @Test func loadButtonTapped_corruptFile() async {
    let store = makeStore(
      favorites: [7],
      file: InMemoryFavoritesFile(contents: Fixtures.corruptFavoritesFile)
    )
    await store.send(.favoritePrimes(.loadButtonTapped))
    await store.receive(
      .favoritePrimes(
        .loadFailed("favorite-primes.json is corrupt: expected a JSON array of whole numbers")
      )
    ) {
      $0.favoritePrimesAlertMessage =
        "favorite-primes.json is corrupt: expected a JSON array of whole numbers"
    }
    await store.send(.favoritePrimes(.alertDismissButtonTapped)) {
      $0.favoritePrimesAlertMessage = nil
    }
  }

  /// The live client over real storage in a temporary directory: the favourites survive a
  /// save and a load.
  @Test func saveAndLoad_roundTripThroughTheRealFile() async throws {
    let directory = try TemporaryDirectory()
    let store = TestStore(initialState: FavoritePrimes.State(favoritePrimes: [2, 3, 5])) {
      FavoritePrimes()
    } withDependencies: {
      $0.fileClient = .storage(FileStorage(directory: directory.url))
    }
    await store.send(.saveButtonTapped)
    await store.finish()
    await store.send(.deleteFavoritePrimes([0, 1, 2])) { $0.favoritePrimes = [] }
    await store.send(.loadButtonTapped)
    await store.receive(.loadedFavoritePrimes([2, 3, 5])) { $0.favoritePrimes = [2, 3, 5] }
  }

  /// A list holding a non-prime is refused before anything is written.
  @Test func saveButtonTapped_notPrime() async {
    let file = InMemoryFavoritesFile(contents: Fixtures.favoritesFile)
    let store = makeStore(favorites: [4], file: file)
    await store.send(.favoritePrimes(.saveButtonTapped))
    let message = "favorite-primes.json was not written: entry 0 (4) is not a prime"
    await store.receive(.favoritePrimes(.saveFailed(message))) {
      $0.favoritePrimesAlertMessage = message
    }
    #expect(file.contents == Fixtures.favoritesFile)
  }

  /// The alert names the file by its full path, as the vanilla one does.
  @Test func loadButtonTapped_corruptFileShowsThePath() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent(FavoritePrimesFile.name)
    try Data("[4]".utf8).write(to: file)
    let store = TestStore(initialState: FavoritePrimes.State()) {
      FavoritePrimes()
    } withDependencies: {
      $0.fileClient = .storage(FileStorage(directory: directory.url))
    }
    await store.send(.loadButtonTapped)
    let message = "\(file.path) is corrupt: entry 0 (4) is not a prime"
    await store.receive(.loadFailed(message)) { $0.alertMessage = message }
  }
}
