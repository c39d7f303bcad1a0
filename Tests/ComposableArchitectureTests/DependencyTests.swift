import ComposableArchitecture
import ComposableArchitectureTesting
import Foundation
import Testing

/// A client with no `testValue`: using it in a test must fail the test.
struct GreetingClient: Sendable {
  var greet: @Sendable (String) -> String
}

extension GreetingClient: DependencyKey {
  static let liveValue = GreetingClient { "Hello, \($0)!" }
}

extension DependencyValues {
  var greetingClient: GreetingClient {
    get { self[GreetingClient.self] }
    set { self[GreetingClient.self] = newValue }
  }
}

/// Reads the date in the reducer and again in an effect.
struct Stamper: Reducer {
  @Dependency(\.date) var date

  enum Action: Sendable {
    case stampButtonTapped
    case stamped(Date)
  }

  func reduce(into state: inout [Date], action: Action) -> Effect<Action> {
    switch action {
    case .stampButtonTapped:
      state.append(date.now)
      return .run { send in
        @Dependency(\.date) var date
        await send(.stamped(date.now))
      }
    case .stamped(let date):
      state.append(date)
      return .none
    }
  }
}

/// Greets with the client that has no test value.
struct ClientGreeter: Reducer {
  @Dependency(\.greetingClient) var client

  enum Action: Sendable, Equatable {
    case greetButtonTapped
  }

  func reduce(into state: inout String, action: Action) -> Effect<Action> {
    state = client.greet("Blob")
    return .none
  }
}

@MainActor
@Suite struct DependencyTests {
  let epoch = Date(timeIntervalSince1970: 0)

  @Test func contextIsTestInATestProcess() {
    #expect(DependencyValues._current.context == .test)
  }

  @Test func withDependenciesOverridesForTheOperation() {
    withDependencies {
      $0.date = .constant(epoch)
    } operation: {
      @Dependency(\.date) var date
      #expect(date.now == epoch)
    }
  }

  @Test func storeDependenciesReachTheReducerAndItsEffects() async {
    let store = Store(initialState: [Date]()) {
      Stamper()
    } withDependencies: {
      $0.date = .constant(epoch)
    }
    await store.send(.stampButtonTapped).finish()
    #expect(store.state == [epoch, epoch])
  }

  @Test func dependencyModifierOverridesForOneReducer() async {
    let later = Date(timeIntervalSince1970: 100)
    let store = Store(initialState: [Date]()) {
      Stamper().dependency(\.date, .constant(later))
    } withDependencies: {
      $0.date = .constant(epoch)
    }
    await store.send(.stampButtonTapped).finish()
    #expect(store.state == [later, later])
  }

  @Test func aDependencyWithoutTestValueFailsTheTest() async {
    let line = #line + 1
    @Dependency(\.greetingClient) var client
    let issues = IssueReporting.collect {
      _ = client.greet("Blob")
    }
    #expect(
      issues.map(\.message) == [
        "@Dependency(\\.greetingClient) has no test implementation, but was accessed from a test context."
      ]
    )
    #expect(issues.first?.location.line == line)
  }

  @Test func anOverriddenDependencyDoesNotReport() async {
    let issues = IssueReporting.collect {
      withDependencies {
        $0.greetingClient = GreetingClient { "Hi \($0)" }
      } operation: {
        @Dependency(\.greetingClient) var client
        #expect(client.greet("Blob") == "Hi Blob")
      }
    }
    #expect(issues.isEmpty)
  }

  /// The "live by default" policy the comparison measures: in a test context, a key the test
  /// did not set gives its live value and reports nothing; a key it did set keeps the test's.
  @Test func liveTestValuesGiveTheLiveValueOfWhatATestDidNotSet() async {
    let issues = IssueReporting.collect {
      withDependencies {
        $0._testValuesAreLive = true
      } operation: {
        @Dependency(\.greetingClient) var client
        #expect(client.greet("Blob") == "Hello, Blob!")
        withDependencies {
          $0.greetingClient = GreetingClient { "Hi \($0)" }
        } operation: {
          @Dependency(\.greetingClient) var overridden
          #expect(overridden.greet("Blob") == "Hi Blob")
        }
      }
    }
    #expect(issues.isEmpty)
    #expect(!DependencyValues._current._testValuesAreLive)
  }

  /// A test store keeps the policy it is given, and stays a test context.
  @Test func aTestStoreWithLiveTestValuesStaysATestContext() async {
    let store = TestStore(initialState: "") {
      ClientGreeter()
    } withDependencies: {
      $0._testValuesAreLive = true
    }
    await store.send(.greetButtonTapped) { $0 = "Hello, Blob!" }
    #expect(store.dependencies.context == .test)
  }

  @Test func liveContextUsesLiveValues() async {
    let issues = IssueReporting.collect {
      withDependencies {
        $0.context = .live
      } operation: {
        @Dependency(\.greetingClient) var client
        #expect(client.greet("Blob") == "Hello, Blob!")
      }
    }
    #expect(issues.isEmpty)
  }

  @Test func builtInDateAndUUIDHaveNoTestValue() async {
    let issues = IssueReporting.collect {
      @Dependency(\.date) var date
      @Dependency(\.uuid) var uuid
      _ = date.now
      _ = uuid()
    }
    #expect(
      issues.map(\.message) == [
        "@Dependency(\\.date) has no test implementation, but was accessed from a test context.",
        "@Dependency(\\.uuid) has no test implementation, but was accessed from a test context.",
      ]
    )
  }

  @Test func incrementingUUIDsCountFromZero() {
    withDependencies {
      $0.uuid = .incrementing
    } operation: {
      @Dependency(\.uuid) var uuid
      #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000000")
      #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000001")
      #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000002")
    }
  }

  @Test func continuousClockIsUnimplementedUnderTest() async {
    let issues = await IssueReporting.collect {
      @Dependency(\.continuousClock) var clock
      try? await clock.sleep(for: .seconds(1))
    }
    #expect(
      issues.map(\.message) == ["Unimplemented: @Dependency(\\.continuousClock).sleep was called"]
    )
  }

  @Test func previewContextUsesPreviewValues() {
    withDependencies {
      $0.context = .preview
    } operation: {
      @Dependency(\.greetingClient) var client
      #expect(client.greet("Blob") == "Hello, Blob!")
    }
  }
}

@MainActor
@Suite struct PrintChangesTests {
  @Test func printsTheActionAndAStateDiff() {
    let output = Log()
    let store = Store(initialState: Tally.State()) {
      Tally()._printChanges { output.append($0) }
    }
    store.send(.incrementButtonTapped)
    store.send(.setCount(1))
    #expect(
      output.entries == [
        """
        received action:
          Tally.Action.incrementButtonTapped
            Tally.State(
          −   count: 0,
          +   count: 1,
            )
        """,
        """
        received action:
          Tally.Action.setCount(1)
          (No state changes)
        """,
      ]
    )
  }
}

/// A client whose interface module gives only test and preview values; an app module conforms
/// it to `DependencyKey` with the live value.
struct TriviaClient: Sendable {
  var fact: @Sendable (Int) -> String
}

extension TriviaClient: TestDependencyKey {
  static let testValue = TriviaClient { "test fact about \($0)" }
}

/// The same shape with no live value anywhere.
struct DraftsClient: Sendable {
  var draft: @Sendable () -> String
}

extension DraftsClient: TestDependencyKey {
  static let testValue = DraftsClient { "test draft" }
  static let previewValue = DraftsClient { "preview draft" }
}

/// The app module's half of `TriviaClient`.
extension TriviaClient: DependencyKey {
  static let liveValue = TriviaClient { "\($0) is a number" }
}

@Suite struct TestDependencyKeyTests {
  /// Read as an interface module reads it: through the subscript for keys that may have no
  /// live value, which finds the live value at run time.
  func read<Key: TestDependencyKey>(_ key: Key.Type) -> Key.Value {
    DependencyValues._current[key]
  }

  @Test func testAndPreviewContextsGiveTheirValues() {
    let issues = IssueReporting.collect {
      #expect(read(TriviaClient.self).fact(2) == "test fact about 2")
      #expect(read(DraftsClient.self).draft() == "test draft")
      withDependencies {
        $0.context = .preview
      } operation: {
        #expect(read(DraftsClient.self).draft() == "preview draft")
        // A key with a live value previews it, as a `DependencyKey` does.
        #expect(read(TriviaClient.self).fact(3) == "3 is a number")
      }
    }
    #expect(issues.isEmpty)
  }

  @Test func anAppFindsTheLiveValueAnotherModuleGave() {
    let issues = IssueReporting.collect {
      withDependencies {
        $0.context = .live
      } operation: {
        #expect(read(TriviaClient.self).fact(7) == "7 is a number")
      }
    }
    #expect(issues.isEmpty)
  }

  @Test func anAppWithoutALiveValueIsReportedAndGetsTheTestValue() {
    let issues = IssueReporting.collect {
      withDependencies {
        $0.context = .live
      } operation: {
        #expect(read(DraftsClient.self).draft() == "test draft")
      }
    }
    #expect(
      issues.map(\.message) == [
        "\"ComposableArchitectureTests.DraftsClient\" has no live implementation, but was "
          + "accessed from a live context."
      ]
    )
  }
}
