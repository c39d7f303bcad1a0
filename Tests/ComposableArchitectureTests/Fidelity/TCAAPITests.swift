import ComposableArchitectureTesting
import ExpectedFailures
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A dependency whose value is its own key.
struct Motto: DependencyKey, Sendable, Equatable {
  var text: String
  static let liveValue = Motto(text: "live")
  static let testValue = Motto(text: "test")
}

extension DependencyValues {
  var motto: Motto {
    get { self[Motto.self] }
    set { self[Motto.self] = newValue }
  }
}

/// Reads the greeting and the motto into its state.
struct Reader: Reducer {
  struct State: Equatable {
    var greeting = ""
    var motto = ""
  }
  enum Action: Equatable { case readButtonTapped }
  @Dependency(\.greeting) var greeting
  @Dependency(\.motto) var motto

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.greeting = greeting
    state.motto = motto.text
    return .none
  }
}

/// A generic enum of this module that opts in to case paths by hand.
enum Loadable<Value: Equatable & Sendable>: Equatable {
  case loading
  case loaded(Value)
}

extension Loadable: CasePathable {
  struct AllCasePaths: Sendable {
    var loaded: AnyCasePath<Loadable, Value> {
      AnyCasePath(
        embed: { .loaded($0) },
        extract: { if case .loaded(let value) = $0 { value } else { nil } }
      )
    }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

struct Boom: Error, Equatable {}

/// Adds its action to an `Int`.
struct Adder: Reducer {
  func reduce(into state: inout Int, action: Int) -> Effect<Int> {
    state += action
    return .none
  }
}

/// A parent whose state is a `Result` or a hand-written generic enum, with `ifCaseLet`.
enum Outcome: Equatable, CasePathable {
  case add(Int)
  case fail

  struct AllCasePaths: Sendable {
    let add = AnyCasePath<Outcome, Int>(
      embed: { .add($0) },
      extract: { if case .add(let value) = $0 { value } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

/// The API a Composable Architecture user types, with our hand-written case paths.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct TCAAPITests {
  @Test func sendByCaseKeyPath() async {
    let store: TestStoreOf<Feature> = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(\.first) { $0.count = 10 }
    await store.send(\.factResponse, "a fact") { $0.fact = "a fact" }

    let stack: TestStoreOf<StackRoot> = TestStore(initialState: StackRoot.State()) {
      StackRoot()
    }
    await stack.send(\.path.push, .primeNumber(StackPrimeNumber.State(number: 7))) {
      $0.path[id: 0] = .primeNumber(StackPrimeNumber.State(number: 7))
    }
    await stack.send(\.path.popFrom, 0) { $0.path[id: 0] = nil }
  }

  @Test func typeAliasesNameTheFeaturesTypes() {
    let store: StoreOf<Journal> = Store(initialState: Journal.State()) { Journal() }
    #expect(store.state == Journal.State())
    let action: StackActionOf<Ticker> = .popFrom(id: 0)
    #expect(action == StackAction<Ticker.State, Ticker.Action>.popFrom(id: 0))
  }

  @Test func presentationStateSubscriptByCase() async {
    var state = Host.State(destination: .ticker(Ticker.State(id: 1)))
    state.$destination[case: \.ticker]?.ticks = 3
    #expect(state.destination == .ticker(Ticker.State(id: 1, ticks: 3)))
    expectFailure {
      state.$destination[case: \.note] = nil  // another case: reported, and left alone
    } matching: { issue in
      issue.comments.contains { $0.rawValue.hasPrefix("Can't modify unrelated case") }
    }
    #expect(state.destination == .ticker(Ticker.State(id: 1, ticks: 3)))
    state.$destination[case: \.ticker] = nil
    #expect(state.destination == nil)

    let store = TestStore(initialState: Host.State(destination: .ticker(Ticker.State(id: 1)))) {
      Host()
    }
    await store.send(.destination(.presented(.ticker(.tick)))) {
      $0.$destination[case: \.ticker]?.ticks = 1
    }
  }

  @Test func transformDependencyStartsFromTheCurrentValue() async {
    let store = TestStore(initialState: Reader.State()) {
      Reader().transformDependency(\.greeting) { $0 += "!" }
    } withDependencies: {
      $0.greeting = "hello"
    }
    await store.send(.readButtonTapped) {
      $0.greeting = "hello!"
      $0.motto = "test"
    }
  }

  @Test func stackedDependencyCallsApplyInnermostLast() async {
    let store = TestStore(initialState: Reader.State()) {
      Reader()
        .dependency(\.greeting, "inner")
        .dependency(Motto(text: "stacked"))
        .dependency(\.greeting, "outer")
    }
    await store.send(.readButtonTapped) {
      $0.greeting = "inner"
      $0.motto = "stacked"
    }
  }

  @Test func calendarLocaleAndTimeZoneMustBeSetInTests() {
    TestFrameworkBridge.install()
    withDependencies {
      $0.context = .test
    } operation: {
      expectFailure {
        @Dependency(\.calendar) var calendar
        _ = calendar.identifier
      } matching: { issue in
        issue.comments.map(\.rawValue).joined()
          == "@Dependency(\\.calendar) has no test implementation, but was accessed from a test "
          + "context."
      }
    }
    withDependencies {
      $0.calendar = Calendar(identifier: .gregorian)
      $0.locale = Locale(identifier: "en_US_POSIX")
      $0.timeZone = TimeZone(secondsFromGMT: 3_600)!
    } operation: {
      @Dependency(\.calendar) var calendar
      @Dependency(\.locale) var locale
      @Dependency(\.timeZone) var timeZone
      #expect(calendar.identifier == .gregorian)
      #expect(locale.identifier == "en_US_POSIX")
      #expect(timeZone.secondsFromGMT() == 3_600)
    }
  }

  /// `\.urlSession` is `URLSession.shared` in an app; a test must give its own session (one
  /// whose configuration serves canned responses, say) before a feature reads it.
  @Test func urlSessionIsSharedLiveAndMustBeSetInTests() {
    TestFrameworkBridge.install()
    withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.urlSession) var urlSession
      #expect(urlSession === URLSession.shared)
    }
    withDependencies {
      $0.context = .test
    } operation: {
      expectFailure {
        @Dependency(\.urlSession) var urlSession
        _ = urlSession.configuration
      } matching: { issue in
        issue.comments.map(\.rawValue).joined()
          == "@Dependency(\\.urlSession) has no test implementation, but was accessed from a "
          + "test context."
      }
    }
    let session = URLSession(configuration: .ephemeral)
    withDependencies {
      $0.urlSession = session
    } operation: {
      @Dependency(\.urlSession) var urlSession
      #expect(urlSession === session)
    }
  }

  @Test func dateNowIsSettable() {
    let moment = Date(timeIntervalSince1970: 1_000)
    withDependencies {
      $0.date.now = moment
    } operation: {
      @Dependency(\.date) var date
      #expect(date.now == moment)
    }
  }

  @Test func resultCasePathsWorkWithIfCaseLet() async {
    let store = TestStore(initialState: Result<Int, Boom>.success(1)) {
      Reduce<Result<Int, Boom>, Outcome> { state, action in
        if case .fail = action { state = .failure(Boom()) }
        return .none
      }
      .ifCaseLet(\.success, action: \.add) { Adder() }
    }
    await store.send(.add(41)) { $0 = .success(42) }
    await store.send(.fail) { $0 = .failure(Boom()) }
    #expect(Result<Int, Boom>.failure(Boom())[case: \.failure] == Boom())
  }

  @Test func aHandWrittenGenericEnumWorksWithIfCaseLet() async {
    let store = TestStore(initialState: Loadable<Int>.loaded(1)) {
      EmptyReducer<Loadable<Int>, Outcome>()
        .ifCaseLet(\.loaded, action: \.add) { Adder() }
    }
    await store.send(.add(2)) { $0 = .loaded(3) }
  }
}
