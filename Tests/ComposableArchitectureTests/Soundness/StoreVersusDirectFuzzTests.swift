import Clocks
import ComposableArchitectureTesting
import Foundation
import Testing

/// Random scripts through a feature with every navigation shape, nested in itself, run four
/// ways: the reducer tree a store builds, the feature's own `reduce(into:action:)` called
/// directly for every action, a non-exhaustive `TestStore` (as a test that asserts only part of
/// what happens), and a store driven as screens drive it (each action sent to its screen's
/// store, scoped down from the root, the screens keeping their stores).
///
/// After each step all four must show the same state and report the same issues, every store a
/// screen holds must show its screen's state, and in the stores the running effects must be
/// exactly the timers of the screens still on screen: one per ticking screen, no more (an effect
/// that outlived its screen) and no fewer (a sibling's effects cancelled by mistake). Each script
/// ends with every effect cancelled and finished, none left to outlive it.
/// Deterministic: the seed is fixed unless `PRIME_TIME_FUZZ_SEED` replays another one, and a
/// failure names the seed, the script and the actions that led to it.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct StoreVersusDirectFuzzTests {
  static let seed: UInt64 =
    ProcessInfo.processInfo.environment["PRIME_TIME_FUZZ_SEED"].flatMap { UInt64($0) }
    ?? 2_026_1126

  /// One run: a store, its clock, and the issues each step reported.
  @MainActor
  struct Run {
    let store: StoreOf<Warren>
    let clock: TestClock

    init(removerRunsFirst: Bool, directly: Bool) {
      let clock = TestClock()
      self.clock = clock
      let feature = Warren(removerRunsFirst: removerRunsFirst)
      if directly {
        store = Store(initialState: Warren.State(id: 0)) {
          RunDirectly(base: feature)
        } withDependencies: {
          $0.continuousClock = clock
        }
      } else {
        store = Store(initialState: Warren.State(id: 0)) {
          feature
        } withDependencies: {
          $0.continuousClock = clock
        }
      }
    }

    /// Sends `action` (or, for `nil`, lets a second pass), lets every effect it started or
    /// cancelled reach its next suspension, and returns the issues reported meanwhile.
    func step(_ action: Warren.Action?) async -> [String] {
      await IssueReporting.collect {
        if let action {
          store.send(action)
          await settle()
        } else {
          await clock.advance(by: .seconds(1))
        }
      }
      .map(\.message)
    }

    /// What is wrong with this run's effects now, if anything.
    ///
    /// With the remover first, every removal passes an operator on the same action, so the
    /// effects running are exactly the ticking screens' timers. With the remover last, an
    /// operator notices a removal on the next action that passes it (as in the Composable
    /// Architecture), so a removed screen's timer may still run for a while: there must be no
    /// fewer effects than ticking screens.
    func effectProblem(removerRunsFirst: Bool) -> String? {
      let ticking = store.state.tickingCount
      let running = store._runningEffectCount
      let sleeping = clock.sleeperCount
      let fine =
        removerRunsFirst
        ? running == ticking && sleeping == ticking
        : running >= ticking && sleeping >= ticking
      guard !fine else { return nil }
      return "\(ticking) screens tick, but \(running) effects run and \(sleeping) sleep"
    }

    /// Cancels every effect still running and lets each one finish; what is wrong if any is left.
    ///
    /// No effect may outlive its script: one still running or asleep afterwards is a problem.
    func end() async -> String? {
      store._cancelAllEffects()
      await settle()
      let (running, sleeping) = (store._runningEffectCount, clock.sleeperCount)
      guard running > 0 || sleeping > 0 else { return nil }
      return "after every effect was cancelled, \(running) still run and \(sleeping) sleep"
    }
  }

  /// The same feature in a non-exhaustive `TestStore`, as a test that asserts only part of what
  /// happens runs it: what it shows must be what a store shows.
  @MainActor
  struct TestStoreRun {
    let store: TestStoreOf<Warren>
    let clock: TestClock

    init(removerRunsFirst: Bool) {
      let clock = TestClock()
      self.clock = clock
      store = TestStore(initialState: Warren.State(id: 0)) {
        Warren(removerRunsFirst: removerRunsFirst)
      } withDependencies: {
        $0.continuousClock = clock
      }
      store.exhaustivity = .off(showSkippedAssertions: false)
    }

    /// Sends `action` (or, for `nil`, lets a second pass), catches up with the actions the
    /// effects sent back (as a test that does not assert them does), and returns the issues
    /// reported.
    func step(_ action: Warren.Action?) async -> [String] {
      await IssueReporting.collect {
        if let action {
          await store.send(action)
        } else {
          await clock.advance(by: .seconds(1))
        }
        await store.skipReceivedActions(strict: false)
      }
      .map(\.message)
    }

    /// Skips the effects still in flight, as a non-exhaustive test ends; what is wrong, if any.
    ///
    /// Skipping cancels them and waits for them to finish; a timer still asleep afterwards, or
    /// an issue the skipping reported, is a problem.
    func end() async -> String? {
      let issues = await IssueReporting.collect { await store.skipInFlightEffects(strict: false) }
      if let issue = issues.first { return "skipping the effects in flight: \(issue.message)" }
      let sleeping = clock.sleeperCount
      return sleeping == 0 ? nil : "after the effects in flight were skipped, \(sleeping) sleep"
    }
  }

  /// The same feature driven as screens drive it: each action goes to the store of the screen it
  /// is meant for, scoped down from the root one level at a time (a sheet's, a destination's, a
  /// stack element's, a row's), and the screens keep their stores from step to step.
  @MainActor
  final class ScreensRun {
    let run: Run
    /// The stores the screens hold, each with the `id` of the screen it shows.
    private var screens: [(store: StoreOf<Warren>, id: Int)] = []
    /// How many actions went through a screen's store below the root, and how many held stores
    /// were compared with the root's state.
    private(set) var sentBelowTheRoot = 0
    private(set) var compared = 0

    init(removerRunsFirst: Bool) {
      run = Run(removerRunsFirst: removerRunsFirst, directly: false)
    }

    /// Sends `action` through the screens' stores (or, for `nil`, lets a second pass), and
    /// returns the issues reported.
    func step(_ action: Warren.Action?) async -> [String] {
      guard let action else { return await run.step(nil) }
      return await IssueReporting.collect {
        send(action, to: run.store)
        await settle()
      }
      .map(\.message)
    }

    /// Sends `action` to the store of the screen it is meant for, below `store`; to `store`
    /// itself when that screen is not there.
    private func send(_ action: Warren.Action, to store: StoreOf<Warren>) {
      switch action {
      case .sheet(.presented(let child)):
        if let sheet = store.scope(state: \.sheet, action: \.sheet.presented) {
          return send(child, to: hold(sheet))
        }
      case .destination(.presented(let child)):
        if let destination = store.scope(state: \.destination, action: \.destination.presented) {
          destination.send(child)
          return
        }
      case .path(.element(let id, let child)):
        if let element = store.scope(state: \.path[id: id], action: \.path[id: id]) {
          return send(child, to: hold(element))
        }
      case .rows(.element(let id, let child)):
        // As a list screen finds its rows' stores.
        for row in store.scope(state: \.rows, action: \.rows) where row.state.id == id {
          return send(child, to: hold(row))
        }
      default:
        break
      }
      store.send(action)
    }

    private func hold(_ store: StoreOf<Warren>) -> StoreOf<Warren> {
      sentBelowTheRoot += 1
      screens.append((store, store.state.id))
      if screens.count > 64 { screens.removeFirst(screens.count - 64) }
      return store
    }

    /// A held store that shows something else than its screen's state in the root store.
    ///
    /// Screen IDs are never reused, so a screen still in the tree is the one its store was made
    /// for; a store whose screen went away keeps the state it showed last, and is not compared.
    var screenProblem: String? {
      let root = run.store.state
      for (store, id) in screens {
        guard let expected = root.screen(id: id) else { continue }
        compared += 1
        guard store.state != expected else { continue }
        return "the store of screen \(id) shows \(store.state), the root \(expected)"
      }
      return nil
    }
  }

  /// What a fuzz run did: how many steps, the most screens ticking at once, and the first
  /// problem found, described for a reader.
  struct Outcome {
    var steps = 0
    var peakTicking = 0
    var sentBelowTheRoot = 0
    var screensCompared = 0
    var problem: String?
  }

  /// Runs `scripts` random scripts, stopping at the first problem.
  static func fuzz(
    seed: UInt64,
    scripts: Int,
    removerRunsFirst: Bool
  ) async -> Outcome {
    var rng = SplitMix64(state: seed)
    var outcome = Outcome()
    for script in 0..<scripts {
      let built = Run(removerRunsFirst: removerRunsFirst, directly: false)
      let direct = Run(removerRunsFirst: removerRunsFirst, directly: true)
      let tested = TestStoreRun(removerRunsFirst: removerRunsFirst)
      let screens = ScreensRun(removerRunsFirst: removerRunsFirst)
      var performed: [String] = []
      var nextID = 1
      for step in 0..<Int.random(in: 10...60, using: &rng) {
        // One step in five lets a second pass; the others send one of the actions on offer.
        let action: Warren.Action? =
          Int.random(in: 0..<5, using: &rng) == 0
          ? nil : built.store.state.actions(newID: nextID).randomElement(using: &rng)
        nextID += 1
        performed.append(action.map(Self.describe) ?? "(a second passes)")
        let builtIssues = await built.step(action)
        let directIssues = await direct.step(action)
        let testStoreIssues = await tested.step(action)
        let screenIssues = await screens.step(action)
        outcome.steps += 1
        outcome.peakTicking = max(outcome.peakTicking, built.store.state.tickingCount)
        var problems: [String] = []
        if built.store.state != direct.store.state {
          problems.append(
            "states differ:\n  built tree: \(built.store.state)\n  direct:     \(direct.store.state)"
          )
        }
        if built.store.state != tested.store.state {
          problems.append(
            "states differ:\n  store:      \(built.store.state)\n  test store: \(tested.store.state)"
          )
        }
        if builtIssues != testStoreIssues {
          problems.append(
            "issues differ:\n  store:      \(builtIssues)\n  test store: \(testStoreIssues)"
          )
        }
        if tested.clock.sleeperCount != built.clock.sleeperCount {
          problems.append(
            "timers differ: \(built.clock.sleeperCount) sleep for the store, "
              + "\(tested.clock.sleeperCount) for the test store"
          )
        }
        if built.store.state != screens.run.store.state {
          problems.append(
            "states differ:\n  store:   \(built.store.state)\n  screens: \(screens.run.store.state)"
          )
        }
        if builtIssues != screenIssues {
          problems.append(
            "issues differ:\n  store:   \(builtIssues)\n  screens: \(screenIssues)"
          )
        }
        if let problem = screens.screenProblem { problems.append(problem) }
        if builtIssues != directIssues {
          problems.append(
            "issues differ:\n  built tree: \(builtIssues)\n  direct:     \(directIssues)"
          )
        }
        if let problem = built.effectProblem(removerRunsFirst: removerRunsFirst) {
          problems.append("built tree: \(problem)")
        }
        if let problem = direct.effectProblem(removerRunsFirst: removerRunsFirst) {
          problems.append("direct: \(problem)")
        }
        let effects = (built.store._runningEffectCount, direct.store._runningEffectCount)
        if effects.0 != effects.1 {
          problems.append("built tree runs \(effects.0) effects, direct \(effects.1)")
        }
        if !problems.isEmpty {
          outcome.problem = """
            Seed \(seed), script \(script), step \(step) (the remover runs \
            \(removerRunsFirst ? "first" : "last")); replay with PRIME_TIME_FUZZ_SEED=\(seed).
              actions: \(performed.joined(separator: ", "))
            \(problems.joined(separator: "\n"))
            """
          return outcome
        }
      }
      // Every script ends with nothing left running. (An effect still in flight when the test
      // process exits also keeps actions alive whose references LeakSanitizer cannot see — an
      // enum's case is kept in spare bits of its payload's pointer — and is reported as a leak.)
      let ends = [
        ("built tree", await built.end()), ("direct", await direct.end()),
        ("test store", await tested.end()), ("screens", await screens.run.end()),
      ]
      let leftOver = ends.compactMap { run, problem in problem.map { "\(run): \($0)" } }
      if !leftOver.isEmpty {
        outcome.problem = """
          Seed \(seed), script \(script), at its end (the remover runs \
          \(removerRunsFirst ? "first" : "last")); replay with PRIME_TIME_FUZZ_SEED=\(seed).
            actions: \(performed.joined(separator: ", "))
          \(leftOver.joined(separator: "\n"))
          """
        return outcome
      }
      outcome.sentBelowTheRoot += screens.sentBelowTheRoot
      outcome.screensCompared += screens.compared
    }
    return outcome
  }

  /// `action` as its cases, without module and generic type names:
  /// `rows(element(id: 3, action: sheet(presented(closeButtonTapped))))`.
  static func describe(_ action: Warren.Action) -> String {
    [
      "ComposableArchitectureTests.", "ComposableArchitecture.", "Warren.Action.",
      "PresentationAction<Warren.Action>.", "StackAction<Warren.State, Warren.Action>.",
      "PresentationAction<Warren.Destination.Action>.", "Warren.Destination.Action.",
      "IdentifiedAction<Swift.Int, Warren.Action>.",
    ]
    .reduce("\(action)") { $0.replacingOccurrences(of: $1, with: "") }
  }

  @Test(arguments: [true, false])
  func randomScriptsAgreeAndLeaveNoEffectBehind(removerRunsFirst: Bool) async {
    await withMainSerialExecutor {
      let outcome = await Self.fuzz(
        seed: Self.seed,
        scripts: 40,
        removerRunsFirst: removerRunsFirst
      )
      #expect(outcome.problem == nil, "\(outcome.problem ?? "")")
      // Not a vacuous pass: the scripts ran, several timers ran at once, actions went through
      // screens' stores and those stores were compared with the root.
      #expect(outcome.steps >= 1_000)
      #expect(outcome.peakTicking >= 3)
      #expect(outcome.sentBelowTheRoot >= 300)
      #expect(outcome.screensCompared >= 2_000)
    }
  }
}
