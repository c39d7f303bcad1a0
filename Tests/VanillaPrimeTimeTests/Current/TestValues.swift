import ExpectedFailures
import Foundation
import PrimeTimeCore
import PrimeTimeFixtures
import VanillaPrimeTime

// Test values that fail the test when used: the same policy as the composable suite's
// dependencies, whose test values fail when a test did not say what they do.

/// The suite's dependency policy for what a test does not supply.
///
/// Failing values, unless the process runs with `PRIME_TIME_TEST_VALUES=live`: then the live
/// ones, as in a suite written with live defaults. The comparison's matrix runs both suites
/// both ways (the composable library reads the same variable) to show what that policy costs.
enum UnsuppliedValues {
  static let areLive = ProcessInfo.processInfo.environment["PRIME_TIME_TEST_VALUES"] == "live"

  /// `failing`, or `live` under the live-defaults policy.
  static func pick<Value>(failing: Value, live: Value) -> Value {
    areLive ? live : failing
  }
}

extension NthPrimeClient {
  /// Fails the test if asked, and answers `nil`.
  static let failing = NthPrimeClient { n in
    recordFailure("NthPrimeClient.nthPrime(\(n)) was called, but this test gave it no answer")
    return nil
  }
}

extension FavoritesFileClient {
  /// Fails the test if the file is read or written.
  static let failing = FavoritesFileClient(
    load: {
      recordFailure("FavoritesFileClient.load was called, but this test gave it no file")
      return nil
    },
    save: { _ in
      recordFailure("FavoritesFileClient.save was called, but this test gave it no file")
    }
  )

  /// The fixtures' in-memory favourites file.
  static func inMemory(_ file: InMemoryFavoritesFile) -> FavoritesFileClient {
    FavoritesFileClient(load: file.loadPrimes, save: file.savePrimes)
  }
}

/// A clock for activities that fails the test if read: pass `{ Fixtures.date }` where a test
/// records activities.
let failingNow: @Sendable () -> Date = {
  recordFailure("now() was called, but this test gave the app no date")
  return Fixtures.date
}

/// The date for a test that gives none: ``failingNow``, or the wall clock under live defaults.
let unsuppliedNow: @Sendable () -> Date = UnsuppliedValues.pick(
  failing: failingNow,
  live: { @Sendable in Date() }
)

extension PrimeTimeModel {
  /// The app for a test: a user logged in, and every dependency failing unless the test
  /// supplies it (see ``UnsuppliedValues``).
  @MainActor
  static func test(
    count: Int = 0,
    favoritePrimes: [Int] = [],
    activityFeed: [Activity] = [],
    nthPrime: NthPrimeClient = UnsuppliedValues.pick(failing: .failing, live: .live),
    file: FavoritesFileClient = UnsuppliedValues.pick(failing: .failing, live: .live),
    now: @escaping @Sendable () -> Date = unsuppliedNow
  ) -> PrimeTimeModel {
    PrimeTimeModel(
      count: count,
      favoritePrimes: favoritePrimes,
      activityFeed: activityFeed,
      loggedInUser: Fixtures.user,
      nthPrime: nthPrime,
      file: file,
      now: now
    )
  }
}
