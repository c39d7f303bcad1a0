import ComposableArchitectureTesting
import ExpectedFailures
import Testing

/// Alerts and confirmation dialogs as state: compared in tests, their buttons' actions sent,
/// and dismissed after any of them.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct AlertStateTests {
  @Test func alertButtonRunsTheParentThenDismisses() async {
    let store = TestStore(initialState: Favorites.State()) { Favorites() }
    await store.send(.clearButtonTapped) {
      $0.alert = AlertState {
        TextState("Remove all 3 favourites?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmClear) { TextState("Remove all") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      } message: {
        TextState("This cannot be undone.")
      }
    }
    await store.send(.alert(.presented(.confirmClear))) {
      $0.primes = []
      $0.alert = nil
    }
  }

  @Test func swipingTheAlertAwaySendsDismiss() async {
    let store = TestStore(initialState: Favorites.State()) { Favorites() }
    await store.send(.clearButtonTapped) {
      $0.alert = AlertState {
        TextState("Remove all 3 favourites?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmClear) { TextState("Remove all") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      } message: {
        TextState("This cannot be undone.")
      }
    }
    await store.send(.alert(.dismiss)) {
      $0.log = ["alert dismissed"]
      $0.alert = nil
    }
  }

  /// A view sends the tapped button's action; a button without one only closes the alert.
  @Test func buttonsSendTheirActions() {
    let alert = AlertState<Favorites.Action.Alert> {
      TextState("Sure?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmClear) { TextState("Yes") }
      ButtonState(role: .cancel) { TextState("No") }
    }
    var sent: [Favorites.Action.Alert?] = []
    for button in alert.buttons { button.withAction { sent.append($0) } }
    #expect(sent == [.confirmClear, nil])
    #expect(alert.buttons.map(\.role) == [.destructive, .cancel])
    #expect(alert.buttons.map { String(state: $0.label) } == ["Yes", "No"])
    let mapped = alert.map { Favorites.Action.alert(.presented($0)) }
    #expect(mapped.buttons.first?.action == .alert(.presented(.confirmClear)))
  }

  /// A wrong title fails with a diff that shows the texts as strings.
  @Test func aWrongTitleFailsWithADiffOfTheText() async {
    let store = TestStore(initialState: Favorites.State()) { Favorites() }
    await expectFailure {
      await store.send(.clearButtonTapped) {
        $0.alert = AlertState {
          TextState("Remove all favourites?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmClear) { TextState("Remove all") }
          ButtonState(role: .cancel) { TextState("Cancel") }
        } message: {
          TextState("This cannot be undone.")
        }
      }
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains(#"−     title: "Remove all favourites?","#)
          && $0.rawValue.contains(#"+     title: "Remove all 3 favourites?","#)
      }
    }
  }

  @Test func confirmationDialogWithAConditionalButton() async {
    let store = TestStore(initialState: Favorites.State()) { Favorites() }
    await store.send(.shareButtonTapped(2)) {
      $0.dialog = ConfirmationDialogState(titleVisibility: .visible) {
        TextState("Share 2?")
      } actions: {
        ButtonState(action: .copy(2)) { TextState("Copy") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      }
    }
    await store.send(.dialog(.presented(.copy(2)))) {
      $0.log = ["copied 2"]
      $0.dialog = nil
    }
    await store.send(.shareButtonTapped(7)) {
      $0.dialog = ConfirmationDialogState(titleVisibility: .visible) {
        TextState("Share 7?")
      } actions: {
        ButtonState(action: .copy(7)) { TextState("Copy") }
        ButtonState(action: .post(7)) { TextState("Post") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      }
    }
    await store.send(.dialog(.dismiss)) { $0.dialog = nil }
  }

  /// An alert as one case of a destination enum is dismissed after its action too; another case
  /// (a note) is not.
  @Test func alertAsADestinationCaseIsDismissedAfterItsAction() async {
    let store = TestStore(initialState: Favorites.State()) { Favorites() }
    await store.send(.removeLastButtonTapped) {
      $0.destination = .confirmRemoval(
        AlertState {
          TextState("Remove 5?")
        } actions: {
          ButtonState(role: .destructive, action: .remove) { TextState("Remove") }
        }
      )
    }
    await store.send(.destination(.presented(.confirmRemoval(.remove)))) {
      $0.primes = [2, 3]
      $0.destination = nil
    }
  }

  /// Reported, and the parent still runs (as in the Composable Architecture): the reducer, not
  /// the operator, decides what a stale action does.
  @Test func anAlertActionAfterTheAlertIsGoneIsReported() async {
    let store = TestStore(initialState: Favorites.State()) { Favorites() }
    await expectFailure {
      await store.send(.alert(.presented(.confirmClear))) { $0.primes = [] }
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains("received a presentation action when destination state was absent")
      }
    }
  }
}
