import ExhaustiveHarness
import ExpectedFailures
import Foundation
import PrimeTimeCore
import PrimeTimeFixtures
import Testing
import VanillaPrimeTime

// glue:begin — what a test with the harness must write to compare the whole app state at once.
// glue:end

/// Lessons about the app model as a whole, with the exhaustive harness.
@MainActor
@Suite struct AppTests {
  /// `AppState` is still a class and still not `Equatable`, but the harness compares the whole
  /// model anyway: a change to a field the test did not mention fails.
  @Test func wholeStateEquality() {
    #expect(!(AppState.self is any Equatable.Type))
    let harness = ExhaustiveHarness(AppState(count: 7))
    var modal = IsPrimeModalView(
      activityFeed: Binding(harness.model, \.activityFeed),
      count: 7,
      favoritePrimes: Binding(harness.model, \.favoritePrimes)
    )
    modal.now = { Fixtures.date }
    expectFailure {
      harness.send(modal.saveFavoritePrime) { $0.favoritePrimes = [7] }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("+   activityFeed: [") }
    }
  }

  @Test func wholeStateAssertion() {
    let harness = ExhaustiveHarness(AppState(count: 7, loggedInUser: Fixtures.user))
    var modal = IsPrimeModalView(
      activityFeed: Binding(harness.model, \.activityFeed),
      count: 7,
      favoritePrimes: Binding(harness.model, \.favoritePrimes)
    )
    modal.now = { Fixtures.date }
    harness.send(modal.saveFavoritePrime) {
      $0.favoritePrimes = [7]
      $0.activityFeed = [Activity(timestamp: Fixtures.date, type: .addedFavoritePrime(7))]
    }
  }

  /// The harness reads the model by reflection: no snapshot type, no glue to keep in step.
  @Test func wholeStateGlueLineCount() throws {
    let source = try String(contentsOfFile: #filePath, encoding: .utf8)
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    let begin = try #require(lines.firstIndex { $0.hasPrefix("// glue:begin") })
    let end = try #require(lines.firstIndex { $0.hasPrefix("// glue:end") })
    #expect(end - begin - 1 == 0)
  }
}
