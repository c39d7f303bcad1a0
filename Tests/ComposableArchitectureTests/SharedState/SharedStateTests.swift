import Clocks
import ComposableArchitecture
import ComposableArchitectureTesting
import ExpectedFailures
import Observation
import Testing

/// `@Shared`: one value held by several features, and asserted in a `TestStore` exhaustively,
/// like any other state.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct SharedStateTests {
  @Test func aSharedChangeIsAssertedLikeAnyOther() async {
    let store = TestStore(initialState: SharedCounter.State(count: Shared(value: 0))) {
      SharedCounter()
    }
    await store.send(.incrementButtonTapped) {
      $0.$count.withLock { $0 = 1 }
    }
    #expect(store.state.count == 1)
  }

  @Test func anUnassertedSharedChangeFails() async {
    let store = TestStore(initialState: SharedCounter.State(count: Shared(value: 0))) {
      SharedCounter()
    }
    let line = #line + 2
    await expectFailure {
      await store.send(.incrementButtonTapped)
    } matching: { issue in
      TestStoreFailureTests.matches(
        issue,
        """
        State was not expected to change, but a change occurred: …

          SharedCounter.State(
        −   count: 0,
        +   count: 1,
            log: [],
            child: nil,
          )

        (Expected: −, Actual: +)
        """,
        line: line
      )
    }
  }

  @Test func aWrongSharedAssertionFails() async {
    let store = TestStore(initialState: SharedCounter.State(count: Shared(value: 0))) {
      SharedCounter()
    }
    await expectFailure {
      await store.send(.incrementButtonTapped) { $0.$count.withLock { $0 = 2 } }
    } matching: { issue in
      issue.message.hasPrefix("A state change does not match expectation")
        && issue.message.contains("−   count: 2,\n+   count: 1,")
    }
    // The step counts as asserted: the next one starts from what the feature did.
    await store.send(.incrementButtonTapped) { $0.$count.withLock { $0 = 2 } }
  }

  /// Inside the assertion closure the shared value is still the value before the action, and
  /// the closure's write states the expectation without changing the shared value itself.
  @Test func theClosureSeesTheValueBeforeTheAction() async {
    let count = Shared(value: 5)
    let store = TestStore(initialState: SharedCounter.State(count: count)) { SharedCounter() }
    await store.send(.incrementButtonTapped) {
      #expect($0.count == 5)
      $0.$count.withLock { $0 += 1 }
      #expect($0.count == 6)
    }
    #expect(count.wrappedValue == 6)
  }

  /// A parent and its child hold the same value: the child's write is the parent's.
  @Test func twoFeaturesSeeEachOthersWrites() async {
    let store = TestStore(initialState: SharedCounter.State(count: Shared(value: 0))) {
      SharedCounter()
    }
    await store.send(.showChildButtonTapped) {
      $0.child = SharedCounter.Child.State(count: $0.$count)
    }
    await store.send(.child(.incrementButtonTapped)) {
      $0.$count.withLock { $0 = 1 }
    }
    #expect(store.state.child?.count == 1)
    #expect(store.state.count == 1)
  }

  /// A write made by an effect is asserted with the action that follows it.
  @Test func aWriteInAnEffectIsAssertedWithTheNextAction() async {
    let store = TestStore(initialState: SharedCounter.State(count: Shared(value: 0))) {
      SharedCounter()
    }
    await store.send(.incrementInEffectButtonTapped)
    await store.receive(.incremented) {
      $0.$count.withLock { $0 = 1 }
      $0.log = ["incremented"]
    }
  }

  /// Two received actions, each changing the shared value: each is asserted with its own change,
  /// even though both happened before the first `receive`.
  @Test func eachReceivedActionIsAssertedWithItsOwnChange() async {
    let store = TestStore(initialState: SharedCounter.State(count: Shared(value: 0))) {
      SharedCounter()
    }
    await store.send(.incrementTwiceInEffectButtonTapped)
    await store.receive(.incrementButtonTapped) { $0.$count.withLock { $0 = 1 } }
    await store.receive(.incrementButtonTapped) { $0.$count.withLock { $0 = 2 } }
  }

  /// A projection shares one part of a value: the child edits the user's name only.
  @Test func aProjectionSharesAPart() async {
    let user = Shared(value: SharedProfile.User(name: "Blob", visits: 3))
    let store = TestStore(initialState: SharedProfile.State(user: user)) { SharedProfile() }
    await store.send(.editNameButtonTapped) {
      $0.nameEditor = SharedProfile.NameEditor.State(name: $0.$user.name)
    }
    await store.send(.nameEditor(.nameChanged("Blob Jr."))) {
      $0.$user.withLock { $0.name = "Blob Jr." }
    }
    #expect(user.wrappedValue == SharedProfile.User(name: "Blob Jr.", visits: 3))
    #expect(store.state.nameEditor?.name == "Blob Jr.")
  }

  @Test func exhaustivityOff_anUnassertedSharedChangePasses() async {
    let store = TestStore(initialState: SharedCounter.State(count: Shared(value: 0))) {
      SharedCounter()
    }
    store.exhaustivity = .off
    await store.send(.incrementButtonTapped)
    await store.send(.incrementButtonTapped) { #expect($0.count == 2) }
    await expectFailure {
      await store.send(.incrementButtonTapped) { $0.$count.withLock { $0 = 7 } }
    } matching: { issue in
      issue.message.hasPrefix("A state change does not match expectation")
    }
  }

  /// A test store and the shared state it adopted are freed together at the end of a test: the
  /// store's bookkeeping does not keep the references it adopted alive, nor they it.
  @Test func aTestStoreAndItsSharedStateAreFreedTogether() async {
    weak var context: _SharedTestContext?
    do {
      let store = TestStore(initialState: SharedCounter.State(count: Shared(value: 0))) {
        SharedCounter()
      }
      context = store.dependencies._sharedTestContext
      #expect(context != nil)
      await store.send(.incrementButtonTapped) { $0.$count.withLock { $0 = 1 } }
    }
    #expect(context == nil)
  }

  /// Outside a test store, two shared values are equal when their values are.
  @Test func equality() {
    let shared = Shared(value: 1)
    #expect(shared == shared)
    #expect(Shared(value: 1) == Shared(value: 1))
    #expect(Shared(value: 1) != Shared(value: 2))
  }

  /// A screen observing a shared value hears of each write.
  @Test func observersHearOfWrites() {
    let shared = Shared(value: 0)
    let changed = LockIsolated(false)
    withObservationTracking {
      _ = shared.wrappedValue
    } onChange: {
      changed.withLock { $0 = true }
    }
    #expect(!changed.withLock { $0 })
    shared.withLock { $0 += 1 }
    #expect(changed.withLock { $0 })
  }

  /// Writes from many tasks at once: none is lost.
  @Test func writesFromManyTasksAreNotLost() async {
    let shared = Shared(value: 0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<100 {
        group.addTask { shared.withLock { $0 += 1 } }
      }
    }
    #expect(shared.wrappedValue == 100)
  }
}
