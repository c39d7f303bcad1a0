import ComposableArchitecture

/// A counter presented in a sheet: it dismisses itself when it reaches 5, and has a timer.
struct PresentedCounter: Reducer {
  struct State: Equatable {
    var count = 0
  }

  enum Action: Equatable {
    case incrementButtonTapped
    case startTimerButtonTapped
    case timerTick
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementButtonTapped, .timerTick:
      state.count += 1
      return state.count >= 5 ? .run { [dismiss] _ in await dismiss() } : .none
    case .startTimerButtonTapped:
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.timerTick)
        }
      }
    }
  }
}

/// A parent presenting either a counter or a number fact (an enum destination).
struct TreeParent: Reducer {
  struct State: Equatable {
    @PresentationState var destination: Destination.State?
  }

  enum Action: Equatable, Sendable {
    case destination(PresentationAction<Destination.Action>)
    case closeButtonTapped
    case showCounterButtonTapped
    case showFactButtonTapped
  }

  struct Destination: Reducer {
    enum State: Equatable {
      case counter(PresentedCounter.State)
      case fact(StackNumberFact.State)
    }

    enum Action: Equatable {
      case counter(PresentedCounter.Action)
      case fact(StackNumberFact.Action)
    }

    var body: some Reducer<State, Action> {
      Scope(state: \.counter, action: \.counter) { PresentedCounter() }
      Scope(state: \.fact, action: \.fact) { StackNumberFact() }
    }
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .destination:
        return .none
      case .closeButtonTapped:
        state.destination = nil
        return .none
      case .showCounterButtonTapped:
        state.destination = .counter(PresentedCounter.State())
        return .none
      case .showFactButtonTapped:
        state.destination = .fact(StackNumberFact.State(number: 7))
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination) { Destination() }
  }
}

extension PresentedCounter.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let timerTick = AnyCasePath<PresentedCounter.Action, Void>(
      embed: { .timerTick },
      extract: { if case .timerTick = $0 { () } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

extension TreeParent.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let destination = AnyCasePath<
      TreeParent.Action, PresentationAction<TreeParent.Destination.Action>
    >(
      embed: { .destination($0) },
      extract: { if case .destination(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

extension TreeParent.Destination.State: CasePathable {
  struct AllCasePaths: Sendable {
    let counter = AnyCasePath<TreeParent.Destination.State, PresentedCounter.State>(
      embed: { .counter($0) },
      extract: { if case .counter(let state) = $0 { state } else { nil } }
    )
    let fact = AnyCasePath<TreeParent.Destination.State, StackNumberFact.State>(
      embed: { .fact($0) },
      extract: { if case .fact(let state) = $0 { state } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

extension TreeParent.Destination.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let counter = AnyCasePath<TreeParent.Destination.Action, PresentedCounter.Action>(
      embed: { .counter($0) },
      extract: { if case .counter(let action) = $0 { action } else { nil } }
    )
    let fact = AnyCasePath<TreeParent.Destination.Action, StackNumberFact.Action>(
      embed: { .fact($0) },
      extract: { if case .fact(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}
