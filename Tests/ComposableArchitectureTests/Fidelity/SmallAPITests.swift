import ComposableArchitecture
import ComposableArchitectureTesting
import ExpectedFailures
import Foundation
import Testing

/// The small pieces of the Composable Architecture's surface that its examples reach for:
/// integer UUIDs, `unimplemented`, a random number generator dependency, `removeLast`,
/// `onChange(of:removeDuplicates:)` and `TestClock.run(timeout:)`.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct SmallAPITests {
  @Test func integerUUIDsNameWhatIncrementingMakes() {
    let uuid = UUIDGenerator.incrementing
    #expect(uuid() == UUID(0))
    #expect(uuid() == UUID(1))
    #expect(UUID(10).uuidString == "00000000-0000-0000-0000-00000000000A")
  }

  @Test func unimplementedReportsAndReturnsItsPlaceholder() {
    let fetch: @Sendable (Int) -> String = unimplemented("NumberFact.fetch", placeholder: "?")
    expectFailure {
      #expect(fetch(7) == "?")
    } matching: { issue in
      issue.message == "Unimplemented: NumberFact.fetch"
    }
  }

  @Test func unimplementedAsyncReportsAndReturnsItsPlaceholder() async {
    let fetch: @Sendable (Int, Int) async -> [Int] = unimplemented("Primes.range", placeholder: [])
    await expectFailure {
      #expect(await fetch(1, 10) == [])
    } matching: { issue in
      issue.message == "Unimplemented: Primes.range"
    }
  }

  @Test func unimplementedThrowingReportsAndThrows() async {
    let load: @Sendable () async throws -> Data = unimplemented("FileClient.load")
    await expectFailure {
      await #expect(throws: UnimplementedFailure(description: "FileClient.load")) {
        try await load()
      }
    } matching: { issue in
      issue.message == "Unimplemented: FileClient.load"
    }
  }

  @Test func aSeededGeneratorDrawsTheSameNumbersEachRun() {
    let first = WithRandomNumberGenerator(SeededGenerator(seed: 42))
    let second = WithRandomNumberGenerator(SeededGenerator(seed: 42))
    let rolls = (0..<5).map { _ in first { Int.random(in: 1...6, using: &$0) } }
    let again = (0..<5).map { _ in second { Int.random(in: 1...6, using: &$0) } }
    #expect(rolls == again)
    // The generator moves on between calls: five rolls are not all the first one.
    #expect(Set(rolls).count > 1)
  }

  @Test func theRandomNumberGeneratorHasNoTestValue() {
    expectFailure {
      @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
      _ = withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
    } matching: { issue in
      issue.message.contains("has no test implementation")
    }
  }

  @Test func removeLastAndPopLastOfAnIdentifiedArray() {
    struct Row: Identifiable, Equatable { let id: Int }
    var rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2), Row(id: 3)]
    #expect(rows.removeLast() == Row(id: 3))
    #expect(rows.removeFirst() == Row(id: 1))
    #expect(rows.popLast() == Row(id: 2))
    #expect(rows.popLast() == nil)
    #expect(rows[id: 2] == nil)
  }

  /// A search that reacts only when the query's text changes, not its other fields.
  struct Search: Reducer {
    struct Query {  // Not Equatable: compared by `removeDuplicates`.
      var text = ""
      var editedAt = 0
    }

    struct State: Equatable {
      var query = Query()
      var searches = 0

      static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.query.text == rhs.query.text && lhs.query.editedAt == rhs.query.editedAt
          && lhs.searches == rhs.searches
      }
    }

    enum Action: Equatable {
      case edited(String, at: Int)
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .edited(let text, let time) = action {
          state.query = Query(text: text, editedAt: time)
        }
        return .none
      }
      .onChange(of: \.query, removeDuplicates: Self.sameText, Self.search)
    }

    static func sameText(_ old: Query, _ new: Query) -> Bool { old.text == new.text }

    static func search(_ old: Query, _ new: Query) -> some ReducerOf<Self> {
      Reduce { state, _ in
        state.searches += 1
        return .none
      }
    }
  }

  @Test func onChangeWithRemoveDuplicatesComparesAsItIsTold() async {
    let store = TestStore(initialState: Search.State()) { Search() }
    await store.send(.edited("7", at: 1)) {
      $0.query = Search.Query(text: "7", editedAt: 1)
      $0.searches = 1
    }
    await store.send(.edited("7", at: 2)) {
      $0.query = Search.Query(text: "7", editedAt: 2)
    }
  }

  @Test func testClockRunWithATimeoutRunsEverySleeperToTheEnd() async {
    let clock = TestClock()
    let start = clock.now
    let first = Task { try? await clock.sleep(for: .seconds(1)) }
    let second = Task { try? await clock.sleep(for: .seconds(2)) }
    await Self.untilAsleep(2, on: clock)
    // The timeout is real time: generous, because a loaded machine can take seconds to let the
    // woken tasks run (a 5-second bound once ran out with one task still asleep).
    await clock.run(timeout: .seconds(30))
    #expect(clock.now == start.advanced(by: .seconds(2)))
    #expect(clock.sleeperCount == 0)
    // Cancelled before they are awaited: if `run` had stopped early, a task still asleep would
    // otherwise keep this test waiting forever (its sleep ends on cancellation).
    first.cancel()
    second.cancel()
    await first.value
    await second.value
  }

  /// Past its timeout with a task still asleep, `run(timeout:)` reports it.
  @Test func testClockRunPastItsTimeoutReportsWhatIsStillAsleep() async {
    let clock = TestClock()
    let first = Task { try? await clock.sleep(for: .seconds(1)) }
    let second = Task { try? await clock.sleep(for: .seconds(2)) }
    await Self.untilAsleep(2, on: clock)
    await expectFailure {
      await clock.run(timeout: .zero)
    } matching: { issue in
      issue.message.hasPrefix("TestClock.run(timeout: 0.0 seconds) ran out of time with 1 tasks")
    }
    await clock.advance(by: .seconds(2))
    await first.value
    await second.value
  }

  /// Waits until `count` tasks are asleep on `clock` (they start asleep at once; this only
  /// waits for them to be scheduled).
  private static func untilAsleep(_ count: Int, on clock: TestClock) async {
    while clock.sleeperCount < count { await Task.yield() }
  }
}
