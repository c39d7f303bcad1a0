import ComposableArchitecture

/// Two counters and a second way into the first, for the child-store cache.
///
/// Scopes that share a state path but not an action case must stay apart. The spare counters
/// come and go, for scopes to optional state.
struct TwoTallies: Reducer {
  struct State: Equatable {
    var first = Tally.State()
    var second = Tally.State()
    var rows = Array(repeating: Tally.State(), count: 10)
    var log: [String] = []
    var spares: [Tally.State?] = [nil]
  }

  enum Action: Equatable {
    case first(Tally.Action)
    case firstAgain(Tally.Action)
    case second(Tally.Action)
    case hideSpareButtonTapped
    case showSpareButtonTapped
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.first, action: \.first) { Tally() }
    Scope(state: \.first, action: \.firstAgain) { Tally() }
    Scope(state: \.second, action: \.second) { Tally() }
    Reduce { state, action in
      switch action {
      case .first: state.log.append("first")
      case .firstAgain: state.log.append("firstAgain")
      case .second: state.log.append("second")
      case .hideSpareButtonTapped: state.spares[0] = nil
      case .showSpareButtonTapped: state.spares[0] = Tally.State()
      }
      return .none
    }
  }
}

extension TwoTallies.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let first = AnyCasePath<TwoTallies.Action, Tally.Action>(
      embed: { .first($0) },
      extract: { if case .first(let action) = $0 { action } else { nil } }
    )
    let firstAgain = AnyCasePath<TwoTallies.Action, Tally.Action>(
      embed: { .firstAgain($0) },
      extract: { if case .firstAgain(let action) = $0 { action } else { nil } }
    )
    let second = AnyCasePath<TwoTallies.Action, Tally.Action>(
      embed: { .second($0) },
      extract: { if case .second(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}
