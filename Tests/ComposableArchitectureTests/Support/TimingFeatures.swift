import ComposableArchitecture

/// A search field whose query is debounced, a scroll position whose loads are throttled, and a
/// search that cancels its previous request with `withTaskCancellation`.
struct SearchField: Reducer {
  struct State: Equatable {
    var query = ""
    var searched: [String] = []
    var loaded: [Int] = []
  }

  enum Action: Equatable {
    case queryChanged(String)
    case searched(String)
    case scrolled(Int, latest: Bool)
    case loaded(Int)
    case requestButtonTapped(String)
    case cancelRequestButtonTapped
    case cancelFromOutsideTheStore
  }

  enum CancelID { case search, scroll, request }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .queryChanged(let query):
      state.query = query
      return .run { send in await send(.searched(query)) }
        .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
    case .searched(let query):
      state.searched.append(query)
      return .none
    case .scrolled(let offset, let latest):
      return .send(.loaded(offset))
        .throttle(id: CancelID.scroll, for: .seconds(1), clock: clock, latest: latest)
    case .loaded(let offset):
      state.loaded.append(offset)
      return .none
    case .requestButtonTapped(let query):
      return .run { [clock] send in
        try await withTaskCancellation(id: CancelID.request, cancelInFlight: true) {
          try await clock.sleep(for: .seconds(1))
          await send(.searched(query))
        }
      }
    case .cancelRequestButtonTapped:
      return .cancel(id: CancelID.request)
    case .cancelFromOutsideTheStore:
      return .none
    }
  }
}

/// A list whose loads are throttled, presenting a `SearchField` that throttles its own loads
/// under the same id.
struct ThrottledList: Reducer {
  struct State: Equatable {
    var loaded: [Int] = []
    @PresentationState var detail: SearchField.State?
  }

  enum Action: Equatable {
    case detail(PresentationAction<SearchField.Action>)
    case loaded(Int)
    case scrolled(Int)
    case showDetailButtonTapped
  }

  @Dependency(\.continuousClock) var clock

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .detail:
        return .none
      case .loaded(let offset):
        state.loaded.append(offset)
        return .none
      case .scrolled(let offset):
        return .send(.loaded(offset))
          .throttle(id: SearchField.CancelID.scroll, for: .seconds(1), clock: clock, latest: true)
      case .showDetailButtonTapped:
        state.detail = SearchField.State()
        return .none
      }
    }
    .ifLet(\.$detail, action: \.detail) { SearchField() }
  }
}

extension ThrottledList.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let detail = AnyCasePath<ThrottledList.Action, PresentationAction<SearchField.Action>>(
      embed: { .detail($0) },
      extract: { if case .detail(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

/// A parent and a presented child that both tick under the same cancellation id; each can
/// stop its own timer from inside an effect with `Task.cancel(id:)`.
struct Metronomes: Reducer {
  struct State: Equatable {
    var ticks = 0
    @PresentationState var child: Beat.State?
  }

  enum Action: Equatable {
    case child(PresentationAction<Beat.Action>)
    case showChildButtonTapped
    case beat(Beat.Action)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .showChildButtonTapped:
        state.child = Beat.State()
        return .none
      case .beat(.tick):
        state.ticks += 1
        return .none
      case .beat(let action):
        var unused = Beat.State()
        return Beat().reduce(into: &unused, action: action).map(Action.beat)
      case .child:
        return .none
      }
    }
    .ifLet(\.$child, action: \.child) { Beat() }
  }
}

extension Metronomes.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let child = AnyCasePath<Metronomes.Action, PresentationAction<Beat.Action>>(
      embed: { .child($0) },
      extract: { if case .child(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

/// Ticks every second under `CancelID.timer`; `stopFromEffectTapped` cancels that id from
/// inside an effect.
struct Beat: Reducer {
  struct State: Equatable {
    var ticks = 0
  }

  enum Action: Equatable {
    case startButtonTapped
    case stopFromEffectTapped
    case tick
  }

  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startButtonTapped:
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.timer)
    case .stopFromEffectTapped:
      return .run { _ in Task.cancel(id: CancelID.timer) }
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

/// A counter whose parity is watched with `onChange(of:)`.
struct Parity: Reducer {
  struct State: Equatable {
    var count = 0
    var changes: [String] = []
    var isEven: Bool { count.isMultiple(of: 2) }
  }

  enum Action: Equatable {
    case add(Int)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .add(let amount):
        state.count += amount
        return .none
      }
    }
    .onChange(of: \.isEven) { wasEven, isEven in
      Reduce { state, _ in
        state.changes.append("\(wasEven ? "even" : "odd") -> \(isEven ? "even" : "odd")")
        return .none
      }
    }
  }
}
