import ComposableArchitectureTesting
import ExpectedFailures
import Foundation
import Testing

/// A stack keyed by random UUIDs, as the navigation-stack testing episode first built it.
struct RandomIDStack: Reducer {
  struct Entry: Equatable {
    let id: UUID
    var count = 0
  }

  struct State: Equatable {
    var path: [Entry] = []
  }

  enum Action: Equatable {
    case pushButtonTapped
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.path.append(Entry(id: UUID()))
    return .none
  }
}

/// The episode's second try: entries keyed by the `\.uuid` dependency, which a test controls.
struct UUIDStack: Reducer {
  typealias Entry = RandomIDStack.Entry
  typealias State = RandomIDStack.State
  typealias Action = RandomIDStack.Action

  @Dependency(\.uuid) var uuid

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.path.append(Entry(id: uuid()))
    return .none
  }
}

/// Why stack element IDs are generational: a random ID cannot be stated in an assertion.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct GenerationalIDTests {
  /// Lesson "random IDs cannot be asserted": the test can only make up an ID of its own, and the
  /// exhaustive assertion fails with two random IDs in the diff.
  ///
  /// (The only random values in this suite: two fresh UUIDs differ, so the failure is certain.)
  @Test func aStackOfRandomIDsCannotBeAsserted() async {
    let store = TestStore(initialState: RandomIDStack.State()) { RandomIDStack() }
    await expectFailure {
      await store.send(.pushButtonTapped) {
        $0.path.append(RandomIDStack.Entry(id: UUID()))
      }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      let uuid = /[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}/
      let expected = text.split(separator: "\n").filter { $0.hasPrefix("−") }
      let actual = text.split(separator: "\n").filter { $0.hasPrefix("+") }
      let ids = Set(text.matches(of: uuid).map { String($0.output) })
      return text.hasPrefix("A state change does not match expectation: …")
        && expected.contains { $0.contains(uuid) } && actual.contains { $0.contains(uuid) }
        && ids.count == 2
    }
  }

  /// The generational version of the same test: IDs count 0, 1, 2, … per test store, so the
  /// test names them.
  @Test func aStackOfGenerationalIDsCanBeAsserted() async {
    let store = TestStore(initialState: StackRoot.State()) { StackRoot() }
    await store.send(.path(.push(.counter(StackCounter.State())))) {
      $0.path[id: 0] = .counter(StackCounter.State())
    }
    await store.send(.path(.push(.counter(StackCounter.State())))) {
      $0.path[id: 1] = .counter(StackCounter.State())
    }
  }
  /// The `\.uuid` dependency has no test value: a test that does not choose a generator is
  /// told so, rather than handed random IDs it could not state.
  @Test func theUUIDDependencyMustBeChosenByTheTest() async {
    let store = TestStore(initialState: UUIDStack.State()) { UUIDStack() }
    store.exhaustivity = .off
    await expectFailure {
      await store.send(.pushButtonTapped)
    } matching: { issue in
      issue.message.contains("@Dependency(\\.uuid) has no test implementation")
    }
  }

  /// With `.incrementing`, the test names the IDs the reducer drew: `UUID(0)`, `UUID(1)`.
  @Test func incrementingUUIDsCanBeNamedByTheTest() async {
    let store = TestStore(initialState: UUIDStack.State()) {
      UUIDStack()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.pushButtonTapped) { $0.path.append(UUIDStack.Entry(id: UUID(0))) }
    await store.send(.pushButtonTapped) { $0.path.append(UUIDStack.Entry(id: UUID(1))) }
  }

  /// Lesson "the generator draws again in the assertion".
  ///
  /// A closure that asks the store's `.incrementing` generator for the ID gets the next one, 1,
  /// where the reducer drew 0. Stack element IDs have a generator of their own that the closure
  /// replays (`DependencyScopeTests.assertionClosuresDrawStackIDsLikeTheReducer`).
  @Test func aUUIDDrawnInTheAssertionIsTheNextOne() async {
    let store = TestStore(initialState: UUIDStack.State()) {
      UUIDStack()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await expectFailure {
      await store.send(.pushButtonTapped) {
        @Dependency(\.uuid) var uuid
        $0.path.append(UUIDStack.Entry(id: uuid()))
      }
    } matching: { issue in
      issue.message.hasPrefix("A state change does not match expectation: …")
        && issue.message.contains("00000000-0000-0000-0000-000000000001")
    }
  }
}
