import ComposableArchitectureTesting
import Testing

/// `StackState` as a range-replaceable collection whose new elements get generational IDs.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct StackStateCollectionTests {
  @Test func collectionMethodsDrawIDsFromTheGenerator() {
    withDependencies {
      $0.stackElementID = .incrementing
    } operation: {
      var stack: StackState<String> = ["a", "b"]
      stack.append(contentsOf: ["c", "d"])
      #expect(stack.ids == [0, 1, 2, 3])
      stack.removeLast()
      stack.insert("e", at: 1)
      #expect(Array(stack) == ["a", "e", "b", "c"])
      #expect(stack.ids == [0, 4, 1, 2])
      #expect(stack[id: 4] == "e")
      stack.remove(at: 0)
      #expect(stack[id: 0] == nil)
      #expect(stack[id: 1] == "b")
      stack[id: 4] = "E"  // a write by ID keeps the ID
      #expect(stack.ids == [4, 1, 2])
      #expect(stack[id: 4] == "E")
      stack.removeAll()
      #expect(stack.isEmpty)
      stack.append("f")
      #expect(stack.ids == [5])  // never reused
    }
  }

  /// Why the positional subscript is read-only: a position remembered before a pop and a push
  /// names another element afterwards, while the ID names none.
  @Test func aPositionIsNotAnIdentity() {
    withDependencies {
      $0.stackElementID = .incrementing
    } operation: {
      var stack: StackState<String> = ["list", "detail", "edit"]
      // An effect of "detail" started here, remembering where it was.
      let position = 1
      let id = stack.ids[position]
      stack.pop(from: id)
      stack.append("settings")
      #expect(stack[position] == "settings")  // the position now names another screen
      #expect(stack[id: id] == nil)  // the ID names none: a write through it changes nothing
      #expect(!((stack as Any) is any MutableCollection))  // and there is no positional write
    }
  }

  @Test func aStackOutsideAnyStoreNeverReusesItsIDs() {
    var stack: StackState<Int> = [1, 2]
    #expect(stack.ids == [0, 1])
    stack.removeLast()
    stack.append(3)
    #expect(stack.ids == [0, 2])
    // `removeAll()` empties the stack in place: it still knows the IDs it handed out.
    stack.removeAll()
    stack.append(4)
    #expect(stack.ids == [3])
  }

  @Test func aParentsRemoveAllPopsThroughTheStore() async {
    let store = TestStore(initialState: Journal.State(pages: [1, 2, 3])) { Journal() }
    await store.send(.clearPagesButtonTapped) { $0.pages.removeAll() }
    await store.send(.openPageButtonTapped(4)) { $0.pages[id: 3] = 4 }
  }
}
