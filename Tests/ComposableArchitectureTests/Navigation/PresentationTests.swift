import ComposableArchitectureTesting
import ExpectedFailures
import Testing

/// Tree navigation: a presented child, dismissal from the child and from the parent.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct PresentationTests {
  @Test func presentedCounterDismissesItselfAt5() async {
    let store = TestStore(
      initialState: TreeParent.State(destination: .counter(PresentedCounter.State(count: 3)))
    ) {
      TreeParent()
    }
    await store.send(.destination(.presented(.counter(.incrementButtonTapped)))) {
      modify(&$0.destination, case: \.counter) { $0.count = 4 }
    }
    await store.send(.destination(.presented(.counter(.incrementButtonTapped)))) {
      modify(&$0.destination, case: \.counter) { $0.count = 5 }
    }
    await store.receive(\.destination.dismiss) {
      $0.destination = nil
    }
  }

  @Test func enumDestinationWithModify() async {
    let store = TestStore(initialState: TreeParent.State()) {
      TreeParent()
    } withDependencies: {
      $0.factClient.fetch = { "\($0) is the 4th prime." }
    }
    await store.send(.showFactButtonTapped) {
      $0.destination = .fact(StackNumberFact.State(number: 7))
    }
    await store.send(.destination(.presented(.fact(.factButtonTapped))))
    await store.receive(\.destination.presented.fact.factResponse) {
      modify(&$0.destination, case: \.fact) { $0.fact = "7 is the 4th prime." }
    }
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
  }

  @Test func parentDismissalCancelsTheChildsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: TreeParent.State()) {
      TreeParent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.showCounterButtonTapped) {
      $0.destination = .counter(PresentedCounter.State())
    }
    await store.send(.destination(.presented(.counter(.startTimerButtonTapped))))
    await clock.advance(by: .seconds(1))
    await store.receive(\.destination.presented.counter.timerTick) {
      modify(&$0.destination, case: \.counter) { $0.count = 1 }
    }
    await store.send(.closeButtonTapped) {
      $0.destination = nil
    }
    await clock.advance(by: .seconds(10))
    #expect(clock.sleeperCount == 0)
  }

  @Test func aPresentationActionWhileAbsentFails() async {
    let store = TestStore(initialState: TreeParent.State()) { TreeParent() }
    await expectFailure {
      await store.send(.destination(.presented(.counter(.incrementButtonTapped))))
    } matching: { issue in
      let text = issue.comments.first?.rawValue ?? ""
      return text.hasPrefix("An \"ifLet\" at \"ComposableArchitectureTests/TreeFeatures.swift:")
        && text.contains("received a presentation action when destination state was absent")
    }
  }

  @Test func dismissOutsideAPresentationIsReported() async {
    let issues = await IssueReporting.collect {
      let store = Store(initialState: PresentedCounter.State(count: 4)) { PresentedCounter() }
      await store.send(.incrementButtonTapped).finish()
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("but couldn't be dismissed") == true)
  }
}

/// `StackState` and `StackElementID` on their own.
@MainActor
@Suite struct StackStateTests {
  @Test func appendUsesTheGenerator() {
    withDependencies {
      $0.stackElementID = .incrementing
    } operation: {
      var stack = StackState<String>()
      stack.append("a")
      stack.append("b")
      #expect(stack.ids == [0, 1])
      #expect(Array(stack) == ["a", "b"])
      #expect(stack.popLast() == "b")
      stack.append("c")
      #expect(stack.ids == [0, 2])
      #expect(stack[id: 2] == "c")
    }
  }

  @Test func subscriptByIDAndCase() {
    TestFrameworkBridge.install()
    withDependencies {
      $0.stackElementID = .incrementing
    } operation: {
      var stack: StackState<Screen> = [.counter(Tally.State()), .message("hi")]
      #expect(stack[id: 0, case: \.counter]?.count == 0)
      stack[id: 0, case: \.counter]?.count = 7
      #expect(stack[id: 0] == .counter(Tally.State(count: 7)))
      #expect(stack[id: 1, case: \.counter] == nil)
      expectFailure {
        stack[id: 1, case: \.counter] = Tally.State()  // wrong case: reported, ignored
      } matching: { issue in
        issue.comments.map(\.rawValue).joined().hasPrefix(
          "Can't modify unrelated case: element #1 is Screen.message(\"hi\"), not the case "
            + "holding Tally.State."
        )
      }
      #expect(stack[id: 1] == .message("hi"))
      expectFailure {
        stack[id: 7, case: \.counter]?.count = 1  // no such element: reported
      } matching: { issue in
        issue.comments.map(\.rawValue).joined().hasPrefix(
          "Can't modify unrelated case: there is no element #7"
        )
      }
      stack[id: 0, case: \.counter] = nil  // removes the element
      #expect(stack.ids == [1])
    }
  }

  @Test func dumpsWithIDs() {
    withDependencies {
      $0.stackElementID = .incrementing
    } operation: {
      let stack: StackState<Int> = [3, 5]
      #expect(_dump(stack) == "[\n  #0: 3,\n  #1: 5,\n]")
    }
  }

  /// Found by scenario parity: outside a `TestStore`, every push must get a new ID.
  @Test func aPlainStoreNeverReusesIDs() {
    let store = Store(initialState: StackRoot.State()) { StackRoot() }
    store.send(.path(.push(.counter(StackCounter.State(count: 1)))))
    store.send(.path(.push(.counter(StackCounter.State(count: 2)))))
    #expect(store.state.path.count == 2)
    #expect(Set(store.state.path.ids).count == 2)
    #expect(store.state.sum == 3)
  }

  @Test func integerLiteralIDsOutsideTestsAreReported() async {
    let issues = IssueReporting.collect {
      withDependencies {
        $0.context = .live
      } operation: {
        let id: StackElementID = 3
        #expect(id.generation == 3)
      }
    }
    #expect(
      issues.first?.message.hasPrefix(
        "Specifying stack element IDs by integer literal is not allowed outside of tests."
      ) == true
    )
  }
}
