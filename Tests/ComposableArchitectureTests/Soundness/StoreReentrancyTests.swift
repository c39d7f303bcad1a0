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
}

/// Lets a reducer reach the store that runs it: the mistake under test.
@MainActor
final class StoreHolder {
  // Weak: the store's reducer holds this holder, and a strong reference back would leak both.
  weak var store: StoreOf<Introspective>?
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

  enum Action: Equatable, Sendable {
    case labelChanged(String)
    case readTheStoreButtonTapped
    case start
    case kickOff
    case sender(DeinitSender)
    case sendFromTheReducerButtonTapped
    case stop
  }

  let holder: StoreHolder

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .labelChanged(let label):
      state.label = label
      state.handled.append("labelChanged")
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
