import Testing

@testable import ComposableArchitecture

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

/// `_casePathByOffset(_:)` reads a stored case path at its byte offset instead of applying the
/// key path;
/// these tests hold that shortcut to what the key path itself returns.
@Suite struct ResolvedCasePathTests {
  /// Cases whose payloads differ in size and alignment, so a wrong offset reads a case path of
  /// another case (or of another type) and the answers below differ.
  enum Mixed: Equatable, CasePathable {
    case flag
    case byte(UInt8)
    case text(String)
    case pair(Int, Double)
    case list([Int])

    struct AllCasePaths: Sendable {
      let flag = AnyCasePath<Mixed, Void>(
        embed: { .flag },
        extract: { if case .flag = $0 { () } else { nil } }
      )
      let byte = AnyCasePath<Mixed, UInt8>(
        embed: { .byte($0) },
        extract: { if case .byte(let value) = $0 { value } else { nil } }
      )
      let text = AnyCasePath<Mixed, String>(
        embed: { .text($0) },
        extract: { if case .text(let value) = $0 { value } else { nil } }
      )
      let pair = AnyCasePath<Mixed, (Int, Double)>(
        embed: { .pair($0.0, $0.1) },
        extract: { if case .pair(let number, let measure) = $0 { (number, measure) } else { nil } }
      )
      let list = AnyCasePath<Mixed, [Int]>(
        embed: { .list($0) },
        extract: { if case .list(let value) = $0 { value } else { nil } }
      )
    }
    static let allCasePaths = AllCasePaths()
  }

  static let samples: [Mixed] = [.flag, .byte(7), .text("seven"), .pair(7, 0.7), .list([7])]

  /// Every case's resolved path extracts and embeds exactly what the key path's value does.
  @Test func aResolvedCasePathIsTheKeyPathsValue() {
    func check<Value: Equatable>(_ keyPath: CaseKeyPath<Mixed, Value>, embedding value: Value) {
      let resolved = Mixed._casePathByOffset(keyPath)
      let applied = Mixed.allCasePaths[keyPath: keyPath]
      #expect(resolved.embed(value) == applied.embed(value))
      for sample in Self.samples {
        #expect(resolved.extract(from: sample) == applied.extract(from: sample))
      }
    }
    check(\.byte, embedding: 9)
    check(\.text, embedding: "nine")
    check(\.list, embedding: [9])
    // Payloads that are not Equatable, compared case by case.
    #expect(Mixed._casePathByOffset(\.flag).embed(()) == .flag)
    #expect(
      Self.samples.map { Mixed._casePathByOffset(\.flag).extract(from: $0) != nil } == [
        true, false, false, false, false,
      ]
    )
    let pair = Mixed._casePathByOffset(\.pair)
    #expect(pair.embed((3, 0.5)) == .pair(3, 0.5))
    #expect(Self.samples.compactMap { pair.extract(from: $0)?.0 } == [7])
  }

  /// A chain through a payload's own case paths is not a stored property of `AllCasePaths`:
  /// it has no offset and is applied as a key path.
  @Test func aChainIsAppliedAsAKeyPath() {
    #expect(MemoryLayout<Parent.Action.AllCasePaths>.offset(of: \.counter.setCount) == nil)
    #expect(
      Parent.Action._casePathByOffset(\.counter.setCount).extract(from: .counter(.setCount(4))) == 4
    )
  }

  /// `Optional`'s case paths are computed properties: no offset, so they are applied as key
  /// paths.
  @Test func computedCasePathsAreAppliedAsKeyPaths() {
    #expect(MemoryLayout<Int?.AllCasePaths>.offset(of: \.some) == nil)
    #expect(Int?._casePathByOffset(\.some).extract(from: 3) == 3)
    #expect(Int?._casePathByOffset(\.some).embed(4) == 4)
    #expect(Int?._casePathByOffset(\.none).extract(from: 3) == nil)
  }
}
