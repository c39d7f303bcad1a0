import Testing

@testable import ComposableArchitecture

/// `PresentationState` keeps its value in a box shared by copies, and is a value all the same: a
/// write changes only the value written, never a copy taken before it.
///
/// The box is written only after `isKnownUniquelyReferenced` proved that nothing else holds it.
/// Its `@unchecked Sendable` conformance and the unchecked exclusivity of its value rest on that,
/// so each way a presentation is written is tried here against a copy, and copies are written on
/// several threads at once (under ThreadSanitizer in CI, which reports two threads writing one
/// box).
@Suite(.timeLimit(.minutes(1)))
struct PresentationStorageTests {
  /// A sheet presented through the wrapper (`\.$tally`) and one kept as a stored property
  /// (`\.stored`), which `ifLet` reaches by byte offset instead of through the key path runtime.
  struct Sheet: Reducer {
    struct State: Equatable {
      @PresentationState var tally: Tally.State?
      var stored = PresentationState<Tally.State>(wrappedValue: nil)
    }

    enum Action: Equatable {
      case tally(PresentationAction<Tally.Action>)
      case stored(PresentationAction<Tally.Action>)
    }

    var body: some Reducer<State, Action> {
      Reduce { _, _ in .none }
        .ifLet(\.$tally, action: \.tally) { Tally() }
        .ifLet(\.stored, action: \.stored) { Tally() }
    }
  }

  static let presented = Sheet.State(
    tally: Tally.State(count: 1),
    stored: PresentationState(wrappedValue: Tally.State(count: 1))
  )

  /// Every accessor that writes a presentation leaves a copy taken before the write as it was.
  @Test(arguments: [
    "wrapped value set",
    "wrapped value modified in place",
    "projection modified",
    "projection modified through its key path",
    "projection replaced",
    "stored property modified",
  ])
  func aCopyKeepsItsValueWhateverWritesTheOriginal(write: String) {
    var original = Self.presented
    let copy = original
    switch write {
    case "wrapped value set": original.tally = Tally.State(count: 2)
    case "wrapped value modified in place": original.tally?.count += 1
    case "projection modified": original.$tally.wrappedValue?.count += 1
    case "projection modified through its key path":
      let keyPath: WritableKeyPath<Sheet.State, PresentationState<Tally.State>> = \.$tally
      original[keyPath: keyPath].wrappedValue?.count += 1
    case "projection replaced":
      original.$tally = PresentationState(wrappedValue: Tally.State(count: 2))
    case "stored property modified": original.stored.wrappedValue?.count += 1
    default: Issue.record("unknown write \(write)")
    }
    #expect(copy == Self.presented, "\(write)")
    #expect(original != Self.presented, "\(write)")
  }

  /// A store's `ifLet` changes the presented child in place, through the wrapper and by byte
  /// offset: a copy of the state read before the action keeps the old child.
  @MainActor @Test func aStoresIfLetLeavesACopyOfTheStateAsItWas() {
    let store = Store(initialState: Self.presented) { Sheet() }
    let before = store.state
    store.send(.tally(.presented(.incrementButtonTapped)))
    store.send(.stored(.presented(.incrementButtonTapped)))
    #expect(before == Self.presented)
    #expect(store.state.tally?.count == 2)
    #expect(store.state.stored.wrappedValue?.count == 2)
  }

  /// The same for a reducer called directly.
  @Test func aDirectCallLeavesACopyOfTheStateAsItWas() {
    var state = Self.presented
    let before = state
    _ = Sheet().reduce(into: &state, action: .tally(.presented(.incrementButtonTapped)))
    _ = Sheet().reduce(into: &state, action: .stored(.presented(.incrementButtonTapped)))
    #expect(before == Self.presented)
    #expect(state.tally?.count == 2)
    #expect(state.stored.wrappedValue?.count == 2)
  }

  /// Eight tasks each write their own copy of one presentation a thousand times: each sees only
  /// its own writes, and the original none.
  @Test func copiesWrittenOnManyThreadsKeepTheirOwnValues() async {
    let shared = Self.presented
    let counts = await withTaskGroup(of: [Int?].self) { group in
      for _ in 0..<8 {
        group.addTask {
          var mine = shared
          for _ in 0..<1_000 {
            mine.tally?.count += 1
            mine.stored.wrappedValue?.count += 1
          }
          return [mine.tally?.count, mine.stored.wrappedValue?.count]
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(counts == Array(repeating: [1_001, 1_001], count: 8))
    #expect(shared == Self.presented)
  }
}

typealias SheetAction = PresentationStorageTests.Sheet.Action

extension PresentationStorageTests.Sheet.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let tally = AnyCasePath<SheetAction, PresentationAction<Tally.Action>>(
      embed: { .tally($0) },
      extract: { if case .tally(let action) = $0 { action } else { nil } }
    )
    let stored = AnyCasePath<SheetAction, PresentationAction<Tally.Action>>(
      embed: { .stored($0) },
      extract: { if case .stored(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}
