import ComposableArchitectureTesting
import Testing

/// A parent that presents a counter to edit a score, in a sheet or on a stack.
///
/// Its Save button (the parent's own, drawn in the child's toolbar) reads the child's state,
/// keeps it, and closes the child; Cancel closes it and keeps nothing.
struct Scorekeeper: Reducer {
  struct State: Equatable {
    var score = 0
    @PresentationState var editor: PresentedCounter.State?
    var path = StackState<PresentedCounter.State>()
  }

  enum Action: Equatable, Sendable {
    case cancelButtonTapped
    case editButtonTapped
    case editor(PresentationAction<PresentedCounter.Action>)
    case path(StackAction<PresentedCounter.State, PresentedCounter.Action>)
    case pushEditorButtonTapped
    case saveButtonTapped
    case saveElementButtonTapped(StackElementID)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .cancelButtonTapped:
        state.editor = nil
        return .none
      case .editButtonTapped:
        state.editor = PresentedCounter.State(count: state.score)
        return .none
      case .editor, .path:
        return .none
      case .pushEditorButtonTapped:
        state.path.append(PresentedCounter.State(count: state.score))
        return .none
      // save:begin
      case .saveButtonTapped:
        // Read the child first, then close it: after `nil` there is nothing left to read.
        guard let editor = state.editor else { return .none }
        state.score = editor.count
        state.editor = nil
        return .none
      // save:end
      case .saveElementButtonTapped(let id):
        guard let element = state.path[id: id] else { return .none }
        state.score = element.count
        state.path.pop(from: id)
        return .none
      }
    }
    .ifLet(\.$editor, action: \.editor) { PresentedCounter() }
    .forEach(\.path, action: \.path) { PresentedCounter() }
  }
}

extension Scorekeeper.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let editor = AnyCasePath<Scorekeeper.Action, PresentationAction<PresentedCounter.Action>>(
      embed: { .editor($0) },
      extract: { if case .editor(let action) = $0 { action } else { nil } }
    )
    let path = AnyCasePath<
      Scorekeeper.Action, StackAction<PresentedCounter.State, PresentedCounter.Action>
    >(
      embed: { .path($0) },
      extract: { if case .path(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

/// A parent that reads its child's state when the user saves, then dismisses or pops the child.
///
/// The edit screens of the Composable Architecture's SyncUps, in small.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct SaveAndDismissTests {
  @Test func saveReadsThePresentedChildThenDismissesIt() async {
    let clock = TestClock()
    let store = TestStore(initialState: Scorekeeper.State(score: 2)) {
      Scorekeeper()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.editButtonTapped) {
      $0.editor = PresentedCounter.State(count: 2)
    }
    await store.send(.editor(.presented(.incrementButtonTapped))) {
      $0.editor?.count = 3
    }
    await store.send(.editor(.presented(.startTimerButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(\.editor.timerTick) {
      $0.editor?.count = 4
    }
    await store.send(.saveButtonTapped) {
      $0.score = 4
      $0.editor = nil
    }
    // Closing the sheet ended the child's timer: nothing is left to tick.
    await clock.advance(by: .seconds(5))
    #expect(clock.sleeperCount == 0)
  }

  @Test func cancelDismissesTheChildAndKeepsNothing() async {
    let store = TestStore(initialState: Scorekeeper.State(score: 2)) { Scorekeeper() }
    await store.send(.editButtonTapped) {
      $0.editor = PresentedCounter.State(count: 2)
    }
    await store.send(.editor(.presented(.incrementButtonTapped))) {
      $0.editor?.count = 3
    }
    await store.send(.cancelButtonTapped) {
      $0.editor = nil
    }
  }

  @Test func saveReadsTheStackElementThenPopsIt() async {
    let clock = TestClock()
    let store = TestStore(initialState: Scorekeeper.State(score: 1)) {
      Scorekeeper()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.pushEditorButtonTapped) {
      $0.path[id: 0] = PresentedCounter.State(count: 1)
    }
    await store.send(.path(.element(id: 0, action: .incrementButtonTapped))) {
      $0.path[id: 0]?.count = 2
    }
    await store.send(.path(.element(id: 0, action: .startTimerButtonTapped)))
    await store.send(.saveElementButtonTapped(0)) {
      $0.score = 2
      $0.path.pop(from: 0)
    }
    // Popping ended the element's timer.
    await clock.advance(by: .seconds(5))
    #expect(clock.sleeperCount == 0)
  }
}
