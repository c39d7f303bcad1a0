import Clocks
import ComposableArchitectureTesting
import ExpectedFailures
import Foundation
import Testing

/// `forEach` over an identified array: rows found by ID, rows of the feature's own kind (the
/// "Recursion" case study), and a removed row's effects ending whoever removed it.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ForEachIdentifiedTests {
  private func id(_ n: Int) -> UUID { rowID(n) }

  /// Rows that hold rows: add two levels, rename the grandchild, delete by offset.
  @Test func recursionCaseStudy() async {
    let store = TestStore(initialState: Outline.State(id: id(99))) {
      Outline()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.addRowButtonTapped) {
      $0.rows = [Outline.State(id: self.id(0))]
    }
    await store.send(.rows(.element(id: id(0), action: .addRowButtonTapped))) {
      $0.rows[id: self.id(0)]?.rows = [Outline.State(id: self.id(1))]
    }
    let grandchild = Outline.Action.rows(
      .element(id: id(0), action: .rows(.element(id: id(1), action: .nameChanged("Milk"))))
    )
    await store.send(grandchild) {
      $0.rows[id: self.id(0)]?.rows[id: self.id(1)]?.name = "Milk"
    }
    await store.send(.rows(.element(id: id(0), action: .onDelete(IndexSet(integer: 0))))) {
      $0.rows[id: self.id(0)]?.rows = []
    }
  }

  /// The same feature in a plain store and through a direct `reduce(into:action:)`.
  @Test func recursionCaseStudy_storeAndDirectReduce() {
    withDependencies {
      $0.uuid = .incrementing
    } operation: {
      let store = Store(initialState: Outline.State(id: id(99))) { Outline() }
      store.send(.addRowButtonTapped)
      store.send(.rows(.element(id: id(0), action: .addRowButtonTapped)))
      store.send(
        .rows(.element(id: id(0), action: .rows(.element(id: id(1), action: .nameChanged("x")))))
      )
      #expect(store.state.rows[id: id(0)]?.rows[id: id(1)]?.name == "x")

      var state = Outline.State(id: id(50), rows: [Outline.State(id: id(51))])
      _ = Outline().reduce(
        into: &state,
        action: .rows(.element(id: id(51), action: .nameChanged("y")))
      )
      #expect(state.rows[id: id(51)]?.name == "y")
    }
  }

  /// A case key path through an element's ID, as a `receive` names it.
  @Test func receiveByCaseKeyPathThroughAnID() async {
    let clock = TestClock()
    let store = TestStore(initialState: TimerList.State(rows: [TimerRow.State(id: 7)])) {
      TimerList()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.rows(.element(id: 7, action: .startButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(\.rows[id: 7].tick) { $0.rows[id: 7]?.ticks = 1 }
    await store.send(.removeButtonTapped(id: 7)) { $0.rows = [] }
  }

  /// The parent removes a row: the row's timer ends with it (the test would otherwise fail
  /// with an effect still running, and receive ticks).
  @Test func removingARowCancelsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: TimerList.State(rows: [TimerRow.State(id: 1), TimerRow.State(id: 2)])
    ) {
      TimerList()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.rows(.element(id: 1, action: .startButtonTapped)))
    await store.send(.rows(.element(id: 2, action: .startButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(\.rows[id: 1].tick) { $0.rows[id: 1]?.ticks = 1 }
    await store.receive(\.rows[id: 2].tick) { $0.rows[id: 2]?.ticks = 1 }
    await store.send(.removeButtonTapped(id: 1)) { $0.rows.remove(id: 1) }
    // Row 2 keeps ticking; row 1 does not.
    await clock.advance(by: .seconds(1))
    await store.receive(\.rows[id: 2].tick) { $0.rows[id: 2]?.ticks = 2 }
    await store.send(.removeButtonTapped(id: 2)) { $0.rows = [] }
    await clock.advance(by: .seconds(5))
  }

  /// Two lists whose rows share an ID: removing the left row 1 ends its timer only, never
  /// the right row 1's (the list is part of a row's cancellation identity).
  @Test func removingARowLeavesTheSameIDInAnotherListRunning() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: TwoTimerLists.State(
        left: [TimerRow.State(id: 1)],
        right: [TimerRow.State(id: 1)]
      )
    ) {
      TwoTimerLists()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.left(.element(id: 1, action: .startButtonTapped)))
    await store.send(.right(.element(id: 1, action: .startButtonTapped)))
    await store.send(.removeLeftButtonTapped(id: 1)) { $0.left = [] }
    await clock.advance(by: .seconds(1))
    await store.receive(\.right[id: 1].tick) { $0.right[id: 1]?.ticks = 1 }
    await store.send(.right(.element(id: 1, action: .stopButtonTapped)))
  }

  /// A reducer after `forEach` replaces the array: the next action through `forEach` ends the
  /// removed rows' effects.
  @Test func rowsReplacedBySiblingReducerHaveTheirEffectsCancelled() async {
    let clock = TestClock()
    let store = TestStore(initialState: TimerList.State(rows: [TimerRow.State(id: 1)])) {
      TimerList()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.rows(.element(id: 1, action: .startButtonTapped)))
    await store.send(.clearButtonTapped) { $0.rows = [] }
    await store.send(.removeButtonTapped(id: 42))
    await clock.advance(by: .seconds(5))
  }

  /// A reducer after `forEach` empties the array in place: the next action through `forEach`
  /// ends the removed rows' effects, through the tree a store builds and through direct calls
  /// of `reduce(into:action:)` alike (what `forEach` saw is kept in the array itself).
  @Test(arguments: Running.allCases)
  func rowsRemovedInPlaceBySiblingReducerHaveTheirEffectsCancelled(running: Running) async {
    let clock = TestClock()
    let state = TimerList.State(rows: [TimerRow.State(id: 1), TimerRow.State(id: 2)])
    let store =
      switch running {
      case .built:
        TestStore(initialState: state) {
          TimerList()
        } withDependencies: {
          $0.continuousClock = clock
        }
      case .direct:
        TestStore(initialState: state) {
          RunDirectly(base: TimerList())
        } withDependencies: {
          $0.continuousClock = clock
        }
      }
    await store.send(.rows(.element(id: 1, action: .startButtonTapped)))
    await store.send(.rows(.element(id: 2, action: .startButtonTapped)))
    await store.send(.removeAllButtonTapped) { $0.rows = [] }
    await store.send(.removeButtonTapped(id: 42))
    await clock.advance(by: .seconds(5))
  }

  /// A whole new array from a reducer after `forEach` carries no memory of the old rows: a
  /// store's built `forEach` still ends their effects (it keeps what it saw too), a direct call
  /// of `reduce(into:action:)` cannot (it keeps nothing between calls), as in the Composable
  /// Architecture, which keeps what its operators saw in the state alone.
  @Test func aWholeNewArrayIsNoticedByAStoresForEachOnly() async {
    await withMainSerialExecutor {
      let initial = TimerList.State(rows: [TimerRow.State(id: 1)])
      var running: [Running: Int] = [:]
      for way in Running.allCases {
        let clock = TestClock()
        let store: StoreOf<TimerList> =
          switch way {
          case .built:
            Store(initialState: initial) {
              TimerList()
            } withDependencies: {
              $0.continuousClock = clock
            }
          case .direct:
            Store(initialState: initial) {
              RunDirectly(base: TimerList())
            } withDependencies: {
              $0.continuousClock = clock
            }
          }
        store.send(.rows(.element(id: 1, action: .startButtonTapped)))
        store.send(.clearButtonTapped)
        store.send(.removeButtonTapped(id: 42))
        await settle()
        running[way] = store._runningEffectCount
        // The store goes away here, and with it every effect it still runs.
      }
      #expect(running == [.built: 0, .direct: 1])
    }
  }

  /// Two rows cancel their timers under the same ID: stopping row 1 leaves row 2 ticking,
  /// because each row's cancellation IDs are its own.
  @Test func siblingRowsKeepTheirOwnEffects() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: TimerList.State(rows: [TimerRow.State(id: 1), TimerRow.State(id: 2)])
    ) {
      TimerList()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.rows(.element(id: 1, action: .startButtonTapped)))
    await store.send(.rows(.element(id: 2, action: .startButtonTapped)))
    await store.send(.rows(.element(id: 1, action: .stopButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(\.rows[id: 2].tick) { $0.rows[id: 2]?.ticks = 1 }
    await store.send(.rows(.element(id: 2, action: .stopButtonTapped)))
    await clock.advance(by: .seconds(5))
  }

  @Test func anActionForAMissingRowIsReported() async {
    let store = TestStore(initialState: TimerList.State(rows: [TimerRow.State(id: 1)])) {
      TimerList()
    }
    await expectFailure {
      await store.send(.rows(.element(id: 3, action: .tick)))
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix("A \"forEach\" at \"ComposableArchitectureTests/RowFeatures.swift:")
          && $0.rawValue.contains("received an action for a missing element.")
          && $0.rawValue.contains("Missing ID:\n    3\n  Existing IDs:\n    [1]")
      }
    }
  }
}
