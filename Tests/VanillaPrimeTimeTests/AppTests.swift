import Foundation
import PrimeTimeCore
import PrimeTimeFixtures
import Testing
import VanillaPrimeTime

// glue:begin — what a vanilla test must write to compare the whole app state at once.
/// A value copy of `AppState`, so a test can compare the whole state with `==`.
struct AppStateSnapshot: Equatable {
  var count: Int
  var favoritePrimes: [Int]
  var loggedInUser: User?
  var activityFeed: [Activity]
  var alertNthPrime: PrimeAlert?
  var isNthPrimeButtonDisabled: Bool
  var favoritePrimesAlertMessage: String?
}

extension AppState {
  /// The model's current values, as a snapshot.
  var snapshot: AppStateSnapshot {
    AppStateSnapshot(
      count: count,
      favoritePrimes: favoritePrimes,
      loggedInUser: loggedInUser,
      activityFeed: activityFeed,
      alertNthPrime: alertNthPrime,
      isNthPrimeButtonDisabled: isNthPrimeButtonDisabled,
      favoritePrimesAlertMessage: favoritePrimesAlertMessage
    )
  }
}
// glue:end

/// Lessons about the app model as a whole.
@MainActor
@Suite struct AppTests {
  /// Lesson "no whole-state equality for classes": `AppState` is a reference type with
  /// identity, so it is not `Equatable`, and a test checks fields one by one — a field it
  /// forgets to check can change unnoticed.
  @Test func wholeStateEquality() {
    #expect(!isEquatable(AppState.self))
  }

  /// The glue above regains whole-state equality: every field is compared, so an unexpected change
  /// anywhere fails.
  ///
  /// It has to be written — and kept in step with the model — by hand.
  @Test func wholeStateAssertion() {
    let state = AppState(count: 7, loggedInUser: Fixtures.user)
    var expected = state.snapshot
    var modal = IsPrimeModalView(
      activityFeed: Binding(state, \.activityFeed),
      count: state.count,
      favoritePrimes: Binding(state, \.favoritePrimes)
    )
    modal.now = { Fixtures.date }
    modal.saveFavoritePrime()
    expected.favoritePrimes = [7]
    expected.activityFeed = [Activity(timestamp: Fixtures.date, type: .addedFavoritePrime(7))]
    #expect(state.snapshot == expected)
  }

  /// The glue's size, counted from this file so the number in the docs stays true: 25 lines
  /// for a model of seven fields, all of which must be listed twice.
  @Test func wholeStateGlueLineCount() throws {
    let source = try String(contentsOfFile: #filePath, encoding: .utf8)
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    let begin = try #require(lines.firstIndex { $0.hasPrefix("// glue:begin") })
    let end = try #require(lines.firstIndex { $0.hasPrefix("// glue:end") })
    #expect(end - begin - 1 == 25)
  }
}

/// Whether values of `type` can be compared with `==` (checked at run time, as for any type).
func isEquatable(_ type: Any.Type) -> Bool { type is any Equatable.Type }
