import ComposableArchitecture
import ComposableArchitectureTesting
import ComposablePrimeTime
import PrimeTimeCore
import PrimeTimeFixtures
import Testing
import VanillaPrimeTime

/// Answers to the exercises of "Side by side" (Docs/Comparison.md), as tests the grader runs on
/// the designs written today: each passes on the unchanged app, and `Docs/Answers.md` says what
/// it does with its patch.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct SideBySideAnswers {
  /// A vanilla counter whose clients are never asked in these tests.
  func vanillaCounter(count: Int) -> PrimeCounterModel {
    PrimeCounterModel(
      count: count,
      favorites: Favorites(now: { Fixtures.date }),
      nthPrime: NthPrimeClient { n in
        Issue.record("NthPrimeClient.nthPrime(\(n)) was called")
        return nil
      }
    )
  }

  /// Exercise 2, vanilla: the smallest test that catches `current/vanilla-plus-button-decrements`.
  ///
  /// It taps `+` on the screen and reads the label: a test of the model never taps a button.
  @Test func plusButtonIncrementsTheCount_vanilla() throws {
    let screen = PrimeCounterScreen(model: vanillaCounter(count: 2))
    try #require(screen.screen.button("+")).action()
    #expect(screen.screen.texts.contains("3"))
  }

  /// Exercise 2, composable: the smallest test that catches
  /// `current/composable-plus-button-decrements`, the same way.
  @Test func plusButtonIncrementsTheCount_composable() throws {
    let store = Store(
      initialState: PrimeCounterFeature.State(count: 2, favoritePrimes: Shared(value: []))
    ) {
      PrimeCounterFeature()
    }
    let screen = PrimeCounterScreen(store: store)
    try #require(screen.screen.button("+")).action()
    #expect(screen.screen.texts.contains("3"))
  }

  /// Exercise 3, vanilla: `PrimeCounterTests.incrementButtonTapped` checking the count only.
  ///
  /// No false alarm on `current/vanilla-cache-count-label`, and no notice of any other
  /// property the tap changes.
  @Test func incrementButtonTapped_countOnly() {
    let counter = vanillaCounter(count: 2)
    counter.incrementButtonTapped()
    #expect(counter.count == 3)
  }

  /// Exercise 3, composable: `PrimeCounterTests.incrementButtonTapped` with exhaustivity off.
  ///
  /// No false alarm on `current/composable-cache-count-label`, and no notice of any other
  /// field the action changes.
  @Test func incrementButtonTapped_nonExhaustive() async {
    let store = TestStore(
      initialState: PrimeCounterFeature.State(count: 2, favoritePrimes: Shared(value: []))
    ) {
      PrimeCounterFeature()
    }
    store.exhaustivity = .off
    await store.send(.incrementButtonTapped) { $0.count = 3 }
  }

  /// Exercise 4: `FavoritePrimesListTests.loadButtonTapped_noFile` with exhaustivity off.
  ///
  /// It asserts no change, and with exhaustivity off an unasserted change is not checked: it
  /// misses `current/composable-missing-file-clears-list`, which the exhaustive test catches.
  @Test func loadButtonTapped_noFile_nonExhaustive() async {
    let file = InMemoryFavoritesFile()
    let store = TestStore(
      initialState: PrimeTimeFeature.State(favoritePrimes: [7], loggedInUser: Fixtures.user)
    ) {
      PrimeTimeFeature()
    } withDependencies: {
      $0.fileClient = FileClient(load: file.load, save: file.save)
    }
    store.exhaustivity = .off
    await store.send(.favoritesList(.loadButtonTapped))
    await store.finish()
  }
}
