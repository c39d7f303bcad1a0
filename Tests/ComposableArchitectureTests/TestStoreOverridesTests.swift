import ComposableArchitectureTesting
import ExpectedFailures
import Testing

/// `withExhaustivity` and `withDependencies`: a setting changed for the steps in a block only.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct TestStoreOverridesTests {
  struct Refusal: Error {}

  @Test func withExhaustivityOffSkipsInsideTheBlockOnly() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.incrementButtonTapped) { $0.count = 1 }
    await store.withExhaustivity(.off) {
      await store.send(.sendTwoButtonTapped)
      await store.receive(.second) { $0.count = 111 }
    }
    #expect(store.exhaustivity == .on)
    await expectFailure {
      await store.send(.decrementButtonTapped)
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        "State was not expected to change, but a change occurred"
      ) == true
    }
  }

  @Test func withExhaustivityOnInsideANonExhaustiveTest() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    store.exhaustivity = .off
    await store.send(.incrementButtonTapped)
    await expectFailure {
      // The block's result comes back: here the task of the action sent in it.
      let task = await store.withExhaustivity(.on) {
        await store.send(.incrementButtonTapped)
      }
      await task.finish()
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        "State was not expected to change, but a change occurred"
      ) == true
    }
    #expect(store.exhaustivity == .off)
    await store.send(.incrementButtonTapped)
    #expect(store.state.count == 3)
  }

  @Test func withExhaustivityRestoresTheSettingWhenTheBlockThrows() {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    #expect(throws: Refusal.self) {
      try store.withExhaustivity(.off(showSkippedAssertions: true)) {
        #expect(store.exhaustivity == .off(showSkippedAssertions: true))
        throw Refusal()
      }
    }
    #expect(store.exhaustivity == .on)
  }

  @Test func withDependenciesChangesTheStepsInTheBlockOnly() async {
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.factClient.fetch = { _ in "The store's fact." }
    }
    await store.withDependencies {
      $0.factClient.fetch = { _ in "The block's fact." }
    } operation: {
      await store.send(.factButtonTapped)
      await store.receive(.factResponse("The block's fact.")) { $0.fact = "The block's fact." }
    }
    await store.send(.factButtonTapped)
    await store.receive(.factResponse("The store's fact.")) { $0.fact = "The store's fact." }
  }

  /// An effect started in the block runs with the block's values to its end, even when it ends
  /// after the block.
  @Test func anEffectStartedInTheBlockKeepsItsValues() async {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.factClient.fetch = { _ in "The store's fact." }
    }
    await store.withDependencies {
      $0.factClient.fetch = { _ in
        try? await clock.sleep(for: .seconds(1))
        return "The block's late fact."
      }
    } operation: {
      await store.send(.factButtonTapped)
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.factResponse("The block's late fact.")) {
      $0.fact = "The block's late fact."
    }
  }

  @Test func aThrowingChangeOfDependenciesChangesNothing() async {
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.factClient.fetch = { _ in "The store's fact." }
    }
    var ran = false
    #expect(throws: Refusal.self) {
      try store.withDependencies {
        $0.factClient.fetch = { _ in "Never used." }
        throw Refusal()
      } operation: {
        ran = true
      }
    }
    #expect(!ran)
    await store.send(.factButtonTapped)
    await store.receive(.factResponse("The store's fact.")) { $0.fact = "The store's fact." }
  }
}
