import ComposableArchitectureTesting
import ExpectedFailures
import Testing

/// When an alert goes away: after its own button's action, unless that action presented a new
/// alert; never because of an action meant for another destination; and on a plain optional
/// as well as on a presentation.
@MainActor
struct AlertLifetimeTests {
  /// A quiz that asks again from its own button: each answer presents the next question.
  struct Quiz: Reducer {
    struct State: Equatable {
      var step = 1
      var answers: [Bool] = []
      @PresentationState var alert: AlertState<Action.Alert>?
    }
    enum Action: Equatable, CasePathable {
      case alert(PresentationAction<Alert>)
      case startTapped
      enum Alert: Equatable { case yes, no, askAgain }

      struct AllCasePaths: Sendable {
        let alert = AnyCasePath<Action, PresentationAction<Alert>>(
          embed: { .alert($0) },
          extract: { if case .alert(let action) = $0 { action } else { nil } }
        )
      }
      static let allCasePaths = AllCasePaths()
    }

    static func question(_ step: Int) -> AlertState<Action.Alert> {
      AlertState {
        TextState("Is question \(step) the last?")
      } actions: {
        ButtonState(action: .yes) { TextState("Yes") }
        ButtonState(action: .no) { TextState("No") }
        ButtonState(action: .askAgain) { TextState("Ask again") }
      }
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .startTapped:
          state.alert = Self.question(state.step)
        case .alert(.presented(.no)):
          state.answers.append(false)
          state.step += 1
          state.alert = Self.question(state.step)
        case .alert(.presented(.yes)):
          state.answers.append(true)
        case .alert(.presented(.askAgain)):
          state.alert = Self.question(state.step)
        case .alert(.dismiss):
          break
        }
        return .none
      }
      .ifLet(\.$alert, action: \.alert)
    }
  }

  @Test func anAlertReplacedFromItsOwnButtonStaysPresented() async {
    let store = TestStore(initialState: Quiz.State()) { Quiz() }
    await store.send(.startTapped) { $0.alert = Quiz.question(1) }
    await store.send(.alert(.presented(.no))) {
      $0.answers = [false]
      $0.step = 2
      $0.alert = Quiz.question(2)
    }
    await store.send(.alert(.presented(.yes))) {
      $0.answers = [false, true]
      $0.alert = nil
    }
  }

  /// An alert with the same text is still a new alert.
  ///
  /// Each `AlertState` made is a new presentation, as each one the system shows is. Equal alerts compare equal, so the test
  /// sees no change.
  @Test func anIdenticalNewAlertIsANewPresentation() async {
    let store = TestStore(initialState: Quiz.State()) { Quiz() }
    await store.send(.startTapped) { $0.alert = Quiz.question(1) }
    await store.send(.alert(.presented(.askAgain)))
    await store.send(.alert(.presented(.yes))) {
      $0.answers = [true]
      $0.alert = nil
    }
    let first = Quiz.question(1)
    let second = Quiz.question(1)
    #expect(first == second)
    #expect(first.id != second.id)
    #expect(first.map { $0 }.id == first.id)
  }

  /// A destination enum with an alert and a counter; an action meant for the counter arrives
  /// while the alert is up (a late effect of a counter shown before it).
  struct Screen: Reducer {
    struct State: Equatable {
      @PresentationState var destination: Destination.State?
    }
    enum Action: Equatable, CasePathable {
      case destination(PresentationAction<Destination.Action>)
      case okLaterTapped

      struct AllCasePaths: Sendable {
        let destination = AnyCasePath<Action, PresentationAction<Destination.Action>>(
          embed: { .destination($0) },
          extract: { if case .destination(let action) = $0 { action } else { nil } }
        )
      }
      static let allCasePaths = AllCasePaths()
    }

    struct Destination: Reducer {
      enum State: Equatable, CasePathable {
        case alert(AlertState<Action.Alert>)
        case count(Int)

        struct AllCasePaths: Sendable {
          let alert = AnyCasePath<State, AlertState<Action.Alert>>(
            embed: { .alert($0) },
            extract: { if case .alert(let alert) = $0 { alert } else { nil } }
          )
          let count = AnyCasePath<State, Int>(
            embed: { .count($0) },
            extract: { if case .count(let count) = $0 { count } else { nil } }
          )
        }
        static let allCasePaths = AllCasePaths()
      }
      enum Action: Equatable, CasePathable {
        case alert(Alert)
        case count(Count)
        enum Alert: Equatable, CasePathable {
          case ok

          struct AllCasePaths: Sendable {
            let ok = AnyCasePath<Alert, Void>(
              embed: { .ok },
              extract: { if case .ok = $0 { () } else { nil } }
            )
          }
          static let allCasePaths = AllCasePaths()
        }
        enum Count: Equatable { case increment }

        struct AllCasePaths: Sendable {
          let alert = AnyCasePath<Action, Alert>(
            embed: { .alert($0) },
            extract: { if case .alert(let action) = $0 { action } else { nil } }
          )
          let count = AnyCasePath<Action, Count>(
            embed: { .count($0) },
            extract: { if case .count(let action) = $0 { action } else { nil } }
          )
        }
        static let allCasePaths = AllCasePaths()
      }

      var body: some Reducer<State, Action> {
        Scope(state: \.count, action: \.count) {
          Reduce { count, _ in
            count += 1
            return .none
          }
        }
      }
    }

    var body: some Reducer<State, Action> {
      Reduce { _, action in
        action == .okLaterTapped ? .send(.destination(.presented(.alert(.ok)))) : .none
      }
      .ifLet(\.$destination, action: \.destination) { Destination() }
    }
  }

  static let notice = AlertState<Screen.Destination.Action.Alert> {
    TextState("Saved")
  } actions: {
    ButtonState(action: .ok) { TextState("OK") }
  }

  @Test func anAlertDestinationStaysWhenAnActionForAnotherCaseArrives() async {
    let store = TestStore(initialState: Screen.State(destination: .alert(Self.notice))) {
      Screen()
    }
    // The counter's scope reports the action (its case is not presented); the alert stays.
    await expectFailure {
      await store.send(.destination(.presented(.count(.increment))))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("different case") }
    }
    #expect(store.state.destination == .alert(Self.notice))
    await store.send(.destination(.presented(.alert(.ok)))) { $0.destination = nil }
  }

  /// Case key paths go through a presentation without `.presented`, as in the Composable
  /// Architecture: `\.destination.alert.ok` is `\.destination.presented.alert.ok`.
  @Test func caseKeyPathsReachThroughAPresentationWithoutPresented() async {
    let alert: CaseKeyPath<Screen.Action, Screen.Destination.Action.Alert> = \.destination.alert
    let path = Screen.Action.allCasePaths[keyPath: alert]
    #expect(path.embed(.ok) == .destination(.presented(.alert(.ok))))
    #expect(path.extract(from: .destination(.presented(.alert(.ok)))) == .ok)
    #expect(path.extract(from: .destination(.dismiss)) == nil)
    #expect(path.extract(from: .destination(.presented(.count(.increment)))) == nil)

    let store = TestStore(initialState: Screen.State(destination: .alert(Self.notice))) {
      Screen()
    }
    await store.send(.okLaterTapped)
    await store.receive(\.destination.alert.ok) { $0.destination = nil }
  }

  /// An alert kept in a plain optional, integrated with `ifLet(_:action:then:)` and an empty
  /// child: cleared after its button's action, before the parent sees the action.
  struct PlainAlert: Reducer {
    struct State: Equatable {
      var alert: AlertState<Action.Alert>?
      var alertWasGoneForTheParent = false
    }
    enum Action: Equatable, CasePathable {
      case alert(Alert)
      case showTapped
      enum Alert: Equatable { case ok }

      struct AllCasePaths: Sendable {
        let alert = AnyCasePath<Action, Alert>(
          embed: { .alert($0) },
          extract: { if case .alert(let action) = $0 { action } else { nil } }
        )
      }
      static let allCasePaths = AllCasePaths()
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .showTapped:
          state.alert = AlertState { TextState("Hello") }
        case .alert(.ok):
          state.alertWasGoneForTheParent = state.alert == nil
        }
        return .none
      }
      .ifLet(\.alert, action: \.alert) {}
    }
  }

  @Test func aPlainOptionalAlertIsClearedAfterItsButtonsAction() async {
    let store = TestStore(initialState: PlainAlert.State()) { PlainAlert() }
    await store.send(.showTapped) { $0.alert = AlertState { TextState("Hello") } }
    await store.send(.alert(.ok)) {
      $0.alert = nil
      $0.alertWasGoneForTheParent = true
    }
  }
}
