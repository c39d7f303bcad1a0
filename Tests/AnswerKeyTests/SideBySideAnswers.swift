import ComposableArchitecture
import ComposableArchitectureTesting
import ComposablePrimeTime
import Testing

/// Answers to the exercises of "Side by side" (Docs/Comparison.md), as tests the grader runs:
/// each passes on the unchanged app, and `Docs/Answers.md` says what it does with its patch.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct SideBySideAnswers {
  /// Exercise 2: the smallest test that catches `composable-plus-button-decrements`.
  ///
  /// It goes through the screen, as the vanilla suite does: a reducer test never taps a button.
  @Test func plusButtonIncrementsTheCount() {
    let view = CounterView(store: Store(initialState: Counter.State(count: 2)) { Counter() })
    view.incrementCount()
    #expect(view.countLabel == "3")
  }

  /// Exercise 3: `CounterTests.incrementButtonTapped`, with exhaustivity off.
  ///
  /// It no longer raises a false alarm on `composable-cache-count-label`, and it no longer
  /// notices any other field the action changes.
  @Test func incrementButtonTapped_nonExhaustive() async {
    let store = TestStore(initialState: Counter.State(count: 2)) { Counter() }
    store.exhaustivity = .off
    await store.send(.incrementButtonTapped) { $0.count = 3 }
  }
}
