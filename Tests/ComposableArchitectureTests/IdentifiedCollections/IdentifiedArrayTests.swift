import ComposableArchitectureTesting
import ExpectedFailures
import Foundation
import Testing

private struct Todo: Identifiable, Equatable, Codable, Sendable {
  let id: Int
  var title: String
}

/// The collection itself: order, lookup and change by ID, and IDs that stay unique.
@Suite struct IdentifiedArrayTests {
  @Test func readsAndChangesByID() {
    var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs")]
    todos[id: 2]?.title = "Bread"
    #expect(todos[id: 2]?.title == "Bread")
    #expect(todos[id: 7] == nil)
    todos[id: 3] = Todo(id: 3, title: "Tea")
    #expect(todos.ids == [1, 2, 3])
    todos[id: 1] = nil
    #expect(todos.ids == [2, 3])
    #expect(todos.index(id: 3) == 1)
    #expect(todos.map(\.title) == ["Bread", "Tea"])
  }

  @Test func appendAndInsertKeepIDsUnique() {
    var todos = IdentifiedArrayOf<Todo>()
    #expect(todos.append(Todo(id: 1, title: "a")) == (true, 0))
    #expect(todos.append(Todo(id: 1, title: "again")) == (false, 0))
    #expect(todos.insert(Todo(id: 2, title: "b"), at: 0) == (true, 0))
    #expect(todos.ids == [2, 1])
    #expect(todos[id: 1]?.title == "a")
    #expect(todos.updateOrAppend(Todo(id: 1, title: "updated"))?.title == "a")
    #expect(todos.updateOrAppend(Todo(id: 9, title: "new")) == nil)
    #expect(todos.map(\.title) == ["b", "updated", "new"])
  }

  @Test func removesByIDPositionOffsetsAndPredicate() {
    var todos = IdentifiedArrayOf<Todo>(
      uniqueElements: (1...6).map { Todo(id: $0, title: "\($0)") }
    )
    #expect(todos.remove(id: 2)?.title == "2")
    #expect(todos.remove(id: 2) == nil)
    #expect(todos.remove(at: 0).id == 1)
    todos.remove(atOffsets: IndexSet([0, 2]))
    #expect(todos.ids == [4, 6])
    todos.removeAll { $0.id == 6 }
    #expect(todos.ids == [4])
    // Lookup still finds what is left, at its new position.
    #expect(todos.index(id: 4) == 0)
    todos.removeAll()
    #expect(todos.isEmpty)
  }

  @Test func movesSortsSwapsAndFiltersWithTheirIDs() {
    var todos = IdentifiedArrayOf<Todo>(
      uniqueElements: (1...5).map { Todo(id: $0, title: "\($0)") }
    )
    todos.move(fromOffsets: IndexSet([0, 1]), toOffset: 4)
    #expect(todos.ids == [3, 4, 1, 2, 5])
    todos.sort { $0.id > $1.id }
    #expect(todos.ids == [5, 4, 3, 2, 1])
    todos.swapAt(0, 4)
    #expect(todos.ids == [1, 4, 3, 2, 5])
    #expect(todos[id: 5]?.title == "5")
    todos.reverse()
    #expect(todos.ids == [5, 2, 3, 4, 1])
    #expect(todos.index(id: 1) == 4)
    let even = todos.filter { $0.id.isMultiple(of: 2) }
    #expect(even.ids == [2, 4])
    #expect(even[id: 4]?.title == "4")
  }

  @Test func positionalWriteKeepingTheIDChangesTheElement() {
    var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "a")]
    todos[0].title = "b"
    #expect(todos[id: 1]?.title == "b")
  }

  @Test func duplicateIDsAreReportedAndTheFirstIsKept() {
    expectFailure {
      let todos = IdentifiedArrayOf<Todo>(uniqueElements: [
        Todo(id: 1, title: "first"), Todo(id: 1, title: "second"),
      ])
      #expect(todos.map(\.title) == ["first"])
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix(
          "IdentifiedArray(uniqueElements:) was given two elements with the ID 1."
        )
      }
    }
  }

  @Test func writingAnotherIDIsReportedAndChangesNothing() {
    var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "a")]
    expectFailure {
      todos[0] = Todo(id: 2, title: "b")
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix("An element with the ID 2 was written to IdentifiedArray[0]")
      }
    }
    expectFailure {
      todos[id: 5] = Todo(id: 6, title: "c")
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix("An element with the ID 6 was written to IdentifiedArray[id: 5]")
      }
    }
    #expect(todos == [Todo(id: 1, title: "a")])
  }

  @Test func customIDKeyPath() {
    struct Tag: Equatable { var name: String }
    var tags = IdentifiedArray(uniqueElements: [Tag(name: "swift"), Tag(name: "tca")], id: \.name)
    #expect(tags[id: "tca"] == Tag(name: "tca"))
    tags.remove(id: "swift")
    #expect(tags.ids == ["tca"])
  }

  @Test func codableRoundTripAndDuplicateIDsInTheFileAreAnError() throws {
    let todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "a"), Todo(id: 2, title: "b")]
    let data = try JSONEncoder().encode(todos)
    #expect(try JSONDecoder().decode(IdentifiedArrayOf<Todo>.self, from: data) == todos)

    let duplicated = Data(#"[{"id":1,"title":"a"},{"id":1,"title":"b"}]"#.utf8)
    let error = #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(IdentifiedArrayOf<Todo>.self, from: duplicated)
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("Expected dataCorrupted, got \(String(describing: error))")
      return
    }
    #expect(context.debugDescription == "Element 1 has the ID 1, which element 0 already has.")
  }
}
