import ComposableArchitecture
import ComposableArchitectureTesting
import ComposablePrimeTime
import ExpectedFailures
import Foundation
import PrimeTimeCore
import PrimeTimeFixtures
import Testing

/// The favourites list's feature: deletes the shared favourites and tells the app, saves and
/// loads through the file client, and each effect is received or finished in the test.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct FavoritePrimesListTests {
  @Test func deleteFavoritePrimes() async {
    let store = TestStore(initialState: PrimeTimeFeature.State.test(favoritePrimes: [2, 3, 5, 7])) {
      PrimeTimeFeature()
    } withDependencies: {
      $0.date = .constant(Fixtures.date)
    }
    await store.send(.favoritesList(.deleteFavoritePrimes([1, 3]))) {
      $0.favoritesList.$favoritePrimes.withLock { $0 = [2, 5] }
    }
    await store.receive(.favoritesList(.delegate(.deletedFavoritePrimes([3, 7])))) {
      $0.activityFeed = [
        Activity(timestamp: Fixtures.date, type: .removedFavoritePrime(3)),
        Activity(timestamp: Fixtures.date, type: .removedFavoritePrime(7)),
      ]
    }
  }

  @Test func deleteFavoritePrimes_outOfRangeOffsetsAreIgnored() async {
    let store = TestStore(initialState: PrimeTimeFeature.State.test(favoritePrimes: [2, 3])) {
      PrimeTimeFeature()
    } withDependencies: {
      $0.date = .constant(Fixtures.date)
    }
    await store.send(.favoritesList(.deleteFavoritePrimes([1, 5]))) {
      $0.favoritesList.$favoritePrimes.withLock { $0 = [2] }
    }
    await store.receive(.favoritesList(.delegate(.deletedFavoritePrimes([3])))) {
      $0.activityFeed = [Activity(timestamp: Fixtures.date, type: .removedFavoritePrime(3))]
    }
  }

  /// The failing test values at work: this test gave the app no file, so a flow that saves fails
  /// the test by itself.
  @Test func aFlowThatMustNotSaveFailsIfItSaves() async {
    let store = TestStore(initialState: PrimeTimeFeature.State.test(favoritePrimes: [7])) {
      PrimeTimeFeature()
    }
    await expectFailure {
      await store.send(.favoritesList(.saveButtonTapped))
      await store.finish()
    } matching: { issue in
      issue.message.contains("Unimplemented: FileClient.save")
    }
  }

  @Test func saveButtonTapped() async {
    let file = InMemoryFavoritesFile()
    let store = TestStore(initialState: PrimeTimeFeature.State.test(favoritePrimes: [2, 3, 5])) {
      PrimeTimeFeature()
    } withDependencies: {
      $0.fileClient = FileClient(load: file.load, save: file.save)
    }
    await store.send(.favoritesList(.saveButtonTapped))
    await store.finish()
    #expect(file.writes == [Data("[2,3,5]".utf8)])
  }

  @Test func saveButtonTapped_writeFails() async {
    let file = InMemoryFavoritesFile(
      contents: Fixtures.favoritesFile,
      writeError: InMemoryFavoritesFile.diskFull
    )
    let store = TestStore(initialState: PrimeTimeFeature.State.test(favoritePrimes: [7])) {
      PrimeTimeFeature()
    } withDependencies: {
      $0.fileClient = FileClient(load: file.load, save: file.save)
    }
    let message = "favorite-primes.json could not be written: No space left on device"
    await store.send(.favoritesList(.saveButtonTapped))
    await store.receive(.favoritesList(.saveFailed(message))) {
      $0.favoritesList.alert = AlertState { TextState(message) }
    }
    #expect(file.contents == Fixtures.favoritesFile)
  }

  @Test func loadButtonTapped() async {
    let file = InMemoryFavoritesFile(contents: Fixtures.favoritesFile)
    let store = TestStore(initialState: PrimeTimeFeature.State.test(favoritePrimes: [7])) {
      PrimeTimeFeature()
    } withDependencies: {
      $0.fileClient = FileClient(load: file.load, save: file.save)
    }
    await store.send(.favoritesList(.loadButtonTapped))
    await store.receive(.favoritesList(.favoritePrimesLoaded([2, 3, 5]))) {
      $0.favoritesList.$favoritePrimes.withLock { $0 = [2, 3, 5] }
    }
  }

  @Test func loadButtonTapped_noFile() async {
    let file = InMemoryFavoritesFile()
    let store = TestStore(initialState: PrimeTimeFeature.State.test(favoritePrimes: [7])) {
      PrimeTimeFeature()
    } withDependencies: {
      $0.fileClient = FileClient(load: file.load, save: file.save)
    }
    await store.send(.favoritesList(.loadButtonTapped))
    await store.finish()
  }

  @Test func loadButtonTapped_corruptFile() async {
    let file = InMemoryFavoritesFile(contents: Fixtures.corruptFavoritesFile)
    let store = TestStore(initialState: PrimeTimeFeature.State.test(favoritePrimes: [7])) {
      PrimeTimeFeature()
    } withDependencies: {
      $0.fileClient = FileClient(load: file.load, save: file.save)
    }
    let message = "favorite-primes.json is corrupt: expected a JSON array of whole numbers"
    await store.send(.favoritesList(.loadButtonTapped))
    await store.receive(.favoritesList(.loadFailed(message))) {
      $0.favoritesList.alert = AlertState { TextState(message) }
    }
    await store.send(.favoritesList(.alert(.dismiss))) {
      $0.favoritesList.alert = nil
    }
  }

  /// The live client over a temporary directory: a real atomic write, read back.
  @Test func saveAndLoad_roundTripThroughTheRealFile() async throws {
    let directory = try TemporaryDirectory()
    let store = TestStore(initialState: PrimeTimeFeature.State.test(favoritePrimes: [2, 3, 5])) {
      PrimeTimeFeature()
    } withDependencies: {
      $0.fileClient = .storage(FileStorage(directory: directory.url))
      $0.date = .constant(Fixtures.date)
    }
    await store.send(.favoritesList(.saveButtonTapped))
    await store.finish()
    await store.send(.favoritesList(.deleteFavoritePrimes([0, 1, 2]))) {
      $0.favoritesList.$favoritePrimes.withLock { $0 = [] }
    }
    await store.receive(.favoritesList(.delegate(.deletedFavoritePrimes([2, 3, 5])))) {
      $0.activityFeed = [2, 3, 5].map {
        Activity(timestamp: Fixtures.date, type: .removedFavoritePrime($0))
      }
    }
    await store.send(.favoritesList(.loadButtonTapped))
    await store.receive(.favoritesList(.favoritePrimesLoaded([2, 3, 5]))) {
      $0.favoritesList.$favoritePrimes.withLock { $0 = [2, 3, 5] }
    }
  }

  /// A list holding a non-prime is refused before anything is written.
  @Test func saveButtonTapped_notPrime() async {
    let file = InMemoryFavoritesFile(contents: Fixtures.favoritesFile)
    let store = TestStore(initialState: PrimeTimeFeature.State.test(favoritePrimes: [4])) {
      PrimeTimeFeature()
    } withDependencies: {
      $0.fileClient = FileClient(load: file.load, save: file.save)
    }
    let message = "favorite-primes.json was not written: entry 0 (4) is not a prime"
    await store.send(.favoritesList(.saveButtonTapped))
    await store.receive(.favoritesList(.saveFailed(message))) {
      $0.favoritesList.alert = AlertState { TextState(message) }
    }
    #expect(file.contents == Fixtures.favoritesFile)
  }

  /// The alert names the file by its full path.
  @Test func loadButtonTapped_corruptFileShowsThePath() async throws {
    let directory = try TemporaryDirectory()
    let path = directory.url.appendingPathComponent(FavoritePrimesFile.name)
    try Data("[4]".utf8).write(to: path)
    let store = TestStore(initialState: PrimeTimeFeature.State.test()) {
      PrimeTimeFeature()
    } withDependencies: {
      $0.fileClient = .storage(FileStorage(directory: directory.url))
    }
    let message = "\(path.path) is corrupt: entry 0 (4) is not a prime"
    await store.send(.favoritesList(.loadButtonTapped))
    await store.receive(.favoritesList(.loadFailed(message))) {
      $0.favoritesList.alert = AlertState { TextState(message) }
    }
  }
}
