import Foundation
import PrimeTimeCore

/// Data both apps' test suites use, defined once: fixed dates, a user, stubbed answers.
///
/// ```swift
/// counter.now = { Fixtures.date }
/// #expect(state.activityFeed == [Activity(timestamp: Fixtures.date, type: .addedFavoritePrime(7))])
/// ```
public enum Fixtures {
  /// The date every controlled clock returns: 2009-02-13 23:31:30 UTC.
  public static let date = Date(timeIntervalSince1970: 1_234_567_890)

  /// The logged-in user of the seed.
  public static let user = User(id: 1, name: "Blob", bio: "Blobbed around the world")

  /// The stubbed nth-prime client's answers; any other `n` has no answer (`nil`).
  public static let nthPrimeAnswers: [Int: Int] = [1: 2, 2: 3, 3: 5, 4: 7, 5: 11, 6: 13, 7: 17]

  /// The stubbed nth-prime client.
  ///
  /// - Parameter n: Which prime.
  /// - Returns: The answer from ``nthPrimeAnswers``, or `nil`.
  public static func nthPrime(_ n: Int) -> Int? { nthPrimeAnswers[n] }

  /// The stubbed number fact client.
  ///
  /// - Parameter number: The number.
  /// - Returns: For example "7 is a good number."
  @Sendable
  public static func numberFact(_ number: Int) -> String { "\(number) is a good number." }

  /// A favourites file's bytes that decode to `[2, 3, 5]`.
  public static let favoritesFile = Data("[2,3,5]".utf8)

  /// A favourites file that is not JSON.
  public static let corruptFavoritesFile = Data("not json".utf8)
}
