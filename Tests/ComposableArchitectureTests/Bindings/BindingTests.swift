import ComposableArchitecture
import ComposableArchitectureTesting
import ExpectedFailures
import Testing

/// Bindings: `BindableAction`, `BindingAction` and `BindingReducer`, as a login form uses them.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct BindingTests {
  /// A login form: two fields written by bindings, and whether the form can be submitted.
  struct LoginForm: Reducer {
    struct State: Equatable {
      var email = ""
      var password = ""
      var isFormValid = false
      var submissions = 0
    }

    enum Action: Equatable, BindableAction {
      case binding(BindingAction<State>)
      case loginButtonTapped
    }

    var body: some ReducerOf<Self> {
      BindingReducer()
      Reduce { state, action in
        switch action {
        case .binding(\.email), .binding(\.password):
          // The field is already written: BindingReducer runs first.
          state.isFormValid = !state.email.isEmpty && !state.password.isEmpty
          return .none
        case .binding:
          return .none
        case .loginButtonTapped:
          state.submissions += 1
          return .none
        }
      }
    }
  }

  @Test func aBindingSentByCaseKeyPathWritesTheField() async {
    let store = TestStore(initialState: LoginForm.State()) { LoginForm() }
    await store.send(\.binding.email, "blob@example.com") {
      $0.email = "blob@example.com"
    }
    await store.send(\.binding.password, "prime") {
      $0.password = "prime"
      $0.isFormValid = true
    }
  }

  @Test func aBindingSentAsSetWritesTheField() async {
    let store = TestStore(initialState: LoginForm.State(email: "blob@example.com")) {
      LoginForm()
    }
    await store.send(.binding(.set(\.password, "prime"))) {
      $0.password = "prime"
      $0.isFormValid = true
    }
  }

  /// `case .binding(\.email):` sees the new value; a binding of another field matches
  /// `case .binding:` only.
  @Test func aReducerMatchesABindingByTheFieldItWrites() async {
    let store = TestStore(initialState: LoginForm.State()) { LoginForm() }
    await store.send(\.binding.submissions, 3) {
      $0.submissions = 3
    }
    await store.send(\.binding.email, "a") {
      $0.email = "a"
    }
  }

  /// A screen's binding writes through the store: `store.email = …` sends the binding action
  /// (SwiftUI's `$store.email` is a binding over this setter), and the reducer runs as if the
  /// test had sent it.
  @Test func aScreenWriteThroughTheStoreSendsTheBindingAction() {
    let sent = LockIsolated<[LoginForm.Action]>([])
    let store = Store(initialState: LoginForm.State()) {
      Reduce<LoginForm.State, LoginForm.Action> { _, action in
        sent.withLock { $0.append(action) }
        return .none
      }
      LoginForm()
    }
    store.email = "blob@example.com"
    store.password = "prime"
    #expect(store.email == "blob@example.com")
    #expect(store.isFormValid)
    #expect(
      sent.withLock { $0 } == [
        .binding(.set(\.email, "blob@example.com")), .binding(.set(\.password, "prime")),
      ]
    )
  }

  @Test func otherActionsPassTheBindingReducerUntouched() async {
    let store = TestStore(initialState: LoginForm.State()) { LoginForm() }
    await store.send(.loginButtonTapped) { $0.submissions = 1 }
  }

  @Test func anUnassertedBindingFailsLikeAnyChange() async {
    let store = TestStore(initialState: LoginForm.State()) { LoginForm() }
    await expectFailure {
      await store.send(\.binding.email, "blob@example.com")
    } matching: { issue in
      issue.message.hasPrefix("State was not expected to change")
        && issue.message.contains("+   email: \"blob@example.com\",")
    }
  }

  @Test func bindingActionsAreEqualWhenTheyWriteTheSameFieldWithTheSameValue() {
    typealias Action = BindingAction<LoginForm.State>
    #expect(Action.set(\.email, "a") == Action.set(\.email, "a"))
    #expect(Action.set(\.email, "a") != Action.set(\.email, "b"))
    #expect(Action.set(\.email, "a") != Action.set(\.password, "a"))
    #expect(LoginForm.Action.binding(.set(\.email, "a")).binding == .set(\.email, "a"))
    #expect(LoginForm.Action.loginButtonTapped.binding == nil)
  }
}

extension BindingTests.LoginForm.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let binding = AnyCasePath<
      BindingTests.LoginForm.Action, BindingAction<BindingTests.LoginForm.State>
    >(
      embed: { .binding($0) },
      extract: { if case .binding(let action) = $0 { action } else { nil } }
    )
    let loginButtonTapped = AnyCasePath<BindingTests.LoginForm.Action, Void>(
      embed: { .loginButtonTapped },
      extract: { if case .loginButtonTapped = $0 { () } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}
