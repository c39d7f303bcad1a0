import ComposableArchitecture

/// A screen with every navigation shape at once, each holding screens of its own kind: a sheet
/// (`ifLet` on optional state), a destination that is a popover or a cover (`ifLet` on enum
/// state, whose case is part of the child's identity), a stack (`forEach` over `StackState`) and
/// rows (`forEach` over `IdentifiedArray`).
///
/// Any screen can start and stop a timer (every screen's under the same cancellation ID), close
/// itself with `\.dismiss`, and remove its children behind the operators' backs (a reducer
/// beside them that dismisses the sheet, empties the stack or deletes a row), before or after
/// the operators run. `StoreVersusDirectFuzzTests` drives it with random scripts.
struct Warren: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    let id: Int
    var ticks = 0
    var isTicking = false
    @PresentationState var sheet: State?
    @PresentationState var destination: Destination.State?
    var path = StackState<State>()
    var rows: IdentifiedArrayOf<State> = []

    init(id: Int) {
      self.id = id
    }
  }

  indirect enum Action: Equatable, Sendable {
    case startTimerButtonTapped
    case stopTimerButtonTapped
    case tick
    case presentButtonTapped(id: Int)
    case showPopoverButtonTapped(id: Int)
    /// Presents the destination's screen the other way (a popover as a cover, or back): the same
    /// screen, but another child, so its effects end.
    case switchPresentationButtonTapped
    case pushButtonTapped(id: Int)
    case addRowButtonTapped(id: Int)
    case closeButtonTapped
    /// Handled by the reducer beside the operators, not by them.
    case closeSheetButtonTapped
    case popToRootButtonTapped
    case deleteRowButtonTapped(id: Int)
    case sheet(PresentationAction<Action>)
    case destination(PresentationAction<Destination.Action>)
    case path(StackAction<State, Action>)
    case rows(IdentifiedAction<Int, Action>)
  }

  /// Whether the reducer that removes children runs before the operators (else after).
  let removerRunsFirst: Bool

  /// The same ID in every screen: each screen's is its own.
  enum CancelID { case timer }

  /// Where the destination's screen is shown.
  struct Destination: Reducer {
    enum State: Equatable, Sendable {
      case popover(Warren.State)
      case cover(Warren.State)
    }

    enum Action: Equatable, Sendable {
      case popover(Warren.Action)
      case cover(Warren.Action)
    }

    let removerRunsFirst: Bool

    var body: some Reducer<State, Action> {
      Scope(state: \.popover, action: \.popover) { Warren(removerRunsFirst: removerRunsFirst) }
      Scope(state: \.cover, action: \.cover) { Warren(removerRunsFirst: removerRunsFirst) }
    }
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  var body: some Reducer<State, Action> {
    if removerRunsFirst { remover }
    Reduce { state, action in
      switch action {
      case .startTimerButtonTapped:
        guard !state.isTicking else { return .none }
        state.isTicking = true
        return .run { [clock] send in
          while (try? await clock.sleep(for: .seconds(1))) != nil {
            await send(.tick)
          }
        }
        .cancellable(id: CancelID.timer)
      case .stopTimerButtonTapped:
        // A cancellation reaches the effects of this screen and of every screen it holds that
        // used the same ID (never its parent's or a sibling's).
        state.stopTicking()
        return .cancel(id: CancelID.timer)
      case .tick:
        state.ticks += 1
        return .none
      case .presentButtonTapped(let id):
        state.sheet = State(id: id)
        return .none
      case .showPopoverButtonTapped(let id):
        state.destination = .popover(State(id: id))
        return .none
      case .switchPresentationButtonTapped:
        // A new child: its effects (and those of the screens it holds) end.
        switch state.destination {
        case .popover(var screen):
          screen.stopTicking()
          state.destination = .cover(screen)
        case .cover(var screen):
          screen.stopTicking()
          state.destination = .popover(screen)
        case nil:
          break
        }
        return .none
      case .pushButtonTapped(let id):
        state.path.append(State(id: id))
        return .none
      case .addRowButtonTapped(let id):
        state.rows.append(State(id: id))
        return .none
      case .closeButtonTapped:
        return .run { [dismiss] _ in await dismiss() }
      case .closeSheetButtonTapped, .popToRootButtonTapped, .deleteRowButtonTapped, .sheet,
        .destination, .path, .rows:
        return .none
      }
    }
    .ifLet(\.$sheet, action: \.sheet) { Self(removerRunsFirst: removerRunsFirst) }
    .ifLet(\.$destination, action: \.destination) {
      Destination(removerRunsFirst: removerRunsFirst)
    }
    .forEach(\.path, action: \.path) { Self(removerRunsFirst: removerRunsFirst) }
    .forEach(\.rows, action: \.rows) { Self(removerRunsFirst: removerRunsFirst) }
    if !removerRunsFirst { remover }
  }

  /// Not `ifLet` or `forEach`: a sibling that dismisses, pops and deletes on its own.
  var remover: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .closeSheetButtonTapped: state.sheet = nil
      case .popToRootButtonTapped: state.path.removeAll()
      case .deleteRowButtonTapped(let id): _ = state.rows.remove(id: id)
      default: break
      }
      return .none
    }
  }
}

extension Warren.State {
  /// Marks this screen and every screen it holds as not ticking.
  mutating func stopTicking() {
    isTicking = false
    sheet?.stopTicking()
    switch destination {
    case .popover(var screen):
      screen.stopTicking()
      destination = .popover(screen)
    case .cover(var screen):
      screen.stopTicking()
      destination = .cover(screen)
    case nil:
      break
    }
    for id in path.ids { path[id: id]?.stopTicking() }
    for id in rows.ids { rows[id: id]?.stopTicking() }
  }

  /// The screen with `id` in this tree (this one included), wherever it is.
  func screen(id: Int) -> Self? {
    if self.id == id { return self }
    let children = [sheet, destination?.screen].compactMap { $0 } + Array(path) + Array(rows)
    for child in children {
      if let found = child.screen(id: id) { return found }
    }
    return nil
  }

  /// How many screens in this tree (this one included) have started their timer.
  var tickingCount: Int {
    (isTicking ? 1 : 0) + (sheet?.tickingCount ?? 0) + (destination?.screen.tickingCount ?? 0)
      + path.reduce(0) { $0 + $1.tickingCount } + rows.reduce(0) { $0 + $1.tickingCount }
  }

  /// Every action a user could send to a screen of this tree, addressed from this one.
  ///
  /// - Parameters:
  ///   - newID: The ID a screen made by the action gets.
  ///   - depth: How deep this screen is (screens at `maxDepth` make no children).
  ///   - canClose: Whether this screen was presented or pushed (and so can dismiss itself).
  func actions(newID: Int, depth: Int = 0, canClose: Bool = false) -> [Warren.Action] {
    let maxDepth = 3
    var actions: [Warren.Action] = []
    actions.append(isTicking ? .stopTimerButtonTapped : .startTimerButtonTapped)
    if depth < maxDepth {
      actions.append(.presentButtonTapped(id: newID))
      actions.append(.showPopoverButtonTapped(id: newID))
      if path.count < 2 { actions.append(.pushButtonTapped(id: newID)) }
      if rows.count < 2 { actions.append(.addRowButtonTapped(id: newID)) }
    }
    if canClose { actions.append(.closeButtonTapped) }
    if let sheet {
      actions += [.closeSheetButtonTapped, .sheet(.dismiss)]
      actions += sheet.actions(newID: newID, depth: depth + 1, canClose: true)
        .map { .sheet(.presented($0)) }
    }
    if let destination {
      actions += [.switchPresentationButtonTapped, .destination(.dismiss)]
      let screenActions = destination.screen.actions(newID: newID, depth: depth + 1, canClose: true)
      switch destination {
      case .popover: actions += screenActions.map { .destination(.presented(.popover($0))) }
      case .cover: actions += screenActions.map { .destination(.presented(.cover($0))) }
      }
    }
    if !path.isEmpty { actions.append(.popToRootButtonTapped) }
    for (id, element) in zip(path.ids, path) {
      actions.append(.path(.popFrom(id: id)))
      actions += element.actions(newID: newID, depth: depth + 1, canClose: true)
        .map { .path(.element(id: id, action: $0)) }
    }
    for row in rows {
      actions.append(.deleteRowButtonTapped(id: row.id))
      actions += row.actions(newID: newID, depth: depth + 1)
        .map { .rows(.element(id: row.id, action: $0)) }
    }
    return actions
  }
}

extension Warren.Destination.State {
  /// The screen shown, however it is shown.
  var screen: Warren.State {
    switch self {
    case .popover(let screen), .cover(let screen): screen
    }
  }
}

extension Warren.Destination.State: CasePathable {
  struct AllCasePaths: Sendable {
    let popover = AnyCasePath<Warren.Destination.State, Warren.State>(
      embed: { .popover($0) },
      extract: { if case .popover(let screen) = $0 { screen } else { nil } }
    )
    let cover = AnyCasePath<Warren.Destination.State, Warren.State>(
      embed: { .cover($0) },
      extract: { if case .cover(let screen) = $0 { screen } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

extension Warren.Destination.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let popover = AnyCasePath<Warren.Destination.Action, Warren.Action>(
      embed: { .popover($0) },
      extract: { if case .popover(let action) = $0 { action } else { nil } }
    )
    let cover = AnyCasePath<Warren.Destination.Action, Warren.Action>(
      embed: { .cover($0) },
      extract: { if case .cover(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

extension Warren.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let sheet = AnyCasePath<Warren.Action, PresentationAction<Warren.Action>>(
      embed: { .sheet($0) },
      extract: { if case .sheet(let action) = $0 { action } else { nil } }
    )
    let destination = AnyCasePath<
      Warren.Action, PresentationAction<Warren.Destination.Action>
    >(
      embed: { .destination($0) },
      extract: { if case .destination(let action) = $0 { action } else { nil } }
    )
    let path = AnyCasePath<Warren.Action, StackAction<Warren.State, Warren.Action>>(
      embed: { .path($0) },
      extract: { if case .path(let action) = $0 { action } else { nil } }
    )
    let rows = AnyCasePath<Warren.Action, IdentifiedAction<Int, Warren.Action>>(
      embed: { .rows($0) },
      extract: { if case .rows(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}
