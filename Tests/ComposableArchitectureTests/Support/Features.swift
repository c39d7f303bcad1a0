import ComposableArchitecture

/// A leaf feature written with `reduce(into:action:)`.
struct Tally: Reducer {
  struct State: Equatable {
    var count = 0
  }

  enum Action: Equatable {
    case decrementButtonTapped
    case incrementButtonTapped
    case setCount(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .decrementButtonTapped: state.count -= 1
    case .incrementButtonTapped: state.count += 1
    case .setCount(let count): state.count = count
    }
    return .none
  }
}

extension Tally.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let decrementButtonTapped = AnyCasePath<Tally.Action, Void>(
      embed: { .decrementButtonTapped },
      extract: { if case .decrementButtonTapped = $0 { () } else { nil } }
    )
    let incrementButtonTapped = AnyCasePath<Tally.Action, Void>(
      embed: { .incrementButtonTapped },
      extract: { if case .incrementButtonTapped = $0 { () } else { nil } }
    )
    let setCount = AnyCasePath<Tally.Action, Int>(
      embed: { .setCount($0) },
      extract: { if case .setCount(let count) = $0 { count } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

/// A parent feature with struct child state, optional child state and a log of what ran.
struct Parent: Reducer {
  struct State: Equatable {
    var counter = Tally.State()
    var optionalCounter: Tally.State?
    var log: [String] = []
  }

  enum Action: Equatable {
    case counter(Tally.Action)
    case optionalCounter(Tally.Action)
    case dismissButtonTapped
    case presentButtonTapped
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.counter, action: \.counter) {
      Tally()
    }
    Reduce { state, action in
      switch action {
      case .counter(let action):
        state.log.append("parent saw counter \(action) at \(state.counter.count)")
      case .optionalCounter(let action):
        state.log.append("parent saw optional \(action) at \(state.optionalCounter?.count as Any)")
      case .dismissButtonTapped:
        state.optionalCounter = nil
      case .presentButtonTapped:
        state.optionalCounter = Tally.State()
      }
      return .none
    }
    .ifLet(\.optionalCounter, action: \.optionalCounter) {
      Tally()
    }
  }
}

extension Parent.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let counter = AnyCasePath<Parent.Action, Tally.Action>(
      embed: { .counter($0) },
      extract: { if case .counter(let action) = $0 { action } else { nil } }
    )
    let optionalCounter = AnyCasePath<Parent.Action, Tally.Action>(
      embed: { .optionalCounter($0) },
      extract: { if case .optionalCounter(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

/// Enum state with two cases, for `Scope(state: \.case)` and `ifCaseLet`.
enum Screen: Equatable {
  case counter(Tally.State)
  case message(String)
}

extension Screen: CasePathable {
  struct AllCasePaths: Sendable {
    let counter = AnyCasePath<Screen, Tally.State>(
      embed: { .counter($0) },
      extract: { if case .counter(let state) = $0 { state } else { nil } }
    )
    let message = AnyCasePath<Screen, String>(
      embed: { .message($0) },
      extract: { if case .message(let text) = $0 { text } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

enum ScreenAction: Equatable {
  case counter(Tally.Action)
  case showMessage(String)
}

extension ScreenAction: CasePathable {
  struct AllCasePaths: Sendable {
    let counter = AnyCasePath<ScreenAction, Tally.Action>(
      embed: { .counter($0) },
      extract: { if case .counter(let action) = $0 { action } else { nil } }
    )
    let showMessage = AnyCasePath<ScreenAction, String>(
      embed: { .showMessage($0) },
      extract: { if case .showMessage(let text) = $0 { text } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

/// Appends strings from any task, in order.
final class Log: Sendable {
  private let storage = LockIsolated<[String]>([])
  var entries: [String] { storage.withLock { $0 } }
  func append(_ entry: String) { storage.withLock { $0.append(entry) } }
}
