import ComposableArchitecture
import ExpectedFailures
import Foundation
import Testing

/// A list screen's rows: `store.scope(state: \.rows, action: \.rows)` gives one store per row,
/// which reads its row by ID and sends its actions to the list's `forEach`.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct StoreCollectionTests {
  /// What a list screen does on each render.
  func render(_ store: StoreOf<Shelf>) -> [StoreOf<TimerRow>] {
    Array(store.scope(state: \.rows, action: \.rows))
  }

  /// The collection itself, kept (a `ForEach` holds it between renders).
  func rowsCollection(_ store: StoreOf<Shelf>) -> some RandomAccessCollection<StoreOf<TimerRow>> {
    store.scope(state: \.rows, action: \.rows)
  }

  func shelf(_ ids: Int...) -> StoreOf<Shelf> {
    let rows = IdentifiedArray(uniqueElements: ids.map { TimerRow.State(id: $0) })
    return Store(initialState: Shelf.State(rows: rows)) { Shelf() }
  }

  @Test func eachRowsStoreReadsItsRowAndSendsToTheList() {
    let store = shelf(1, 2, 3)
    let rows = render(store)
    #expect(rows.map(\.state.id) == [1, 2, 3])
    rows[1].send(.tick)
    rows[1].send(.tick)
    rows[2].send(.tick)
    #expect(store.state.rows.map(\.ticks) == [0, 2, 1])
    #expect(rows.map(\.state.ticks) == [0, 2, 1])
  }

  /// A screen that draws its rows on every render gets the same store for the same row, also
  /// after the rows moved; a row added since gets a store of its own.
  @Test func aRowKeepsItsStoreOnEveryRenderWhereverItMoves() {
    let store = shelf(1, 2, 3)
    let rows = render(store)
    #expect(zip(render(store), rows).allSatisfy { $0 === $1 })
    store.send(.reverseButtonTapped)
    store.send(.addButtonTapped(id: 4))
    let after = render(store)
    #expect(after.map(\.state.id) == [3, 2, 1, 4])
    #expect(after[0] === rows[2])
    #expect(after[1] === rows[1])
    #expect(after[2] === rows[0])
    #expect(Set((rows + after).map(ObjectIdentifier.init)).count == 4)
    after[0].send(.tick)
    #expect(store.state.rows[id: 3]?.ticks == 1)
  }

  /// The collection is the list as it was when it was made, as a `ForEach` draws it.
  @Test func theCollectionIsTheListAsItWasWhenItWasMade() {
    let store = shelf(1, 2)
    let rows = rowsCollection(store)
    store.send(.addButtonTapped(id: 3))
    #expect(rows.count == 2)
    #expect(render(store).count == 3)
  }

  /// A row's store kept after the row is removed (a row animating out) keeps the state its
  /// screen drew last, and what it sends reaches `forEach`, which reports the missing row.
  @Test func aRemovedRowsStoreKeepsItsLastStateAndItsActionsAreReported() {
    let store = shelf(1, 2)
    let second = render(store)[1]
    second.send(.tick)
    #expect(second.state.ticks == 1)  // the row's screen draws again
    store.send(.removeButtonTapped(id: 2))
    #expect(second.state == TimerRow.State(id: 2, ticks: 1))
    expectFailure {
      second.send(.tick)
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains("received an action for a missing element.")
          && $0.rawValue.contains("Missing ID:\n    2\n  Existing IDs:\n    [1]")
      }
    }
    #expect(store.state.rows.ids == [1])
  }

  /// Without a collection's context, the other `scope` is chosen: one store of the whole list.
  @Test func withoutACollectionsContextTheWholeListIsOneStore() {
    let store = shelf(1, 2)
    let list = store.scope(state: \.rows, action: \.rows)
    #expect(
      type(of: list) == Store<IdentifiedArrayOf<TimerRow.State>, IdentifiedActionOf<TimerRow>>.self
    )
    #expect(list.state.ids == [1, 2])
  }

  /// Rows come and go for as long as the screen lives: the stores of rows that went away are
  /// not remembered without bound.
  @Test func theStoresOfRowsThatWentAwayAreForgotten() {
    let store = shelf()
    let list: Store<IdentifiedArrayOf<TimerRow.State>, IdentifiedActionOf<TimerRow>> =
      store.scope(state: \.rows, action: \.rows)
    for id in 0..<1_000 {
      store.send(.addButtonTapped(id: id))
      _ = render(store)
      store.send(.removeButtonTapped(id: id))
    }
    #expect(list._rowStoreCount <= 16)
    #expect(render(store).isEmpty)
  }

  /// The "Recursion" case study's screen: each row draws its own rows from row stores, and a
  /// row three levels down changes through its own store.
  @Test func theRecursionCaseStudyDrawsEveryLevelFromRowStores() {
    let id = rowID
    let store = Store(
      initialState: Outline.State(
        id: id(0),
        rows: [
          Outline.State(
            id: id(1),
            name: "a",
            rows: [Outline.State(id: id(2), name: "b", rows: [Outline.State(id: id(3), name: "c")])]
          ),
          Outline.State(id: id(4), name: "d"),
        ]
      )
    ) {
      Outline()
    }
    func draw(_ store: StoreOf<Outline>, indent: String = "") -> [String] {
      var lines: [String] = []
      for row in store.scope(state: \.rows, action: \.rows) {
        lines += [indent + row.state.name] + draw(row, indent: indent + "  ")
      }
      return lines
    }
    #expect(draw(store) == ["a", "  b", "    c", "d"])
    func deepest(_ store: StoreOf<Outline>) -> StoreOf<Outline> {
      // `Array(…)`: a bare `.first` would be the list store's `state.first` (dynamic member).
      guard let first = Array(store.scope(state: \.rows, action: \.rows)).first else {
        return store
      }
      return deepest(first)
    }
    deepest(store).send(.nameChanged("C"))
    #expect(draw(store) == ["a", "  b", "    C", "d"])
    #expect(store.state.rows[id: id(1)]?.rows[id: id(2)]?.rows[id: id(3)]?.name == "C")
  }
}
