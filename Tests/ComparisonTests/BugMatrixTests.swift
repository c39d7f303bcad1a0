import PrimeTimeDrivers
import PrimeTimeFixtures
import Testing

/// The seeded-bug matrix: which testing style catches which realistic mistake.
///
/// The expected table is written out, so a change that weakens (or strengthens) a suite fails CI
/// until the table — and the docs printed from it — are updated.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct BugMatrixTests {
  typealias Style = BugMatrix.Style

  static let expected: [SeededBug: Set<Style>] = [
    .removeClearsActivityFeed: [.vanillaFieldByField, .vanillaSnapshotGlue, .composableTestStore],
    .incrementLogsOut: [.vanillaSnapshotGlue, .composableTestStore],
    .deleteRecordsNoActivity: [.vanillaFieldByField, .vanillaSnapshotGlue, .composableTestStore],
    .modalFavoritesNotShared: [.vanillaFieldByField, .vanillaSnapshotGlue, .composableTestStore],
    .nthPrimeResponseTwice: [.composableTestStore],
    .unassertedRequestOnIncrement: [.composableTestStore],
    .saveWritesStaleList: [.vanillaFieldByField, .vanillaSnapshotGlue, .composableTestStore],
    .failedLoadIsSilent: [.vanillaFieldByField, .vanillaSnapshotGlue, .composableTestStore],
    .wallClockDate: [.vanillaFieldByField, .vanillaSnapshotGlue, .composableTestStore],
    .liveClientInTest: [],
    .timerNotCancelledOnPop: [.vanillaFieldByField, .vanillaSnapshotGlue, .composableTestStore],
  ]

  @Test func theMatrixIsAsDocumented() async {
    let rows = await BugMatrix.run()
    #expect(rows.count == SeededBug.allCases.count)
    for row in rows {
      let caught = Set(Style.allCases.filter { row.caught[$0] == true })
      #expect(caught == Self.expected[row.bug], "\(row.bug)")
    }
  }

  /// The control: with no bug, every style passes every probe, so each "caught" above is the
  /// bug's doing and not a broken check.
  @Test(arguments: SeededBug.allCases)
  func everyStylePassesTheCorrectApp(_ bug: SeededBug) async {
    for style in Style.allCases {
      if let stackProbe = bug.stackProbe {
        #expect(await !BugMatrix.catches(stackProbe, bug: nil, style: style), "\(style.rawValue)")
      } else {
        #expect(await !BugMatrix.catches(bug.probe, bug: nil, style: style), "\(style.rawValue)")
      }
    }
  }

  @Test func atLeastTenBugsOfEveryKind() {
    #expect(SeededBug.allCases.count >= 10)
    #expect(Set(SeededBug.allCases.map(\.category)) == [.state, .effect, .dependency])
  }
}
