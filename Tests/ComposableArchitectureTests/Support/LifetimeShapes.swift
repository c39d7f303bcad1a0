import ComposableArchitecture

/// A child with a timer: ticks every second on `\.continuousClock` until cancelled.
struct Metronome: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    var id = 0
    var ticks = 0
  }

  enum Action: Equatable, Sendable {
    case startTimerButtonTapped
    case tick
  }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startTimerButtonTapped:
      return .run { [clock] send in
        while !Task.isCancelled {
          try? await clock.sleep(for: .seconds(1))
          guard !Task.isCancelled else { return }
          await send(.tick)
        }
      }
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

/// A screen with a presented ticker and a stack of tickers, and a reducer beside the operators
/// (before or after them) that removes children behind their backs.
struct Sidelined: Reducer {
  struct State: Equatable, Sendable {
    @PresentationState var detail: Metronome.State?
    var path = StackState<Metronome.State>()
  }

  enum Action: Equatable, Sendable {
    case detail(PresentationAction<Metronome.Action>)
    case path(StackAction<Metronome.State, Metronome.Action>)
    case closeButtonTapped
    case popToRootButtonTapped
    case refreshButtonTapped
  }

  /// Whether the reducer that removes children runs after `ifLet`/`forEach` (else before).
  var removesAfterTheOperators: Bool

  var body: some Reducer<State, Action> {
    if !removesAfterTheOperators { remover }
    Reduce<State, Action> { _, _ in .none }
      .ifLet(\.$detail, action: \.detail) { Metronome() }
      .forEach(\.path, action: \.path) { Metronome() }
    if removesAfterTheOperators { remover }
  }

  /// Not `ifLet` or `forEach`: a sibling that dismisses and pops on its own.
  var remover: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .closeButtonTapped: state.detail = nil
      case .popToRootButtonTapped: state.path.removeAll()
      case .detail, .path, .refreshButtonTapped: break
      }
      return .none
    }
  }
}

/// One pane: presents a ticker with the `id` it is asked for.
struct Pane: Reducer {
  struct State: Equatable, Sendable {
    @PresentationState var detail: Metronome.State?
  }

  enum Action: Equatable, Sendable {
    case detail(PresentationAction<Metronome.Action>)
    case showDetailButtonTapped(id: Int)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .showDetailButtonTapped(let id) = action { state.detail = Metronome.State(id: id) }
      return .none
    }
    .ifLet(\.$detail, action: \.detail) { Metronome() }
  }
}

/// Two instances of one feature side by side.
struct SplitView: Reducer {
  struct State: Equatable, Sendable {
    var left = Pane.State()
    var right = Pane.State()
  }

  enum Action: Equatable, Sendable {
    case left(Pane.Action)
    case right(Pane.Action)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.left, action: \.left) { Pane() }
    Scope(state: \.right, action: \.right) { Pane() }
  }
}

extension Sidelined.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let detail = AnyCasePath<Sidelined.Action, PresentationAction<Metronome.Action>>(
      embed: { .detail($0) },
      extract: { if case .detail(let action) = $0 { action } else { nil } }
    )
    let path = AnyCasePath<Sidelined.Action, StackAction<Metronome.State, Metronome.Action>>(
      embed: { .path($0) },
      extract: { if case .path(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

extension Pane.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let detail = AnyCasePath<Pane.Action, PresentationAction<Metronome.Action>>(
      embed: { .detail($0) },
      extract: { if case .detail(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

extension SplitView.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let left = AnyCasePath<SplitView.Action, Pane.Action>(
      embed: { .left($0) },
      extract: { if case .left(let action) = $0 { action } else { nil } }
    )
    let right = AnyCasePath<SplitView.Action, Pane.Action>(
      embed: { .right($0) },
      extract: { if case .right(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

/// A screen presenting a ticker at one of four presentation properties, each a computed
/// property that counts how often it is read (as `@PresentationState`'s `$detail` is computed).
///
/// Each test picks its own property, so the key path it presents at is its own: whether a
/// child has started an effect at a key path is remembered for the whole process.
struct Watched: Reducer {
  /// How often a presentation property was read.
  final class Reads {
    var count = 0
  }

  struct State: Equatable {
    var storage = PresentationState<Metronome.State>(wrappedValue: nil)
    let reads = Reads()

    var first: PresentationState<Metronome.State> {
      get { counted() }
      set { storage = newValue }
    }
    var second: PresentationState<Metronome.State> {
      get { counted() }
      set { storage = newValue }
    }
    var third: PresentationState<Metronome.State> {
      get { counted() }
      set { storage = newValue }
    }
    var fourth: PresentationState<Metronome.State> {
      get { counted() }
      set { storage = newValue }
    }

    /// The child, set and cleared by the parent without counting.
    var detail: Metronome.State? {
      get { storage.wrappedValue }
      set { storage.wrappedValue = newValue }
    }

    private func counted() -> PresentationState<Metronome.State> {
      reads.count += 1
      return storage
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.storage == rhs.storage }
  }

  enum Action: Equatable, Sendable {
    case closeButtonTapped
    case detail(PresentationAction<Metronome.Action>)
    case refreshButtonTapped
    case showButtonTapped
    /// Starts the child's timer through a direct `reduce(into:action:)` of an `ifLet` at the
    /// same key path, not through this feature's own `ifLet`.
    case startDirectlyButtonTapped
  }

  /// Where the child is presented.
  let presentation: WritableKeyPath<State, PresentationState<Metronome.State>>

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .closeButtonTapped:
        state.detail = nil
      case .showButtonTapped:
        state.detail = Metronome.State()
      case .startDirectlyButtonTapped:
        return EmptyReducer<State, Action>()
          .ifLet(presentation, action: \.detail) { Metronome() }
          .reduce(into: &state, action: .detail(.presented(.startTimerButtonTapped)))
      case .detail, .refreshButtonTapped:
        break
      }
      return .none
    }
    .ifLet(presentation, action: \.detail) { Metronome() }
  }
}

extension Watched.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let detail = AnyCasePath<Watched.Action, PresentationAction<Metronome.Action>>(
      embed: { .detail($0) },
      extract: { if case .detail(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

/// A child whose one action starts an effect that does nothing.
struct Starter: Reducer {
  struct State: Equatable, Sendable {}
  enum Action: Equatable, Sendable { case start }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .run { _ in }
  }
}

/// A parent presenting a `Starter`, run from several threads at once.
struct Racer: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    @PresentationState var child: Starter.State? = Starter.State()
  }

  enum Action: Equatable, Sendable {
    case child(PresentationAction<Starter.Action>)
    case incrementButtonTapped
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .incrementButtonTapped = action { state.count += 1 }
      return .none
    }
    .ifLet(\.$child, action: \.child) { Starter() }
  }
}

extension Racer.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let child = AnyCasePath<Racer.Action, PresentationAction<Starter.Action>>(
      embed: { .child($0) },
      extract: { if case .child(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}
