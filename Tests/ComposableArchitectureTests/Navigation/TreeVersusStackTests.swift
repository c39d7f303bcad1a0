import ComposableArchitectureTesting
import Testing

/// A parent that models three destinations the tempting way: one optional each.
struct ThreeOptionals {
  var detail: Int?
  var edit: Int?
  var add: Int?

  /// How many destinations are presented at once (SwiftUI shows at most one).
  var presentedCount: Int { [detail, edit, add].count { $0 != nil } }
}

/// The trade-offs between tree navigation (optional and enum state) and stack navigation, each
/// shown by running code.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct TreeVersusStackTests {
  /// The number of presence patterns of `n` optionals in which more than one is presented.
  static func invalidStates(optionals n: Int) -> Int {
    (0..<(1 << n)).count { pattern in pattern.nonzeroBitCount > 1 }
  }

  /// Lesson "several optionals allow invalid states", and how many.
  ///
  /// Three optionals can present two or three screens at once — 4 invalid states out of 8 — and
  /// the count grows fast: 11 of 16 with four, 26 of 32 with five. One optional enum of
  /// destinations has exactly n + 1 states, all valid.
  @Test func optionalsAllowInvalidStatesAnEnumDoesNot() {
    let both = ThreeOptionals(detail: 1, edit: 2)
    #expect(both.presentedCount == 2)  // representable, and meaningless
    #expect(Self.invalidStates(optionals: 3) == 4)
    #expect(Self.invalidStates(optionals: 4) == 11)
    #expect(Self.invalidStates(optionals: 5) == 26)
  }

  /// Deep-linking a tree: start with the child presented and act in it at once.
  @Test func treeDeepLink() async {
    let store = TestStore(
      initialState: TreeParent.State(destination: .counter(PresentedCounter.State(count: 3)))
    ) {
      TreeParent()
    }
    await store.send(.destination(.presented(.counter(.incrementButtonTapped)))) {
      $0.$destination[case: \.counter]?.count = 4
    }
  }

  /// Deep-linking a stack: start three screens deep and act on the top one.
  @Test func stackDeepLink() async {
    let store = TestStore(
      initialState: StackRoot.State(
        path: [
          .counter(StackCounter.State(count: 1)),
          .numberFact(StackNumberFact.State(number: 2)),
          .counter(StackCounter.State(count: 3)),
        ]
      )
    ) {
      StackRoot()
    }
    await store.send(.path(.element(id: 2, action: .counter(.incrementButtonTapped)))) {
      $0.path[id: 2, case: \.counter]?.count = 4
    }
  }

  /// Lesson "a stack handles recursive paths": a counter that pushes a counter that pushes a
  /// counter is just three elements of one array; as a tree it would be a recursive type.
  @Test func stackRecursivePath() async {
    let clock = TestClock()
    let store = TestStore(initialState: StackRoot.State(path: [.counter(StackCounter.State())])) {
      StackRoot()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.exhaustivity = .off
    for id: StackElementID in [0, 1] {
      await store.send(.path(.element(id: id, action: .counter(.loadAndGoToCounterButtonTapped))))
      await clock.advance(by: .seconds(2))
      await store.skipReceivedActions()
    }
    #expect(store.state.path.count == 3)
    #expect(store.state.path.allSatisfy { $0[case: \.counter] != nil })
  }

  /// Lesson "a stack can express nonsense": nothing stops the same screen three times in a row,
  /// or screens in an order the app never navigates; the tree's types rule both out.
  @Test func stackCanHoldPathsTheAppNeverNavigates() async {
    let store = TestStore(
      initialState: StackRoot.State(
        path: [
          .primeNumber(StackPrimeNumber.State(number: 7)),
          .primeNumber(StackPrimeNumber.State(number: 7)),
          .primeNumber(StackPrimeNumber.State(number: 7)),
        ]
      )
    ) {
      StackRoot()
    }
    // The store runs it like any other path.
    await store.send(.path(.element(id: 1, action: .primeNumber(.primeIndexButtonTapped)))) {
      $0.path[id: 1, case: \.primeNumber]?.primeIndex = 4
    }
  }
}
