import ComposableArchitecture
import Testing

@Suite struct CasePathTests {
  @Test func embedAndExtract() {
    let path = Parent.Action.casePath(\.counter)
    #expect(path.embed(.incrementButtonTapped) == .counter(.incrementButtonTapped))
    #expect(path.extract(from: .counter(.decrementButtonTapped)) == .decrementButtonTapped)
    #expect(path.extract(from: .dismissButtonTapped) == nil)
  }

  @Test func chainedKeyPathsReachNestedCases() {
    let path = Parent.Action.casePath(\.counter.setCount)
    #expect(path.embed(42) == .counter(.setCount(42)))
    #expect(path.extract(from: .counter(.setCount(7))) == 7)
    #expect(path.extract(from: .counter(.incrementButtonTapped)) == nil)
    #expect(path.extract(from: .optionalCounter(.setCount(7))) == nil)
  }

  @Test func isAndCaseSubscript() {
    let action = Parent.Action.counter(.setCount(3))
    #expect(action.is(\.counter))
    #expect(!action.is(\.optionalCounter))
    #expect(action[case: \.counter.setCount] == 3)
    #expect(action[case: \.optionalCounter] == nil)
  }

  @Test func optionalCases() {
    let some = Int?.casePath(\.some)
    #expect(some.extract(from: 5) == 5)
    #expect(some.extract(from: nil) == nil)
    #expect(Int?.casePath(\.none).extract(from: nil) != nil)
    #expect(Int?.casePath(\.none).extract(from: 1) == nil)
  }

  @Test func identity() {
    let path = AnyCasePath<Int, Int>.identity
    #expect(path.embed(3) == 3)
    #expect(path.extract(from: 4) == 4)
  }
}
