import ComposableArchitecture

/// A counter whose count is shared with whoever made it, and a child that shares it too.
struct SharedCounter: Reducer {
  struct State: Equatable {
    @Shared var count: Int
    var log: [String] = []
    var child: Child.State?
  }

  enum Action: Equatable {
    case child(Child.Action)
    case incrementButtonTapped
    case incrementInEffectButtonTapped
    case incrementTwiceInEffectButtonTapped
    case incremented
    case showChildButtonTapped
  }

  struct Child: Reducer {
    struct State: Equatable {
      @Shared var count: Int
    }

    enum Action: Equatable { case incrementButtonTapped }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.$count.withLock { $0 += 1 }
      return .none
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .child:
        return .none
      case .incrementButtonTapped:
        state.$count.withLock { $0 += 1 }
        return .none
      case .incrementInEffectButtonTapped:
        return .run { [count = state.$count] send in
          count.withLock { $0 += 1 }
          await send(.incremented)
        }
      case .incrementTwiceInEffectButtonTapped:
        return .run { send in
          await send(.incrementButtonTapped)
          await send(.incrementButtonTapped)
        }
      case .incremented:
        state.log.append("incremented")
        return .none
      case .showChildButtonTapped:
        state.child = Child.State(count: state.$count)
        return .none
      }
    }
    .ifLet(\.child, action: \.child) { Child() }
  }
}

extension SharedCounter.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let child = AnyCasePath<SharedCounter.Action, SharedCounter.Child.Action>(
      embed: { .child($0) },
      extract: { if case .child(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

/// A user shared whole, and a child that shares only the user's name (a projection).
struct SharedProfile: Reducer {
  struct User: Equatable, Sendable {
    var name: String
    var visits: Int
  }

  struct State: Equatable {
    @Shared var user: User
    var nameEditor: NameEditor.State?
  }

  enum Action: Equatable {
    case editNameButtonTapped
    case nameEditor(NameEditor.Action)
  }

  struct NameEditor: Reducer {
    struct State: Equatable {
      @Shared var name: String
    }

    enum Action: Equatable { case nameChanged(String) }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .nameChanged(let name):
        state.$name.withLock { $0 = name }
        return .none
      }
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .editNameButtonTapped:
        state.nameEditor = NameEditor.State(name: state.$user.name)
        return .none
      case .nameEditor:
        return .none
      }
    }
    .ifLet(\.nameEditor, action: \.nameEditor) { NameEditor() }
  }
}

extension SharedProfile.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let nameEditor = AnyCasePath<SharedProfile.Action, SharedProfile.NameEditor.Action>(
      embed: { .nameEditor($0) },
      extract: { if case .nameEditor(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}
