import Foundation
import Testing

@testable import PrimeTimeReport

/// The package root, where `Mutants/` is.
private let root = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The mutation matrix's rules, on the real patches and canned outcomes (no scratch build).
@Suite struct MatrixTests {
  let mutants: [Mutant]

  init() throws {
    mutants = try Mutant.all(in: root)
  }

  func mutant(_ name: String) throws -> Mutant {
    try #require(mutants.first { $0.fileName == name })
  }

  /// Each patch knows its design; a patch that changes only the navigation stack, which both
  /// designs share, counts for both.
  @Test func designs() throws {
    #expect(try mutant("current/vanilla-plus-adds-two").designs == [.current])
    #expect(try mutant("vanilla-plus-button-decrements").designs == [.episode])
    #expect(try mutant("vanilla-dismiss-at-99").designs == [.current, .episode])
  }

  /// Line 2 gives the layer and how a user sees the defect; a defect nobody can see says so.
  @Test func layerAndWhatAUserSees() throws {
    let visible = try mutant("current/composable-plus-button-decrements")
    #expect(visible.kind == "screen")
    #expect(visible.seen == "+ makes the count smaller")
    #expect(visible.isVisible)
    let hidden = try mutant("current/vanilla-delete-records-no-activity")
    #expect(hidden.kind == "logic")
    #expect(!hidden.isVisible)
    let episode = try mutant("composable-plus-button-decrements")
    #expect(episode.kind == "view")
    #expect(episode.seen == "")
  }

  /// The rules the designs written today follow: every mistake exists in both apps at the same
  /// layer (or is listed as one app's), each names how a user sees it, and there are at least
  /// 30 scored mistakes and 8 refactors.
  @Test func theCurrentPatchesFollowTheRules() throws {
    let current = mutants.filter { $0.designs.contains(.current) }
    var bySlug: [String: [Mutant]] = [:]
    for mutant in current { bySlug[mutant.slug, default: []].append(mutant) }
    for (slug, versions) in bySlug where versions.count == 2 {
      #expect(versions[0].kind == versions[1].kind, "\(slug): the same layer in both apps")
      #expect(versions[0].seen == versions[1].seen, "\(slug): the same defect in both apps")
    }
    for mutant in current where !mutant.isRefactor {
      #expect(!mutant.seen.isEmpty, "\(mutant.path) says how a user sees it")
    }
    let scored = bySlug.values.filter { $0.count == 2 && !$0[0].isRefactor && $0[0].isVisible }
    let refactors = bySlug.values.filter { $0.count == 2 && $0[0].isRefactor }
    #expect(scored.count >= 30)
    #expect(refactors.count >= 8)
  }

  /// The current design's table scores only mistakes a user can see in both apps; the others
  /// are listed apart, and the scorecard counts each suite against the other app's.
  @Test func tablesAndScorecard() throws {
    var matrix = Matrix()
    matrix.mutants = mutants.filter { $0.designs.contains(.current) }
    let caught = Matrix.Outcome(caughtBy: ["PrimeCounterTests.incrementButtonTapped"])
    let missed = Matrix.Outcome(caughtBy: [])
    for mutant in matrix.mutants {
      let outcome = mutant.slug == "plus-adds-two" && mutant.app == .composable ? missed : caught
      matrix.outcomes[mutant.path] = [mutant.app == .vanilla ? .vanilla : .composable: outcome]
    }
    let text = matrix.markdown()
    let visible = try #require(text.range(of: "#### Mistakes a user can see"))
    let hidden = try #require(text.range(of: "#### Mistakes no screen shows"))
    let oneApp = try #require(text.range(of: "#### Mistakes in one app only"))
    let row = { (slug: String) in try #require(text.range(of: "`\(slug)` |")) }
    #expect(try row("plus-adds-two").lowerBound > visible.upperBound)
    #expect(try row("plus-adds-two").lowerBound < hidden.lowerBound)
    #expect(try row("delete-records-no-activity").lowerBound > hidden.upperBound)
    #expect(try row("timer-survives-pop").lowerBound > oneApp.upperBound)
    // The composable suite missed one mistake the vanilla suite caught, and nothing else differs.
    let scored = text.components(separatedBy: "\n").first {
      $0.hasPrefix("| caught here, missed by the other app's plain suite")
    }
    #expect(scored?.hasSuffix("| 1 | 0 | 0 | 0 | 0 |") == true, "\(scored ?? "no scorecard")")
  }

  /// The live-defaults runs get a table of their own: each suite's score under both policies,
  /// and exactly the rows whose verdict the policy changes.
  @Test func liveDefaultsTable() throws {
    var matrix = Matrix()
    matrix.mutants = mutants.filter { $0.designs.contains(.current) }
    let caught = Matrix.Outcome(caughtBy: ["PrimeCounterTests.incrementButtonTapped"])
    let missed = Matrix.Outcome(caughtBy: [])
    for mutant in matrix.mutants {
      let failing: Suite = mutant.app == .vanilla ? .vanilla : .composable
      let live: Suite = mutant.app == .vanilla ? .vanillaLive : .composableLive
      let changes = mutant.slug == "increment-fires-request" && mutant.app == .vanilla
      matrix.outcomes[mutant.path] = [
        failing: mutant.isRefactor ? missed : caught,
        live: mutant.isRefactor || changes ? missed : caught,
      ]
    }
    let text = matrix.markdown()
    let section = try #require(text.range(of: "#### The same suites with live defaults"))
    let lines = text[section.upperBound...].components(separatedBy: "\n")
    let header = try #require(lines.first { $0.hasPrefix("| | ") })
    #expect(
      header
        == "| | vanilla suite | vanilla suite, live defaults | composable suite | composable suite, live defaults |"
    )
    let changed = lines.drop { !$0.hasPrefix("| mistake or refactor") }.dropFirst(2)
      .prefix { $0.hasPrefix("| ") }
    #expect(changed.count == 1)
    #expect(changed.first?.contains("`increment-fires-request` | caught: ") == true)
    #expect(changed.first?.contains("| **missed** | caught: ") == true)
    // The main tables keep their columns.
    #expect(!text.prefix(upTo: section.lowerBound).contains("live defaults"))
  }

  /// The chapter gets the designs written today; the episode designs' tables go to their own
  /// page, with the same fingerprint, so both are checked for freshness.
  @Test func theEpisodeTablesAreHistoryOnTheirOwnPage() {
    var matrix = Matrix()
    matrix.mutants = mutants
    matrix.fingerprint = "abc"
    let chapter = matrix.markdown()
    let history = matrix.historyMarkdown()
    #expect(chapter.contains("### The designs written today"))
    #expect(!chapter.contains("### The episode designs"))
    #expect(history.contains("### The episode designs (history)"))
    #expect(!history.contains("### The designs written today"))
    #expect(Matrix.recordedFingerprint(in: chapter) == "abc")
    #expect(Matrix.recordedFingerprint(in: history) == "abc")
  }
}
