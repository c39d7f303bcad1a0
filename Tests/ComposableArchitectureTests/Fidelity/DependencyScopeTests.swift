import ComposableArchitectureTesting
import Foundation
import Testing

/// Which dependencies a reducer, an effect and an assertion closure run under, and where stack
/// element IDs come from.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct DependencyScopeTests {
  @Test func assertionClosuresDrawStackIDsLikeTheReducer() async {
    let store = TestStore(initialState: Journal.State()) { Journal() }
    // The reducer appends with the store's generator; so does the closure, replaying it.
    await store.send(.openPageButtonTapped(7)) { $0.pages.append(7) }
    await store.send(.openPageButtonTapped(8)) { $0.pages.append(8) }
    #expect(store.state.pages.ids == [0, 1])
    // One generator serves every stack of the store: the bookmark is #2, in the closure too.
    await store.send(.bookmarkButtonTapped(7)) { $0.bookmarks.append(7) }
    #expect(store.state.bookmarks.ids == [2])
  }

  @Test func assertionClosuresSeeTheStoresDependencies() async {
    let now = Date(timeIntervalSince1970: 1_234_567_890)
    let store = TestStore(initialState: Journal.State()) {
      Journal()
    } withDependencies: {
      $0.date = .constant(now)
    }
    // `Entry()` reads `\.date` in the closure too, and gets the store's fixed date.
    await store.send(.addEntryButtonTapped) { $0.entries.append(Journal.Entry()) }
    #expect(store.state.entries.map(\.createdAt) == [now])
  }

  @Test func everyTestStoreCountsStackIDsFromZero() async {
    // IDs drawn elsewhere first: by another store, and by a stack built outside any store.
    let other = Store(initialState: Journal.State()) { Journal() }
    other.send(.openPageButtonTapped(1))
    other.send(.openPageButtonTapped(2))
    let built = Journal.State(pages: [10, 20])
    #expect(built.pages.ids == [0, 1])

    let store = TestStore(initialState: built) { Journal() }
    await store.send(.openPageButtonTapped(30)) { $0.pages[id: 2] = 30 }

    let fresh = TestStore(initialState: Journal.State(pages: [5])) { Journal() }
    await fresh.send(.openPageButtonTapped(6)) { $0.pages[id: 1] = 6 }
  }

  @Test func aStoreRunsEffectActionsUnderItsOwnDependencies() async {
    let store = Store(initialState: Journal.State()) { Journal() }
    await store.send(.greetButtonTapped).finish()
    // The action came back from an effect that ran with an override; the reducer did not.
    #expect(store.state.greeting == "test")

    let overridden = Store(initialState: Journal.State()) {
      Journal()
    } withDependencies: {
      $0.greeting = "store"
    }
    await overridden.send(.greetButtonTapped).finish()
    #expect(overridden.state.greeting == "store")
  }

  @Test func aTestStoreAgreesWithTheStore() async {
    let store = TestStore(initialState: Journal.State()) { Journal() }
    await store.send(.greetButtonTapped)
    await store.receive(.greetingResponse) { $0.greeting = "test" }
  }
}
