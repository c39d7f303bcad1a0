import ComposableArchitecture

/// A screen that can present another screen of its own kind (`ifLet(\.$child) { Self() }`),
/// which can close itself with `\.dismiss`.
struct Nested: Reducer {
  struct State: Equatable, Sendable {
    var depth = 0
    @PresentationState var child: State?
  }

  indirect enum Action: Equatable, Sendable {
    case child(PresentationAction<Action>)
    case presentChildButtonTapped
    case closeButtonTapped
  }

  @Dependency(\.dismiss) var dismiss

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .child:
        return .none
      case .presentChildButtonTapped:
        state.child = State(depth: state.depth + 1)
        return .none
      case .closeButtonTapped:
        return .run { [dismiss] _ in await dismiss() }
      }
    }
    .ifLet(\.$child, action: \.child) { Self() }
  }
}

/// A chain of values, each holding an optional one of its own kind (`ifLet(\.next) { Self() }`
/// on a plain optional).
struct Chain: Reducer {
  struct State: Equatable, Sendable {
    var value = 0
    // A struct cannot hold itself inline; an array is the box.
    private var storage: [State] = []
    var next: State? {
      get { storage.first }
      set { storage = newValue.map { [$0] } ?? [] }
    }

    init(value: Int = 0, next: State? = nil) {
      self.value = value
      self.next = next
    }
  }

  indirect enum Action: Equatable, Sendable {
    case next(Action)
    case incrementButtonTapped
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .incrementButtonTapped = action { state.value += 1 }
      return .none
    }
    .ifLet(\.next, action: \.next) { Self() }
  }
}

/// A screen whose navigation stack holds screens of its own kind (`forEach(\.path) { Self() }`).
struct Drill: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var path = StackState<State>()
  }

  indirect enum Action: Equatable, Sendable {
    case path(StackAction<State, Action>)
    case incrementButtonTapped
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .incrementButtonTapped = action { state.count += 1 }
      return .none
    }
    .forEach(\.path, action: \.path) { Self() }
  }
}

/// A tree of enum cases: a leaf, or a node wrapping another tree (`ifCaseLet(\.node) { Self() }`).
struct Branch: Reducer {
  indirect enum State: Equatable, Sendable {
    case leaf(Int)
    case node(State)
  }

  indirect enum Action: Equatable, Sendable {
    case node(Action)
    case incrementButtonTapped
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .incrementButtonTapped = action, case .leaf(let count) = state {
        state = .leaf(count + 1)
      }
      return .none
    }
    .ifCaseLet(\.node, action: \.node) { Self() }
  }
}

extension Nested.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let child = AnyCasePath<Nested.Action, PresentationAction<Nested.Action>>(
      embed: { .child($0) },
      extract: { if case .child(let action) = $0 { action } else { nil } }
    )
    let closeButtonTapped = AnyCasePath<Nested.Action, Void>(
      embed: { .closeButtonTapped },
      extract: { if case .closeButtonTapped = $0 { () } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

extension Chain.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let next = AnyCasePath<Chain.Action, Chain.Action>(
      embed: { .next($0) },
      extract: { if case .next(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

extension Drill.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let path = AnyCasePath<Drill.Action, StackAction<Drill.State, Drill.Action>>(
      embed: { .path($0) },
      extract: { if case .path(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

extension Branch.State: CasePathable {
  struct AllCasePaths: Sendable {
    let node = AnyCasePath<Branch.State, Branch.State>(
      embed: { .node($0) },
      extract: { if case .node(let state) = $0 { state } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

extension Branch.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let node = AnyCasePath<Branch.Action, Branch.Action>(
      embed: { .node($0) },
      extract: { if case .node(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}
