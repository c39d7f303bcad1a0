import ComposableArchitecture

/// A list of favourite primes with the three ways a Composable Architecture feature asks the
/// user something: an alert, a confirmation dialog, and an alert as one case of a destination
/// enum.
struct Favorites: Reducer {
  struct State: Equatable {
    var primes: [Int] = [2, 3, 5]
    var log: [String] = []
    @PresentationState var alert: AlertState<Action.Alert>?
    @PresentationState var dialog: ConfirmationDialogState<Action.Dialog>?
    @PresentationState var destination: Destination.State?
  }

  enum Action: Equatable {
    case alert(PresentationAction<Alert>)
    case clearButtonTapped
    case destination(PresentationAction<Destination.Action>)
    case dialog(PresentationAction<Dialog>)
    case removeLastButtonTapped
    case shareButtonTapped(Int)

    enum Alert: Equatable { case confirmClear }
    enum Dialog: Equatable {
      case copy(Int)
      case post(Int)
    }
  }

  struct Destination: Reducer {
    enum State: Equatable {
      case confirmRemoval(AlertState<Action.ConfirmRemoval>)
      case note(String)
    }

    enum Action: Equatable {
      case confirmRemoval(ConfirmRemoval)
      enum ConfirmRemoval: Equatable { case remove }
    }

    var body: some Reducer<State, Action> {
      Scope(state: \.confirmRemoval, action: \.confirmRemoval) { EmptyReducer() }
    }
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .clearButtonTapped:
        state.alert = AlertState {
          TextState("Remove all \(state.primes.count) favourites?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmClear) { TextState("Remove all") }
          ButtonState(role: .cancel) { TextState("Cancel") }
        } message: {
          TextState("This cannot be undone.")
        }
        return .none
      case .alert(.presented(.confirmClear)):
        state.primes = []
        return .none
      case .alert(.dismiss):
        state.log.append("alert dismissed")
        return .none
      case .shareButtonTapped(let prime):
        state.dialog = ConfirmationDialogState(titleVisibility: .visible) {
          TextState("Share \(prime)?")
        } actions: {
          ButtonState(action: .copy(prime)) { TextState("Copy") }
          if prime > 2 {
            ButtonState(action: .post(prime)) { TextState("Post") }
          }
          ButtonState(role: .cancel) { TextState("Cancel") }
        }
        return .none
      case .dialog(.presented(.copy(let prime))):
        state.log.append("copied \(prime)")
        return .none
      case .dialog(.presented(.post(let prime))):
        state.log.append("posted \(prime)")
        return .none
      case .removeLastButtonTapped:
        state.destination = .confirmRemoval(
          AlertState {
            TextState("Remove \(state.primes.last ?? 0)?")
          } actions: {
            ButtonState(role: .destructive, action: .remove) { TextState("Remove") }
          }
        )
        return .none
      case .destination(.presented(.confirmRemoval(.remove))):
        state.primes.removeLast()
        return .none
      case .dialog(.dismiss), .destination(.dismiss):
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
    .ifLet(\.$dialog, action: \.dialog)
    .ifLet(\.$destination, action: \.destination) { Destination() }
  }
}

extension Favorites.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let alert = AnyCasePath<Favorites.Action, PresentationAction<Favorites.Action.Alert>>(
      embed: { .alert($0) },
      extract: { if case .alert(let action) = $0 { action } else { nil } }
    )
    let destination = AnyCasePath<
      Favorites.Action, PresentationAction<Favorites.Destination.Action>
    >(
      embed: { .destination($0) },
      extract: { if case .destination(let action) = $0 { action } else { nil } }
    )
    let dialog = AnyCasePath<Favorites.Action, PresentationAction<Favorites.Action.Dialog>>(
      embed: { .dialog($0) },
      extract: { if case .dialog(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

extension Favorites.Destination.State: CasePathable {
  struct AllCasePaths: Sendable {
    let confirmRemoval = AnyCasePath<
      Favorites.Destination.State, AlertState<Favorites.Destination.Action.ConfirmRemoval>
    >(
      embed: { .confirmRemoval($0) },
      extract: { if case .confirmRemoval(let alert) = $0 { alert } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

extension Favorites.Destination.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let confirmRemoval = AnyCasePath<
      Favorites.Destination.Action, Favorites.Destination.Action.ConfirmRemoval
    >(
      embed: { .confirmRemoval($0) },
      extract: { if case .confirmRemoval(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}
