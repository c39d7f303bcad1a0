import ComposableArchitectureTesting
import ComposablePrimeTime
import ExpectedFailures
import Foundation
import PrimeTimeCore
import PrimeTimeFixtures
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct FavoritePrimesTests {
  /// A store of the whole app (so deletions reach the activity feed), the date controlled.
  ///
  /// The file client is as tests get it — every endpoint unimplemented — except the ones the
  /// flow needs: `loads` answers loads from that file, `saves` takes saves into it. A
  /// flow that must not touch the file fails if it does.
  func makeStore(
    favorites: [Int],
    loads: InMemoryFavoritesFile? = nil,
    saves: InMemoryFavoritesFile? = nil
  ) -> TestStore<AppFeature.State, AppFeature.Action> {
    TestStore(initialState: AppFeature.State(favoritePrimes: favorites)) {
      AppFeature()
    } withDependencies: {
      $0.date = .constant(Fixtures.date)
      if let loads { $0.fileClient.load = loads.load }
      if let saves { $0.fileClient.save = saves.save }
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

  /// The dependency advice of the Composable Architecture's testing article.
  ///
  /// Start from the unimplemented client and override only what the flow needs. This store may load and may
  /// not save; a save in its flow is a test failure naming the endpoint, not a silent write.
  @Test func aFlowThatMustNotSaveFailsIfItSaves() async {
    let file = InMemoryFavoritesFile(contents: Fixtures.favoritesFile)
    let store = makeStore(favorites: [7], loads: file)
    await expectFailure {
      await store.send(.favoritePrimes(.saveButtonTapped))
      await store.finish()
    } matching: { issue in
      issue.description.contains(
        #"Unimplemented: FileClient.save("favorite-primes.json") was called"#
      )
    }
    #expect(file.writes.isEmpty)
  }

  @Test func saveButtonTapped() async {
    let file = InMemoryFavoritesFile()
    let store = makeStore(favorites: [2, 3, 5], saves: file)
    await store.send(.favoritePrimes(.saveButtonTapped))
    await store.finish()
    #expect(file.writes == [Data("[2,3,5]".utf8)])
  }

  @Test func saveButtonTapped_writeFails() async {
    let file = InMemoryFavoritesFile(
      contents: Fixtures.favoritesFile,
      writeError: InMemoryFavoritesFile.diskFull
    )
    let store = makeStore(favorites: [7], saves: file)
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
      loads: InMemoryFavoritesFile(contents: Fixtures.favoritesFile)
    )
    await store.send(.favoritePrimes(.loadButtonTapped))
    await store.receive(.favoritePrimes(.loadedFavoritePrimes([2, 3, 5]))) {
      $0.favoritePrimes = [2, 3, 5]
    }
  }

  @Test func loadButtonTapped_noFile() async {
    let store = makeStore(favorites: [7], loads: InMemoryFavoritesFile())
    await store.send(.favoritePrimes(.loadButtonTapped))
    await store.finish()
  }

  @Test func loadButtonTapped_corruptFile() async {
    let store = makeStore(
      favorites: [7],
      loads: InMemoryFavoritesFile(contents: Fixtures.corruptFavoritesFile)
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

  /// A list holding a non-prime is refused before anything is written: the store is given no
  /// file endpoint at all, so a write would fail the test.
  @Test func saveButtonTapped_notPrime() async {
    let store = makeStore(favorites: [4])
    await store.send(.favoritePrimes(.saveButtonTapped))
    let message = "favorite-primes.json was not written: entry 0 (4) is not a prime"
    await store.receive(.favoritePrimes(.saveFailed(message))) {
      $0.favoritePrimesAlertMessage = message
    }
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
