import ComposableArchitectureTesting
import ComposablePrimeTime
import Foundation
import PrimeTimeCore
import PrimeTimeFixtures
import Testing
import VanillaPrimeTime

/// The modal designs that copy no list, next to the episode's (the benchmarks chapter's
/// large-list pairs): each does what the episode's modal does, and leaves the favourites'
/// storage where it is, where the episode's design copies it.
@MainActor
@Suite struct LargeListDesignTests {
  /// Where an array's elements are stored: the same address after a change means no copy.
  static func storage(_ array: [Int]) -> UnsafeRawPointer? {
    array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }

  /// A list with room to grow, so an append in place never has to move it.
  static func roomyList(_ elements: [Int]) -> [Int] {
    var list = elements
    list.reserveCapacity(64)
    return list
  }

  // MARK: The vanilla modal that writes the model in place

  /// The same outcomes as the episode's modal (`PrimeModalTests` in the vanilla suite).
  @Test func inPlaceModalSavesAndRemovesAsTheEpisodesDoes() {
    let state = AppState(count: 7, favoritePrimes: [2, 3])
    var modal = PrimeModalInPlaceModel(state: state)
    modal.now = { Fixtures.date }
    modal.saveFavoritePrime()
    #expect(state.favoritePrimes == [2, 3, 7])
    #expect(modal.isFavorite)
    modal.removeFavoritePrime()
    #expect(state.favoritePrimes == [2, 3])
    #expect(
      state.activityFeed == [
        Activity(timestamp: Fixtures.date, type: .addedFavoritePrime(7)),
        Activity(timestamp: Fixtures.date, type: .removedFavoritePrime(7)),
      ]
    )
    let composite = PrimeModalInPlaceModel(state: AppState(count: 8))
    composite.saveFavoritePrime()
    #expect(composite.state.favoritePrimes == [])
    #expect(composite.message == "8 is not prime :(")
  }

  /// A save changes the model's list where it is; the episode's modal, writing through its
  /// bindings, moves it to a new copy.
  @Test func inPlaceModalCopiesNoList() {
    let state = AppState(count: 7, favoritePrimes: Self.roomyList([2, 3]))
    let before = Self.storage(state.favoritePrimes)
    PrimeModalInPlaceModel(state: state).saveFavoritePrime()
    #expect(Self.storage(state.favoritePrimes) == before)
    let episode = IsPrimeModalView(
      activityFeed: Binding(state, \.activityFeed),
      count: 7,
      favoritePrimes: Binding(state, \.favoritePrimes)
    )
    episode.removeFavoritePrime()
    #expect(state.favoritePrimes == [2, 3])
    #expect(Self.storage(state.favoritePrimes) != before)
  }

  /// The one difference, on purpose: with the count in the list twice (only a loaded file can
  /// do that), a remove takes the newest copy and leaves the other; the episode's takes both.
  @Test func inPlaceModalRemovesTheNewestCopyOnly() {
    let state = AppState(count: 7, favoritePrimes: [7, 2, 7])
    PrimeModalInPlaceModel(state: state).removeFavoritePrime()
    #expect(state.favoritePrimes == [7, 2])
    let episodeState = AppState(count: 7, favoritePrimes: [7, 2, 7])
    IsPrimeModalView(
      activityFeed: Binding(episodeState, \.activityFeed),
      count: 7,
      favoritePrimes: Binding(episodeState, \.favoritePrimes)
    ).removeFavoritePrime()
    #expect(episodeState.favoritePrimes == [2])
  }

  // MARK: The composable modal that reports to its parent

  /// The same outcomes as the episode's modal, one delegate action later: the test sees the
  /// report and the parent applying it.
  @Test func reportingModalSavesAndRemovesThroughItsParent() async {
    let store = TestStore(initialState: FavoritesCounter.State(count: 7, favoritePrimes: [2, 3])) {
      FavoritesCounter()
    }
    await store.send(.isPrimeButtonTapped) {
      $0.primeModal = PrimeModalReporting.State(count: 7, isFavorite: false)
    }
    await store.send(.primeModal(.presented(.saveFavoritePrimeTapped))) {
      $0.primeModal?.isFavorite = true
    }
    await store.receive(.primeModal(.presented(.delegate(.saveFavoritePrime(7))))) {
      $0.favoritePrimes = [2, 3, 7]
    }
    await store.send(.primeModal(.presented(.removeFavoritePrimeTapped))) {
      $0.primeModal?.isFavorite = false
    }
    await store.receive(.primeModal(.presented(.delegate(.removeFavoritePrime(7))))) {
      $0.favoritePrimes = [2, 3]
    }
    await store.send(.primeModal(.dismiss)) { $0.primeModal = nil }
  }

  @Test func reportingModalSavesNoCompositeNumber() async {
    let store = TestStore(
      initialState: FavoritesCounter.State(
        count: 8,
        primeModal: PrimeModalReporting.State(count: 8, isFavorite: false)
      )
    ) {
      FavoritesCounter()
    }
    await store.send(.primeModal(.presented(.saveFavoritePrimeTapped)))
    #expect(store.state.primeModal?.message == "8 is not prime :(")
  }

  /// In a store, the parent's append changes the list where it is; with the episode's modal,
  /// the counter's list moves to a new copy. (Read with `withState`: a read of `state` is a
  /// screen's, and the store keeps what a screen read until the next action, which then copies
  /// the list once: `ObservationGranularityTests.aWatchedListIsCopiedOnceByTheNextChange`.)
  @Test func reportingModalCopiesNoList() {
    let store = Store(
      initialState: FavoritesCounter.State(
        count: 7,
        favoritePrimes: Self.roomyList([2, 3]),
        primeModal: PrimeModalReporting.State(count: 7, isFavorite: false)
      )
    ) {
      FavoritesCounter()
    }
    let before = Self.storage(store.withState(\.favoritePrimes))
    store.send(.primeModal(.presented(.saveFavoritePrimeTapped)))
    #expect(store.withState(\.favoritePrimes) == [2, 3, 7])
    #expect(Self.storage(store.withState(\.favoritePrimes)) == before)

    let episode = Store(
      initialState: Counter.State(
        count: 7,
        favoritePrimes: Self.roomyList([2, 3]),
        primeModal: PrimeModal.State(count: 7, favoritePrimes: [2, 3])
      )
    ) {
      Counter()
    }
    let episodeBefore = Self.storage(episode.withState(\.favoritePrimes))
    episode.send(.primeModal(.presented(.saveFavoritePrimeTapped)))
    #expect(episode.withState(\.favoritePrimes) == [2, 3, 7])
    #expect(Self.storage(episode.withState(\.favoritePrimes)) != episodeBefore)
  }
}
