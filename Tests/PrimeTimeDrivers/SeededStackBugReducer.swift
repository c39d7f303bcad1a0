import ComposableArchitecture
import ComposablePrimeTime
import PrimeTimeFixtures

/// Applies a seeded stack bug to the composable app: a higher-order reducer around `RootFeature`.
public struct SeededStackBugReducer<Base: Reducer>: Reducer
where Base.State == RootFeature.State, Base.Action == RootFeature.Action {
  let base: Base
  let bug: SeededBug?

  @Dependency(\.continuousClock) var clock

  public init(base: Base, bug: SeededBug?) {
    self.base = base
    self.bug = bug
  }

  public func reduce(into state: inout RootFeature.State, action: RootFeature.Action) -> Effect<
    RootFeature.Action
  > {
    if bug == .timerNotCancelledOnPop,
      case .path(.element(let id, .counter(.toggleTimerButtonTapped))) = action,
      var counter = state.path[id: id, case: \.counter]
    {
      // The mistake: the parent runs the child's timer as its own effect, which is not tied to
      // the element, so popping the counter does not stop it.
      counter.isTimerOn.toggle()
      state.path[id: id, case: \.counter] = counter
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.path(.element(id: id, action: .counter(.timerTick))))
        }
      }
    }
    return base.reduce(into: &state, action: action)
  }
}
