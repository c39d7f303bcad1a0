import ComposableArchitecture
import Testing

/// Appends a name to `State` when it runs, to observe order.
private struct Append: Reducer {
  let name: String
  func reduce(into state: inout [String], action: Bool) -> Effect<Bool> {
    state.append(name)
    return .none
  }
}

private struct Built: Reducer {
  var flag: Bool
  var optionalFlag: Bool
  var names: [String]

  var body: some Reducer<[String], Bool> {
    Append(name: "first")
    if flag {
      Append(name: "if")
    } else {
      Append(name: "else")
    }
    if optionalFlag {
      Append(name: "optional")
    }
    for name in names {
      Append(name: name)
    }
    Reduce { state, action in
      state.append("reduce \(action)")
      return action ? .send(false) : .none
    }
  }
}

@MainActor
@Suite struct ReducerBuilderTests {
  @Test(arguments: [
    (true, true, ["a", "b"], ["first", "if", "optional", "a", "b", "reduce false"]),
    (false, false, [], ["first", "else", "reduce false"]),
  ])
  func controlFlowRunsReducersInOrder(
    flag: Bool,
    optionalFlag: Bool,
    names: [String],
    expected: [String]
  ) {
    var state: [String] = []
    let effect = Built(flag: flag, optionalFlag: optionalFlag, names: names)
      .reduce(into: &state, action: false)
    #expect(state == expected)
    #expect(effect.isNone)
  }

  @Test func effectsOfEveryReducerAreMerged() {
    let store = Store(initialState: [String]()) {
      Built(flag: true, optionalFlag: false, names: [])
    }
    store.send(true)
    #expect(
      store.state == ["first", "if", "reduce true", "first", "if", "reduce false"]
    )
  }

  @Test func emptyBodyAndEmptyReducerDoNothing() {
    var state = 1
    #expect(EmptyReducer<Int, Int>().reduce(into: &state, action: 0).isNone)
    #expect(state == 1)
  }

  @Test func combineReducersRunsItsChildrenInOrder() {
    var state: [String] = []
    let reducer = CombineReducers {
      Append(name: "one")
      Append(name: "two")
    }
    _ = reducer.reduce(into: &state, action: true)
    #expect(state == ["one", "two"])
  }

  @Test func reduceErasesAReducer() {
    var state = Tally.State()
    let erased = Reduce(Tally())
    _ = erased.reduce(into: &state, action: .incrementButtonTapped)
    #expect(state.count == 1)
  }
}
