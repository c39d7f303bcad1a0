import Clocks
import ComposableArchitecture
import ComposableArchitectureTesting
import ComposablePrimeTime
import Foundation
import PrimeTimeCore
import PrimeTimeFixtures

/// Which testing style catches which seeded bug.
///
/// Each bug's probe flow (`SeededBug.probe`) is checked three ways, each asserting what that
/// style of test asserts, against the behaviour of the correct app:
///
/// - **vanilla field-by-field**: after each step, the fields a vanilla test of that button
///   checks (the way `VanillaPrimeTimeTests` is written), and the file after a save;
/// - **vanilla + snapshot glue**: the whole `AppSnapshot` after each step, and the file;
/// - **composable TestStore**: an exhaustive `TestStore` script generated from the correct
///   app's action trace — every sent and received action with its whole state — with the
///   end-of-test checks, only the dependencies the flow needs, and the file after a save.
@MainActor
public enum BugMatrix {
  /// A testing style.
  public enum Style: String, CaseIterable, Sendable {
    case vanillaFieldByField = "vanilla field-by-field"
    case vanillaSnapshotGlue = "vanilla + snapshot glue"
    case composableTestStore = "composable TestStore"
  }

  /// One bug's outcome per style.
  public struct Row: Equatable, Sendable {
    public let bug: SeededBug
    public let caught: [Style: Bool]
  }

  /// Runs every bug through every style.
  public static func run() async -> [Row] {
    var rows: [Row] = []
    for bug in SeededBug.allCases {
      var caught: [Style: Bool] = [:]
      for style in Style.allCases {
        if let stackProbe = bug.stackProbe {
          caught[style] = await catches(stackProbe, bug: bug, style: style)
        } else {
          caught[style] = await catches(bug.probe, bug: bug, style: style)
        }
      }
      rows.append(Row(bug: bug, caught: caught))
    }
    return rows
  }

  /// Whether a test of the stack flow `probe` in `style` fails with `bug` applied.
  public static func catches(_ probe: StackScenario, bug: SeededBug?, style: Style) async -> Bool {
    await withMainSerialExecutor {
      switch style {
      case .vanillaFieldByField: await vanillaStackCatches(probe, bug: bug, wholeSnapshot: false)
      case .vanillaSnapshotGlue: await vanillaStackCatches(probe, bug: bug, wholeSnapshot: true)
      case .composableTestStore: await testStoreStackCatches(probe, bug: bug)
      }
    }
  }

  /// Whether a test of `probe` in `style` fails with `bug` applied (`nil`: the correct app, on
  /// which every style must pass — the control that shows a "caught" is the bug's doing).
  public static func catches(_ probe: AppScenario, bug: SeededBug?, style: Style) async -> Bool {
    switch style {
    case .vanillaFieldByField: await vanillaCatches(probe, bug: bug, wholeSnapshot: false)
    case .vanillaSnapshotGlue: await vanillaCatches(probe, bug: bug, wholeSnapshot: true)
    case .composableTestStore: await testStoreCatches(probe, bug: bug)
    }
  }

  /// How long a generated TestStore script waits for an action.
  ///
  /// A passing run never waits this long; it is generous because other tests may hold the main
  /// queue meanwhile.
  static let receiveTimeout: Duration = .seconds(5)

  // MARK: - Vanilla

  /// Whether a vanilla-style test of the probe flow fails on the buggy app.
  static func vanillaCatches(_ probe: AppScenario, bug: SeededBug?, wholeSnapshot: Bool) async
    -> Bool
  {
    let correct = VanillaAppDriver(
      count: probe.count,
      favoritePrimes: probe.favoritePrimes,
      file: probe.makeFile()
    )
    let buggy = VanillaAppDriver(
      count: probe.count,
      favoritePrimes: probe.favoritePrimes,
      file: probe.makeFile(),
      bug: bug
    )
    for intent in probe.intents {
      await correct.perform(intent)
      await buggy.perform(intent)
      let expected = correct.snapshot
      let actual = buggy.snapshot
      if wholeSnapshot ? expected != actual : checkedFieldsDiffer(after: intent, expected, actual) {
        return true
      }
      if intent == .saveTapped, correct.file.writes != buggy.file.writes { return true }
    }
    return false
  }

  /// What a vanilla test of each button checks, field by field, as the vanilla suite does.
  static func checkedFieldsDiffer(after intent: AppIntent, _ a: AppSnapshot, _ b: AppSnapshot)
    -> Bool
  {
    switch intent {
    case .incrementTapped, .decrementTapped: a.count != b.count
    case .isPrimeTapped, .primeModalDismissed: a.isPrimeModalShown != b.isPrimeModalShown
    case .saveFavoriteTapped, .removeFavoriteTapped, .deleteFavorites:
      a.favoritePrimes != b.favoritePrimes || a.activityFeed != b.activityFeed
    case .nthPrimeTapped:
      a.alertNthPrime != b.alertNthPrime || a.isNthPrimeButtonDisabled != b.isNthPrimeButtonDisabled
    case .alertDismissed: a.alertNthPrime != b.alertNthPrime
    case .saveTapped, .favoritesAlertDismissed: a.favoritesAlertMessage != b.favoritesAlertMessage
    case .loadTapped:
      a.favoritePrimes != b.favoritePrimes || a.favoritesAlertMessage != b.favoritesAlertMessage
    }
  }

  // MARK: - Composable

  /// Every action the correct app handled in one step: the one sent, then those received.
  struct Step {
    var sent: (action: AppFeature.Action, state: AppFeature.State)
    var received: [(action: AppFeature.Action, state: AppFeature.State)] = []
  }

  /// Records every action a reducer handles, with the state after it.
  final class Trace<State, Action> {
    var entries: [(action: Action, state: State)] = []
  }

  struct Recording<Base: Reducer>: Reducer {
    let base: Base
    let trace: Trace<Base.State, Base.Action>
    func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
      let effect = base.reduce(into: &state, action: action)
      trace.entries.append((action, state))
      return effect
    }
  }

  static func initialState(_ probe: AppScenario) -> AppFeature.State {
    AppFeature.State(
      count: probe.count,
      favoritePrimes: probe.favoritePrimes,
      loggedInUser: Fixtures.user
    )
  }

  /// The correct app's action trace for the probe flow, and the file it leaves.
  static func referenceTrace(_ probe: AppScenario) async -> (steps: [Step], writes: [Data]) {
    let trace = Trace<AppFeature.State, AppFeature.Action>()
    let file = probe.makeFile()
    let store = Store(initialState: initialState(probe)) {
      Recording(base: AppFeature(), trace: trace)
    } withDependencies: {
      $0.date = .constant(Fixtures.date)
      $0.primeClient.nthPrime = { Fixtures.nthPrime($0) }
      $0.fileClient = FileClient(load: file.load, save: file.save)
    }
    var steps: [Step] = []
    for intent in probe.intents {
      let start = trace.entries.count
      await store.send(ComposableAppDriver.action(for: intent)).finish()
      let entries = Array(trace.entries[start...])
      guard let first = entries.first else { continue }
      steps.append(Step(sent: first, received: Array(entries.dropFirst())))
    }
    return (steps, file.writes)
  }

  /// Whether an exhaustive TestStore test of the probe flow fails on the buggy reducer.
  static func testStoreCatches(_ probe: AppScenario, bug: SeededBug?) async -> Bool {
    let (steps, expectedWrites) = await referenceTrace(probe)
    let file = probe.makeFile()
    // Like an idiomatic test, control only what the flow uses; anything else is unimplemented.
    let usesDate = probe.intents.contains {
      [.saveFavoriteTapped, .removeFavoriteTapped].contains($0)
        || { if case .deleteFavorites = $0 { true } else { false } }($0)
    }
    let usesPrimeClient = probe.intents.contains(.nthPrimeTapped)
    let usesFile = probe.intents.contains(.saveTapped) || probe.intents.contains(.loadTapped)
    let issues = await IssueReporting.collect {
      let store = TestStore(initialState: initialState(probe)) {
        SeededBugReducer(base: AppFeature(), bug: bug, staleFavorites: probe.favoritePrimes)
      } withDependencies: {
        if usesDate { $0.date = .constant(Fixtures.date) }
        if usesPrimeClient { $0.primeClient.nthPrime = { Fixtures.nthPrime($0) } }
        if usesFile { $0.fileClient = FileClient(load: file.load, save: file.save) }
      }
      // As an idiomatic test: a closure only where the state changes.
      var previous = initialState(probe)
      for step in steps {
        if step.sent.state == previous {
          await store.send(step.sent.action)
        } else {
          await store.send(step.sent.action) { $0 = step.sent.state }
        }
        previous = step.sent.state
        for received in step.received {
          if received.state == previous {
            await store.receive(received.action, timeout: receiveTimeout)
          } else {
            await store.receive(received.action, timeout: receiveTimeout) {
              $0 = received.state
            }
          }
          previous = received.state
        }
      }
      // The store goes away here: its end-of-test checks report effects still running.
    }
    let failed = issues.contains { $0.severity == .error }
    return failed || (usesFile && file.writes != expectedWrites)
  }

  // MARK: - Stack

  /// Whether a vanilla-style test of the stack flow fails on the buggy app: per-intent fields
  /// (or the whole snapshot), and at the end the clock, as the vanilla timer test checks.
  static func vanillaStackCatches(_ probe: StackScenario, bug: SeededBug?, wholeSnapshot: Bool)
    async -> Bool
  {
    let correct = VanillaStackDriver()
    let buggy = VanillaStackDriver(bug: bug)
    for intent in probe.intents {
      await correct.perform(intent)
      await buggy.perform(intent)
      let expected = correct.snapshot
      let actual = buggy.snapshot
      if wholeSnapshot ? expected != actual : stackFieldsDiffer(after: intent, expected, actual) {
        return true
      }
    }
    return correct.clock.sleeperCount != buggy.clock.sleeperCount
  }

  /// What a vanilla test of each stack interaction checks.
  static func stackFieldsDiffer(after intent: StackIntent, _ a: StackSnapshot, _ b: StackSnapshot)
    -> Bool
  {
    func element(_ index: Int) -> (StackSnapshot.Element?, StackSnapshot.Element?) {
      (
        a.elements.indices.contains(index) ? a.elements[index] : nil,
        b.elements.indices.contains(index) ? b.elements[index] : nil
      )
    }
    switch intent {
    case .pushCounter, .pushNumberFact, .pushPrimeNumber, .pop:
      return a.elements.count != b.elements.count || a.sum != b.sum
    case .increment(let index), .decrement(let index):
      let (x, y) = element(index)
      return x != y || a.sum != b.sum
    case .toggleTimer(let index), .loadAndGo(let index), .getFact(let index):
      let (x, y) = element(index)
      return x != y
    case .advance:
      return a.elements != b.elements || a.sum != b.sum
    }
  }

  /// Whether an exhaustive TestStore test of the stack flow fails on the buggy reducer.
  static func testStoreStackCatches(_ probe: StackScenario, bug: SeededBug?) async -> Bool {
    // The correct app's trace: per intent, the action sent (if any) and those received.
    let trace = Trace<RootFeature.State, RootFeature.Action>()
    let referenceClock = TestClock()
    let reference = Store(initialState: RootFeature.State()) {
      Recording(base: RootFeature(), trace: trace)
    } withDependencies: {
      $0.continuousClock = referenceClock
      $0.numberFact.fetch = { Fixtures.numberFact($0) }
      // IDs from 0, as in the TestStore that replays this trace (a plain store in a test
      // process shares one counter with every other store).
      $0.stackElementID = .incrementing
    }
    var steps: [(sent: Bool, entries: [(action: RootFeature.Action, state: RootFeature.State)])] =
      []
    for intent in probe.intents {
      let start = trace.entries.count
      if case .advance(let seconds) = intent {
        await referenceClock.advance(by: .seconds(seconds))
        steps.append((false, Array(trace.entries[start...])))
      } else if let action = ComposableStackDriver.action(for: intent, path: reference.state.path) {
        await settleSend(reference.send(action), intent)
        steps.append((true, Array(trace.entries[start...])))
      }
    }
    let usesFacts = probe.intents.contains { if case .getFact = $0 { true } else { false } }
    let clock = TestClock()
    let issues = await IssueReporting.collect {
      let store = TestStore(initialState: RootFeature.State()) {
        SeededStackBugReducer(base: RootFeature(), bug: bug)
      } withDependencies: {
        $0.continuousClock = clock
        if usesFacts { $0.numberFact.fetch = { Fixtures.numberFact($0) } }
      }
      var previous = RootFeature.State()
      for (index, step) in steps.enumerated() {
        var entries = step.entries[...]
        if step.sent, let sent = entries.popFirst() {
          if sent.state == previous {
            await store.send(sent.action)
          } else {
            await store.send(sent.action) { $0 = sent.state }
          }
          previous = sent.state
        } else if case .advance(let seconds) = probe.intents[index] {
          await clock.advance(by: .seconds(seconds))
        }
        for received in entries {
          if received.state == previous {
            await store.receive(received.action, timeout: receiveTimeout)
          } else {
            await store.receive(received.action, timeout: receiveTimeout) {
              $0 = received.state
            }
          }
          previous = received.state
        }
      }
      // The store goes away here: its end-of-test checks report effects still running (a timer
      // left on must be turned off or popped by the test itself).
    }
    return issues.contains { $0.severity == .error }
  }

  /// Waits for a sent action's effects when they end on their own (a fact request).
  static func settleSend(_ task: StoreTask, _ intent: StackIntent) async {
    if case .getFact = intent { await task.finish() }
  }

  // MARK: - Report

  /// The matrix as a Markdown table, with a testability scorecard.
  public static func markdown(_ rows: [Row]) -> String {
    let styles = Style.allCases
    var lines = [
      "| bug | kind | " + styles.map(\.rawValue).joined(separator: " | ") + " |",
      "| --- | --- |" + String(repeating: " --- |", count: styles.count),
    ]
    for row in rows {
      let cells = styles.map { row.caught[$0] == true ? "caught" : "**missed**" }
      lines.append(
        "| \(row.bug.summary) | \(row.bug.category.rawValue) | " + cells.joined(separator: " | ")
          + " |"
      )
    }
    lines.append("")
    lines.append("### Scorecard")
    lines.append("")
    lines.append("| style | bugs caught |")
    lines.append("| --- | --- |")
    for style in styles {
      let count = rows.filter { $0.caught[style] == true }.count
      lines.append("| \(style.rawValue) | \(count) of \(rows.count) |")
    }
    return lines.joined(separator: "\n")
  }
}
