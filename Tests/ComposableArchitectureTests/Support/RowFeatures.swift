import ComposableArchitecture
import Foundation

/// The shape of the Composable Architecture's "Recursion" case study: a row with a name and
/// rows of its own kind, each added with an ID from the `\.uuid` dependency and deleted by
/// position, as a list reports a swipe.
struct Outline: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    let id: UUID
    var name = ""
    var rows: IdentifiedArrayOf<State> = []
  }

  enum Action: Equatable, Sendable {
    case addRowButtonTapped
    case nameChanged(String)
    case onDelete(IndexSet)
    indirect case rows(IdentifiedActionOf<Outline>)
  }

  @Dependency(\.uuid) var uuid

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .addRowButtonTapped:
        state.rows.append(State(id: uuid()))
        return .none
      case .nameChanged(let name):
        state.name = name
        return .none
      case .onDelete(let offsets):
        state.rows.remove(atOffsets: offsets)
        return .none
      case .rows:
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) {
      Self()
    }
  }
}

/// The ID `\.uuid`'s `.incrementing` generator hands out `n`th (from 0), for rows made by hand.
func rowID(_ n: Int) -> UUID {
  UUID(uuidString: "00000000-0000-0000-0000-\(String(format: "%012x", n))")!
}

extension Outline.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let rows = AnyCasePath<Outline.Action, IdentifiedActionOf<Outline>>(
      embed: { .rows($0) },
      extract: { if case .rows(let action) = $0 { action } else { nil } }
    )
    let nameChanged = AnyCasePath<Outline.Action, String>(
      embed: { .nameChanged($0) },
      extract: { if case .nameChanged(let name) = $0 { name } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

/// A list of rows that each run a timer, and a parent that can remove them: by swipe (through
/// the parent's own reducer), or by a sibling reducer that empties the list or replaces it.
struct TimerList: Reducer {
  struct State: Equatable, Sendable {
    var rows: IdentifiedArrayOf<TimerRow.State> = []
  }

  enum Action: Equatable, Sendable {
    case rows(IdentifiedActionOf<TimerRow>)
    case removeButtonTapped(id: Int)
    case clearButtonTapped
    case removeAllButtonTapped
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .removeButtonTapped(let id):
        state.rows.remove(id: id)
        return .none
      case .rows, .clearButtonTapped, .removeAllButtonTapped:
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) {
      TimerRow()
    }
    // A sibling after the operator: it replaces the whole array, or empties it in place.
    Reduce { state, action in
      if case .clearButtonTapped = action { state.rows = [] }
      if case .removeAllButtonTapped = action { state.rows.removeAll() }
      return .none
    }
  }
}

extension TimerList.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let rows = AnyCasePath<TimerList.Action, IdentifiedActionOf<TimerRow>>(
      embed: { .rows($0) },
      extract: { if case .rows(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

/// A row that ticks once a second on the `\.continuousClock` while started, until stopped.
struct TimerRow: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    let id: Int
    var ticks = 0
  }

  enum Action: Equatable, Sendable {
    case startButtonTapped
    case stopButtonTapped
    case tick
  }

  /// The same ID in every row: each row's is its own.
  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startButtonTapped:
      return .run { send in
        while !Task.isCancelled {
          try? await clock.sleep(for: .seconds(1))
          if Task.isCancelled { return }
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

extension TimerRow.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let tick = AnyCasePath<TimerRow.Action, Void>(
      embed: { .tick },
      extract: { if case .tick = $0 { () } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

/// Two lists of timer rows in one state, whose rows may share IDs: a row's effects belong to
/// its own list.
struct TwoTimerLists: Reducer {
  struct State: Equatable, Sendable {
    var left: IdentifiedArrayOf<TimerRow.State> = []
    var right: IdentifiedArrayOf<TimerRow.State> = []
  }

  enum Action: Equatable, Sendable {
    case left(IdentifiedActionOf<TimerRow>)
    case right(IdentifiedActionOf<TimerRow>)
    case removeLeftButtonTapped(id: Int)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .removeLeftButtonTapped(let id) = action { state.left.remove(id: id) }
      return .none
    }
    .forEach(\.left, action: \.left) {
      TimerRow()
    }
    .forEach(\.right, action: \.right) {
      TimerRow()
    }
  }
}

extension TwoTimerLists.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let left = AnyCasePath<TwoTimerLists.Action, IdentifiedActionOf<TimerRow>>(
      embed: { .left($0) },
      extract: { if case .left(let action) = $0 { action } else { nil } }
    )
    let right = AnyCasePath<TwoTimerLists.Action, IdentifiedActionOf<TimerRow>>(
      embed: { .right($0) },
      extract: { if case .right(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

/// A list whose parent adds, removes and reorders rows: what a list screen draws, one row
/// store each (`store.scope(state: \.rows, action: \.rows)`).
struct Shelf: Reducer {
  struct State: Equatable, Sendable {
    var rows: IdentifiedArrayOf<TimerRow.State> = []
  }

  enum Action: Equatable, Sendable {
    case rows(IdentifiedActionOf<TimerRow>)
    case addButtonTapped(id: Int)
    case removeButtonTapped(id: Int)
    case reverseButtonTapped
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped(let id):
        state.rows.append(TimerRow.State(id: id))
      case .removeButtonTapped(let id):
        state.rows.remove(id: id)
      case .reverseButtonTapped:
        state.rows.reverse()
      case .rows:
        break
      }
      return .none
    }
    .forEach(\.rows, action: \.rows) {
      TimerRow()
    }
  }
}

extension Shelf.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let rows = AnyCasePath<Shelf.Action, IdentifiedActionOf<TimerRow>>(
      embed: { .rows($0) },
      extract: { if case .rows(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}
