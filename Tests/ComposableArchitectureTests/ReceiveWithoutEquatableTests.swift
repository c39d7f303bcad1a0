import ComposableArchitectureTesting
import Foundation
import Testing

/// An action that carries something not `Equatable` (an error) cannot be compared with `==`, so
/// `receive(.action)` does not apply to it; a test receives it by its case, or by a predicate.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ReceiveWithoutEquatableTests {
  struct LoadFailed: Error {}

  struct Loader: Reducer {
    struct State: Equatable {
      var failures = 0
    }
    enum Action: CasePathable {
      case loadTapped
      case response(Result<Int, any Error>)

      struct AllCasePaths: Sendable {
        let response = AnyCasePath<Action, Result<Int, any Error>>(
          embed: { .response($0) },
          extract: { if case .response(let result) = $0 { result } else { nil } }
        )
      }
      static let allCasePaths = AllCasePaths()
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .loadTapped:
          return .send(.response(.failure(LoadFailed())))
        case .response(.failure):
          state.failures += 1
          return .none
        case .response(.success):
          return .none
        }
      }
    }
  }

  @Test func anActionThatIsNotEquatableIsReceivedByItsCase() async {
    let store = TestStore(initialState: Loader.State()) { Loader() }
    await store.send(.loadTapped)
    await store.receive(\.response) { $0.failures = 1 }
    await store.send(.loadTapped)
    let isLoadFailure: (Loader.Action) -> Bool = { action in
      if case .response(.failure(let error)) = action { error is LoadFailed } else { false }
    }
    await store.receive(isLoadFailure) { $0.failures = 2 }
  }
}
