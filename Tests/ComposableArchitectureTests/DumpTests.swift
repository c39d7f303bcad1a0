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

  @Test func equalDumpsHaveNoDiff() {
    #expect(_diff(expected: _dump(App()), actual: _dump(App())) == nil)
  }
}
