import ComposableArchitecture
import Foundation
import Testing

/// Snapshot tests of the dump and diff that TestStore failures and `_printChanges` print.
@Suite struct DumpTests {
  struct Item: Equatable {
    var id: UUID
    var at: Date
    var tags: Set<String>
    var scores: [String: Int]
    var picked: IndexSet
  }

  enum Route: Equatable {
    case home
    case detail(id: Int, title: String)
    case counter(Tally.State)
  }

  struct App: Equatable {
    var count = 0
    var favorites: [Int] = []
    var route: Route = .home
    var alert: String?
    var item: Item?
    var numbers = Array(0..<100)
  }

  struct Big: Equatable {
    var count = 0
    var numbers = Array(0..<20_000)
  }

  static let item = Item(
    id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)),
    at: Date(timeIntervalSince1970: 1_234_567_890),
    tags: ["b", "a"],
    scores: ["z": 1, "a": 2],
    picked: [1, 3]
  )

  @Test func structsEnumsOptionalsAndFoundationValuesPrintLikeSwift() {
    #expect(
      _dump(Self.item) == """
        DumpTests.Item(
          id: UUID(00000000-0000-0000-0000-000000000001),
          at: Date(2009-02-13T23:31:30.000Z),
          tags: Set([
            "a",
            "b",
          ]),
          scores: [
            "a": 2,
            "z": 1,
          ],
          picked: IndexSet([1, 3]),
        )
        """
    )
  }

  @Test func enumsPrintTheirCaseAndPayload() {
    #expect(_dump(Route.home) == "DumpTests.Route.home")
    #expect(_dump(Parent.Action.counter(.setCount(3))) == "Parent.Action.counter(.setCount(3))")
    #expect(
      _dump(Route.detail(id: 1, title: "a \"quote\"\n")) == """
        DumpTests.Route.detail(
          id: 1,
          title: "a \\"quote\\"\\n",
        )
        """
    )
    #expect(
      _dump(Route.counter(Tally.State(count: 2))) == """
        DumpTests.Route.counter(Tally.State(
          count: 2,
        ))
        """
    )
  }

  @Test func emptyCollectionsAndNil() {
    #expect(_dump([Int]()) == "[]")
    #expect(_dump([String: Int]()) == "[:]")
    #expect(_dump(Optional<Int>.none as Any) == "nil")
    #expect(_dump(Optional(3) as Any) == "3")
    #expect(_dump(Tally.State()) == "Tally.State(\n  count: 0,\n)")
  }

  @Test func diffShowsOnlyChangesWithContextAndFoldsTheRest() {
    var expected = App(favorites: [2, 3], route: .detail(id: 1, title: "x"), item: Self.item)
    var actual = expected
    actual.count = 1
    actual.numbers[50] = -1
    actual.favorites.append(5)
    expected.route = .home
    #expect(
      _diff(expected: _dump(expected), actual: _dump(actual)) == """
          DumpTests.App(
        −   count: 0,
        +   count: 1,
            favorites: [
              [0]: 2,
              [1]: 3,
        +     [2]: 5,
            ],
        −   route: DumpTests.Route.home,
        +   route: DumpTests.Route.detail(
        +     id: 1,
        +     title: "x",
        +   ),
            alert: nil,
            … (13 unchanged)
            numbers: [
              … (49 unchanged)
              [49]: 49,
        −     [50]: 50,
        +     [50]: -1,
              [51]: 51,
              … (48 unchanged)
            ],
          )
        """
    )
  }

  /// Two changes far apart in a state of 20,000 numbers: the diff shows them with their context,
  /// found by following the few edits rather than by filling a table of every old line against
  /// every new one (400 million cells, 3 GB).
  @Test func aDiffOfTwoLargeStatesShowsTheirFewChanges() {
    let expected = Big()
    var actual = expected
    actual.numbers[10] = -10
    actual.numbers[19_990] = -19_990
    #expect(
      _diff(expected: _dump(expected), actual: _dump(actual)) == """
          DumpTests.Big(
            count: 0,
            numbers: [
              … (9 unchanged)
              [9]: 9,
        −     [10]: 10,
        +     [10]: -10,
              [11]: 11,
              … (19977 unchanged)
              [19989]: 19989,
        −     [19990]: 19990,
        +     [19990]: -19990,
              [19991]: 19991,
              … (8 unchanged)
            ],
          )
        """
    )
  }

  /// 50,000 lines that all differ: the diff is still true, and still quick.
  ///
  /// Past its budget the search gives up, and the diff shows every old line removed and every
  /// new line added, in order. Each change shows the structure around it, found in one pass
  /// (walking back from each change to its opening line took time in proportion to the changes
  /// times the lines).
  @Test func aDiffWhereEveryLineChangedIsStillTrue() {
    let old = (0..<50_000).map { "    [\($0)]: \($0)," }
    let new = (0..<50_000).map { "    [\($0)]: \($0 + 1)," }
    // A smaller search budget than the default gives up sooner, and keeps the test quick.
    let steps = 100_000
    let lines = _alignLines(
      ["  numbers: ["] + old + ["  ],"],
      ["  numbers: ["] + new + ["  ],"],
      searchSteps: steps
    )
    #expect(lines.count == 100_002)
    #expect(lines.first?.kind == .same)
    #expect(lines.first?.text == "  numbers: [")
    // Compared into a Bool first, so that a failure names the block rather than printing
    // 50,000 lines.
    let removed = lines.dropFirst().prefix(50_000)
    let oldBlockRemoved = removed.map(\.text) == old && removed.allSatisfy { $0.kind == .removed }
    #expect(oldBlockRemoved, "the 50,000 old lines, removed, right after the opener")
    let added = lines.dropFirst(50_001).prefix(50_000)
    let newBlockAdded = added.map(\.text) == new && added.allSatisfy { $0.kind == .added }
    #expect(newBlockAdded, "then the 50,000 new lines, added")
    let diff = _diff(
      expected: (["State("] + ["  numbers: ["] + old + ["  ],", ")"]).joined(separator: "\n"),
      actual: (["State("] + ["  numbers: ["] + new + ["  ],", ")"]).joined(separator: "\n"),
      searchSteps: steps
    )
    let diffLines = diff?.split(separator: "\n") ?? []
    #expect(diffLines.count == 100_004)
    #expect(diffLines.prefix(3) == ["  State(", "    numbers: [", "−     [0]: 0,"])
    #expect(diffLines.suffix(3) == ["+     [49999]: 50000,", "    ],", "  )"])
  }

  /// The search finds as few edits as the full table does, and its result is a true diff with
  /// removals before additions, on 3,000 pairs of short lists of four different lines (a
  /// fixed-seed generator, so every run sees the same pairs).
  @Test func theSearchFindsAsFewEditsAsTheTable() {
    var seed: UInt64 = 0x5EED
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(seed >> 33) % bound
    }
    for _ in 0..<3_000 {
      let old = (0..<next(12)).map { _ in ["a", "b", "c", "d"][next(4)] }
      let new = (0..<next(12)).map { _ in ["a", "b", "c", "d"][next(4)] }
      let exact = _alignExactly(old, new)
      guard let searched = _alignBySearch(old, new, steps: .max) else {
        Issue.record("the search gave up on \(old) → \(new)")
        continue
      }
      #expect(
        searched.filter { $0.kind == .same }.count == exact.filter { $0.kind == .same }.count,
        "\(old) → \(new)"
      )
      #expect(searched.filter { $0.kind != .added }.map(\.text) == old, "\(old) → \(new)")
      #expect(searched.filter { $0.kind != .removed }.map(\.text) == new, "\(old) → \(new)")
      let additionBeforeRemoval = zip(searched, searched.dropFirst()).contains {
        $0.kind == .added && $1.kind == .removed
      }
      #expect(!additionBeforeRemoval, "\(old) → \(new)")
    }
  }

  @Test func equalDumpsHaveNoDiff() {
    #expect(_diff(expected: _dump(App()), actual: _dump(App())) == nil)
  }
}
