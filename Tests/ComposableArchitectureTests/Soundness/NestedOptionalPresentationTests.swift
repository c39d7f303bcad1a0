import ComposableArchitecture
import ComposableArchitectureTesting
import Testing

/// A presentation whose child state is itself optional (`PresentationState<Ticker.State?>`):
/// the child is gone when the inner value becomes `nil`, though the presentation still holds a
/// value, and its effects end with it.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct NestedOptionalPresentationTests {
  /// Runs the ticker while there is one.
  struct MaybeTicker: Reducer {
    func reduce(into state: inout Ticker.State?, action: Ticker.Action) -> Effect<Ticker.Action> {
      guard var ticker = state else { return .none }
      defer { state = ticker }
      return Ticker().reduce(into: &ticker, action: action)
    }
  }

  struct Parent: Reducer {
    struct State: Equatable {
      @PresentationState var sheet: Ticker.State??
    }
    enum Action: Equatable, Sendable, CasePathable {
      case emptySheetButtonTapped
      case presentButtonTapped
      case sheet(PresentationAction<Ticker.Action>)

      struct AllCasePaths: Sendable {
        let sheet = AnyCasePath<Action, PresentationAction<Ticker.Action>>(
          embed: { .sheet($0) },
          extract: { if case .sheet(let action) = $0 { action } else { nil } }
        )
      }
      static let allCasePaths = AllCasePaths()
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .emptySheetButtonTapped:
          state.sheet = .some(nil)
        case .presentButtonTapped:
          state.sheet = .some(Ticker.State(id: 1))
        case .sheet:
          break
        }
        return .none
      }
      .ifLet(\.$sheet, action: \.sheet) { MaybeTicker() }
    }
  }

  @Test func theInnerValueBecomingNilEndsTheChildsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Parent.State()) {
      Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentButtonTapped) { $0.sheet = .some(Ticker.State(id: 1)) }
    await store.send(.sheet(.presented(.startButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.sheet(.presented(.tick))) {
      $0.sheet = .some(Ticker.State(id: 1, ticks: 1))
    }
    // The timer is still running here; emptying the sheet must cancel it, or the test store
    // reports an effect still in flight when the test ends.
    await store.send(.emptySheetButtonTapped) { $0.sheet = .some(nil) }
    await clock.advance(by: .seconds(5))
  }
}
