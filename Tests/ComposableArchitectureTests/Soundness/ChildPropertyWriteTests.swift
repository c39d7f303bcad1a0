import ComposableArchitecture
import ComposableArchitectureTesting
import Testing

/// `forEach` and `ifLet` only read the property that holds their children on an action that
/// changes no child.
///
/// A `didSet` on it runs when the children change, not on every action. Each `didSet` here
/// counts into the state, so the exhaustive test store sees every extra run.
@MainActor
struct ChildPropertyWriteTests {
  struct Counter: Reducer {
    struct State: Equatable, Identifiable {
      var id: Int
      var count = 0
    }
    enum Action: Equatable, Sendable { case incrementTapped }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += 1
      return .none
    }
  }

  /// A note with no identity of its own: `ifLet` reads only whether it is there.
  struct Note: Reducer {
    struct State: Equatable { var text = "" }
    enum Action: Equatable, Sendable { case typed(String) }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      guard case .typed(let text) = action else { return .none }
      state.text = text
      return .none
    }
  }

  struct Board: Reducer {
    struct State: Equatable {
      var counters: IdentifiedArrayOf<Counter.State> = [] { didSet { counterWrites += 1 } }
      var counterWrites = 0
      var note: Note.State? { didSet { noteWrites += 1 } }
      var noteWrites = 0
      var path = StackState<Counter.State>() { didSet { pathWrites += 1 } }
      var pathWrites = 0
      var taps = 0
    }
    enum Action: Equatable, Sendable, CasePathable {
      case addCounterTapped
      case counters(IdentifiedActionOf<Counter>)
      case note(Note.Action)
      case path(StackActionOf<Counter>)
      case tapped

      struct AllCasePaths: Sendable {
        let counters = AnyCasePath<Action, IdentifiedActionOf<Counter>>(
          embed: { .counters($0) },
          extract: { if case .counters(let action) = $0 { action } else { nil } }
        )
        let note = AnyCasePath<Action, Note.Action>(
          embed: { .note($0) },
          extract: { if case .note(let action) = $0 { action } else { nil } }
        )
        let path = AnyCasePath<Action, StackActionOf<Counter>>(
          embed: { .path($0) },
          extract: { if case .path(let action) = $0 { action } else { nil } }
        )
      }
      static let allCasePaths = AllCasePaths()
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .addCounterTapped:
          state.counters.append(Counter.State(id: state.counters.count))
        case .tapped:
          state.taps += 1
        case .counters, .note, .path:
          break
        }
        return .none
      }
      .forEach(\.counters, action: \.counters) { Counter() }
      .ifLet(\.note, action: \.note) { Note() }
      .forEach(\.path, action: \.path) { Counter() }
    }
  }

  @Test func anActionThatConcernsNoChildWritesNoChildProperty() async {
    let store = TestStore(
      initialState: Board.State(
        counters: [Counter.State(id: 0)],
        note: Note.State(),
        path: StackState([Counter.State(id: 9)])
      )
    ) {
      Board()
    }
    // The initializer's assignments run no `didSet`; nothing after it may, for these actions.
    await store.send(.tapped) { $0.taps = 1 }
    await store.send(.tapped) { $0.taps = 2 }
    // A change to the children runs each `didSet` once, from the write that made the change.
    await store.send(.addCounterTapped) {
      $0.counters.append(Counter.State(id: 1))
      $0.counterWrites = 1
    }
    await store.send(.counters(.element(id: 1, action: .incrementTapped))) {
      $0.counters[id: 1]?.count = 1
      $0.counterWrites = 2
    }
    await store.send(.note(.typed("hi"))) {
      $0.note?.text = "hi"
      $0.noteWrites = 1
    }
    await store.send(.tapped) { $0.taps = 3 }
  }
}
