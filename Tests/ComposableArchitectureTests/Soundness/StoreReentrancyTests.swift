import ComposableArchitectureTesting
import Testing

/// Shapes that reach into a store while it is busy: reading its state from inside its own
/// reducer, and an action sent while the store drains its queue of re-entrant actions.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct StoreReentrancyTests {
  /// A reducer that reads the store running it (possible through `MainActor.assumeIsolated`,
  /// or in a target whose default isolation is the main actor) stops the program with a
  /// message naming the mistake, instead of reading state the reducer is changing in place.
  @Test func readingTheStoreFromItsOwnReducerStopsWithAMessage() async {
    let result = await #expect(
      processExitsWith: .failure,
      observing: [\.standardErrorContent]
    ) {
      await MainActor.run {
        let holder = StoreHolder()
        let store = Store(initialState: Introspective.State()) {
          Introspective(holder: holder)
        }
        holder.store = store
        store.send(.readTheStoreButtonTapped)
      }
    }
    let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(stderr.contains("store.state was read while the store was reducing an action"))
  }

  /// The same through a child store, which reads its part of the root's state in place: it
  /// stops with the same message rather than read the part the reducer is changing.
  @Test func readingAChildStoreFromTheRootsReducerStopsWithAMessage() async {
    let result = await #expect(
      processExitsWith: .failure,
      observing: [\.standardErrorContent]
    ) {
      await MainActor.run {
        let holder = StoreHolder()
        let store = Store(initialState: Introspective.State()) {
          Introspective(holder: holder)
        }
        let label = store.scope(state: \.label, action: \.self)
        holder.store = store
        holder.label = label
        store.send(.readAChildStoreButtonTapped)
      }
    }
    let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(stderr.contains("store.state was read while the store was reducing an action"))
  }

  /// Reading the store between actions, from an observer or after `send`, is fine.
  @Test func readingTheStoreOutsideTheReducerIsFine() {
    let holder = StoreHolder()
    let store = Store(initialState: Introspective.State()) { Introspective(holder: holder) }
    holder.store = store
    store.send(.labelChanged("after"))
    #expect(store.state.label == "after")
  }

  /// An action sent to the store from inside its own reducer (through
  /// `MainActor.assumeIsolated`, or in a target whose default isolation is the main actor) is
  /// queued and handled once the reducer has returned, as the Composable Architecture does: the
  /// reducer's own changes, made before and after that send, are all kept, and so is the change
  /// the queued action makes.
  @Test func anActionSentFromInsideTheReducerIsHandledAfterIt() {
    let holder = StoreHolder()
    let store = Store(initialState: Introspective.State()) { Introspective(holder: holder) }
    holder.store = store
    store.send(.sendFromTheReducerButtonTapped)
    #expect(
      store.state.handled == [
        "sendFromTheReducer", "sendFromTheReducer, after its send", "labelChanged",
      ]
    )
    #expect(store.state.label == "sent from the reducer")
  }

  /// start → kick-off → sender, and the sender's payload sends `stop` from its `deinit` while
  /// the store drains its queue: the store keeps draining and handles `stop` last, as the
  /// Composable Architecture does.
  @Test func anActionSentWhileDrainingIsHandledAfterTheQueue() {
    let holder = StoreHolder()
    let store = Store(initialState: Introspective.State()) { Introspective(holder: holder) }
    holder.store = store
    store.send(.start)
    #expect(store.state.handled == ["start", "kickOff", "sender", "stop"])
  }

  /// The same mistake through child stores: a presented child's and a row's.
  ///
  /// Sent to from inside the parent's reducer, each action is queued and handled after the
  /// reducer, as one sent to the store itself is; the child stores do not read the state while
  /// the reducer holds it.
  @Test func anActionSentToAChildStoreFromInsideTheReducerIsHandledAfterIt() {
    let holder = ChildStoreHolder()
    let store = Store(initialState: Relay.State(sheet: Tally.State())) { Relay(holder: holder) }
    let sheet = store.scope(state: \.sheet, action: \.sheet.presented)
    let row = Array(store.scope(state: \.rows, action: \.rows))[0]
    holder.sheet = sheet
    holder.row = row
    store.send(.relayButtonTapped)
    #expect(store.state.handled == ["relay", "relay, after its sends", "sheet", "rows"])
    #expect(sheet?.state.count == 1)
    #expect(row.state.ticks == 1)
  }
}

/// Lets a reducer reach child stores of the store that runs it: the mistake under test.
@MainActor
final class ChildStoreHolder {
  // Weak: the stores keep their parent, whose reducer holds this holder.
  weak var sheet: StoreOf<Tally>?
  weak var row: StoreOf<TimerRow>?
}

/// A parent with a presented child and a list, whose reducer sends to their stores.
struct Relay: Reducer {
  struct State: Equatable {
    @PresentationState var sheet: Tally.State?
    var rows: IdentifiedArrayOf<TimerRow.State> = [TimerRow.State(id: 1)]
    var handled: [String] = []
  }

  enum Action: Equatable, Sendable {
    case relayButtonTapped
    case rows(IdentifiedActionOf<TimerRow>)
    case sheet(PresentationAction<Tally.Action>)
  }

  let holder: ChildStoreHolder

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .relayButtonTapped:
        state.handled.append("relay")
        let holder = holder
        MainActor.assumeIsolated {
          _ = holder.sheet?.send(.incrementButtonTapped)
          _ = holder.row?.send(.tick)
        }
        state.handled.append("relay, after its sends")
      case .rows:
        state.handled.append("rows")
      case .sheet:
        state.handled.append("sheet")
      }
      return .none
    }
    .ifLet(\.$sheet, action: \.sheet) { Tally() }
    .forEach(\.rows, action: \.rows) { TimerRow() }
  }
}

extension Relay.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let rows = AnyCasePath<Relay.Action, IdentifiedActionOf<TimerRow>>(
      embed: { .rows($0) },
      extract: { if case .rows(let action) = $0 { action } else { nil } }
    )
    let sheet = AnyCasePath<Relay.Action, PresentationAction<Tally.Action>>(
      embed: { .sheet($0) },
      extract: { if case .sheet(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

/// Lets a reducer reach the store that runs it: the mistake under test.
@MainActor
final class StoreHolder {
  // Weak: the store's reducer holds this holder, and a strong reference back would leak both.
  weak var store: StoreOf<Introspective>?
  /// A child store of `store`, scoped to its label.
  weak var label: Store<String, Introspective.Action>?
}

/// A value whose `deinit` runs a closure (here: sends an action to the store).
final class DeinitSender: Equatable, Sendable {
  let onDeinit: @Sendable @MainActor () -> Void
  init(onDeinit: @escaping @Sendable @MainActor () -> Void) { self.onDeinit = onDeinit }
  deinit {
    let onDeinit = onDeinit
    MainActor.assumeIsolated { onDeinit() }
  }
  static func == (lhs: DeinitSender, rhs: DeinitSender) -> Bool { lhs === rhs }
}

struct Introspective: Reducer {
  struct State: Equatable {
    var label = "before"
    var handled: [String] = []
  }

  enum Action: Equatable, Sendable, CasePathable {
    case labelChanged(String)
    case readAChildStoreButtonTapped
    case readTheStoreButtonTapped
    case start
    case kickOff
    case sender(DeinitSender)
    case sendFromTheReducerButtonTapped
    case stop

    /// No case is scoped to: a child store here sends the feature's own actions (`\.self`).
    struct AllCasePaths: Sendable {}
    static let allCasePaths = AllCasePaths()
  }

  let holder: StoreHolder

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .labelChanged(let label):
      state.label = label
      state.handled.append("labelChanged")
      return .none
    case .readAChildStoreButtonTapped:
      state.label = String(repeating: "y", count: 100)
      let holder = holder
      let read = MainActor.assumeIsolated { holder.label?.state }
      state.label = read ?? ""
      return .none
    case .readTheStoreButtonTapped:
      state.label = String(repeating: "x", count: 100)
      let holder = holder
      let read = MainActor.assumeIsolated { holder.store?.state.label }
      state.label = read ?? ""
      return .none
    case .start:
      state.handled.append("start")
      return .send(.kickOff)
    case .kickOff:
      state.handled.append("kickOff")
      let holder = holder
      return .send(.sender(DeinitSender { holder.store?.send(.stop) }))
    case .sender:
      state.handled.append("sender")
      return .none
    case .sendFromTheReducerButtonTapped:
      // The mistake under test: sending to the store that runs this reducer, from inside it.
      state.handled.append("sendFromTheReducer")
      let holder = holder
      MainActor.assumeIsolated { _ = holder.store?.send(.labelChanged("sent from the reducer")) }
      state.handled.append("sendFromTheReducer, after its send")
      return .none
    case .stop:
      state.handled.append("stop")
      return .none
    }
  }
}
