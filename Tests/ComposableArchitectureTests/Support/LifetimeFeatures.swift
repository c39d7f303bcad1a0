import ComposableArchitecture
import Foundation

/// A dependency with distinct live and test values, to see whose dependencies a reducer ran
/// under.
enum GreetingKey: DependencyKey {
  static let liveValue = "live"
  static let testValue = "test"
}

extension DependencyValues {
  var greeting: String {
    get { self[GreetingKey.self] }
    set { self[GreetingKey.self] = newValue }
  }
}

/// A journal whose entries are stamped by `\.date` when they are made, with a plain stack of
/// pages and an effect that runs under overridden dependencies.
struct Journal: Reducer {
  struct Entry: Equatable {
    var createdAt: Date

    init() {
      @Dependency(\.date) var date
      createdAt = date.now
    }
  }

  struct State: Equatable {
    var bookmarks = StackState<Int>()
    var entries: [Entry] = []
    var greeting = ""
    var pages = StackState<Int>()
  }

  enum Action: Equatable {
    case addEntryButtonTapped
    case bookmarkButtonTapped(Int)
    case clearPagesButtonTapped
    case greetButtonTapped
    case greetingResponse
    case openPageButtonTapped(Int)
  }

  @Dependency(\.greeting) var greeting

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .addEntryButtonTapped:
      state.entries.append(Entry())
      return .none
    case .bookmarkButtonTapped(let page):
      state.bookmarks.append(page)
      return .none
    case .clearPagesButtonTapped:
      state.pages.removeAll()
      return .none
    case .greetButtonTapped:
      // The effect (and only the effect) runs with an overridden greeting.
      return withDependencies {
        $0.greeting = "effect override"
      } operation: {
        .run { send in await send(.greetingResponse) }
      }
    case .greetingResponse:
      state.greeting = greeting
      return .none
    case .openPageButtonTapped(let page):
      state.pages.append(page)
      return .none
    }
  }
}

/// A child with a one-second timer (cancellable by `CancelID.timer`), a way to dismiss itself,
/// and a mistake: sending after dismissing.
struct Ticker: Reducer {
  struct State: Equatable, Identifiable {
    var id: Int
    var ticks = 0
  }

  enum Action: Equatable {
    case closeButtonTapped
    case closeThenTickButtonTapped
    case startButtonTapped
    case stopButtonTapped
    case tick
  }

  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .closeButtonTapped:
      return .run { [dismiss] _ in await dismiss() }
    case .closeThenTickButtonTapped:
      return .run { [dismiss] send in
        await dismiss()
        await send(.tick)
      }
    case .startButtonTapped:
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.timer)
    case .stopButtonTapped:
      return .cancel(id: CancelID.timer)
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

/// A parent holding tickers in every way a feature can hold a child.
///
/// A stack, a presented sheet, a presented enum destination, and a plain optional; it has a
/// timer of its own under the same cancel ID as its children's.
struct Host: Reducer {
  struct State: Equatable {
    var path = StackState<Ticker.State>()
    @PresentationState var sheet: Ticker.State?
    @PresentationState var destination: Destination.State?
    var item: Ticker.State?
    var hostTicks = 0
    var replacesDismissedSheet = false
  }

  enum Action: Equatable, Sendable {
    case cancelTimersButtonTapped
    case closeSheetButtonTapped
    case destination(PresentationAction<Destination.Action>)
    case editItemButtonTapped
    case hostTick
    case item(Ticker.Action)
    case path(StackAction<Ticker.State, Ticker.Action>)
    case popAllButtonTapped
    case replaceItemButtonTapped(id: Int)
    case replaceSheetButtonTapped(id: Int)
    case sheet(PresentationAction<Ticker.Action>)
    case restartTimerButtonTapped
    case showNoteButtonTapped
    case showTickerButtonTapped(id: Int)
    case startHostTimerButtonTapped
  }

  struct Destination: Reducer {
    enum State: Equatable {
      case note(String)
      case timer(TimerFeature.State)
      case ticker(Ticker.State)
    }

    enum Action: Equatable {
      case timer(TimerFeature.Action)
      case ticker(Ticker.Action)
    }

    var body: some Reducer<State, Action> {
      Scope(state: \.timer, action: \.timer) { TimerFeature() }
      Scope(state: \.ticker, action: \.ticker) { Ticker() }
    }
  }

  @Dependency(\.continuousClock) var clock

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .cancelTimersButtonTapped:
        return .cancel(id: Ticker.CancelID.timer)
      case .closeSheetButtonTapped:
        state.sheet = nil
        return .none
      case .editItemButtonTapped:
        state.item?.ticks = 0
        return .none
      case .hostTick:
        state.hostTicks += 1
        return .none
      case .popAllButtonTapped:
        state.path.removeAll()
        return .none
      case .replaceItemButtonTapped(let id):
        state.item = Ticker.State(id: id)
        return .none
      case .replaceSheetButtonTapped(let id):
        state.sheet = Ticker.State(id: id)
        return .none
      case .sheet(.dismiss):
        if state.replacesDismissedSheet { state.sheet = Ticker.State(id: 99) }
        return .none
      case .restartTimerButtonTapped:
        state.destination = .timer(TimerFeature.State())
        return .none
      case .showNoteButtonTapped:
        state.destination = .note("Tickers rest here.")
        return .none
      case .showTickerButtonTapped(let id):
        state.destination = .ticker(Ticker.State(id: id))
        return .none
      case .startHostTimerButtonTapped:
        return .run { [clock] send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.hostTick)
          }
        }
        .cancellable(id: Ticker.CancelID.timer)
      case .destination, .item, .path, .sheet:
        return .none
      }
    }
    .forEach(\.path, action: \.path) { Ticker() }
    .ifLet(\.$sheet, action: \.sheet) { Ticker() }
    .ifLet(\.$destination, action: \.destination) { Destination() }
    .ifLet(\.item, action: \.item) { Ticker() }
  }
}

/// A feature whose whole state is an enum: a ticker while ticking, idle otherwise.
struct Switcher: Reducer {
  enum State: Equatable {
    case idle
    case ticking(Ticker.State)
  }

  enum Action: Equatable {
    case restartButtonTapped(id: Int)
    case stopButtonTapped
    case ticking(Ticker.Action)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .restartButtonTapped(let id):
        state = .ticking(Ticker.State(id: id))
        return .none
      case .stopButtonTapped:
        state = .idle
        return .none
      case .ticking:
        return .none
      }
    }
    .ifCaseLet(\.ticking, action: \.ticking) { Ticker() }
  }
}

// MARK: - Case paths (what @CasePathable would generate)

extension Ticker.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let tick = AnyCasePath<Ticker.Action, Void>(
      embed: { .tick },
      extract: { if case .tick = $0 { () } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

extension Host.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let destination = AnyCasePath<Host.Action, PresentationAction<Host.Destination.Action>>(
      embed: { .destination($0) },
      extract: { if case .destination(let action) = $0 { action } else { nil } }
    )
    let hostTick = AnyCasePath<Host.Action, Void>(
      embed: { .hostTick },
      extract: { if case .hostTick = $0 { () } else { nil } }
    )
    let item = AnyCasePath<Host.Action, Ticker.Action>(
      embed: { .item($0) },
      extract: { if case .item(let action) = $0 { action } else { nil } }
    )
    let path = AnyCasePath<Host.Action, StackAction<Ticker.State, Ticker.Action>>(
      embed: { .path($0) },
      extract: { if case .path(let action) = $0 { action } else { nil } }
    )
    let sheet = AnyCasePath<Host.Action, PresentationAction<Ticker.Action>>(
      embed: { .sheet($0) },
      extract: { if case .sheet(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

extension Host.Destination.State: CasePathable {
  struct AllCasePaths: Sendable {
    let note = AnyCasePath<Host.Destination.State, String>(
      embed: { .note($0) },
      extract: { if case .note(let text) = $0 { text } else { nil } }
    )
    let timer = AnyCasePath<Host.Destination.State, TimerFeature.State>(
      embed: { .timer($0) },
      extract: { if case .timer(let state) = $0 { state } else { nil } }
    )
    let ticker = AnyCasePath<Host.Destination.State, Ticker.State>(
      embed: { .ticker($0) },
      extract: { if case .ticker(let state) = $0 { state } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

extension Host.Destination.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let timer = AnyCasePath<Host.Destination.Action, TimerFeature.Action>(
      embed: { .timer($0) },
      extract: { if case .timer(let action) = $0 { action } else { nil } }
    )
    let ticker = AnyCasePath<Host.Destination.Action, Ticker.Action>(
      embed: { .ticker($0) },
      extract: { if case .ticker(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

extension Switcher.State: CasePathable {
  struct AllCasePaths: Sendable {
    let ticking = AnyCasePath<Switcher.State, Ticker.State>(
      embed: { .ticking($0) },
      extract: { if case .ticking(let state) = $0 { state } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

extension Switcher.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let ticking = AnyCasePath<Switcher.Action, Ticker.Action>(
      embed: { .ticking($0) },
      extract: { if case .ticking(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

/// How a store runs a feature: the reducer tree it builds once, or the feature's own
/// `reduce(into:action:)` on every action (which builds the body again each time).
enum Running: String, CaseIterable, Sendable {
  case built
  case direct
}

/// Runs `base` through its `reduce(into:action:)`: a store cannot build ahead what it cannot
/// see, so every action takes the direct path a test calling the reducer by hand takes.
struct RunDirectly<Base: Reducer>: Reducer {
  let base: Base

  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    base.reduce(into: &state, action: action)
  }
}
