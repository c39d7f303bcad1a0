import Foundation
import Observation
import PrimeTimeCore

/// The favourite primes and the activity feed that records each change to them: one object,
/// shared by reference by every model that shows or changes them.
///
/// The counter's prime modal and the favourites list hold the same instance, so a prime saved in
/// the modal is in the list at once, with nothing copied back. Every change goes through a
/// method here, which records its ``Activity`` stamped by the injected clock; a screen cannot
/// change the list without the feed hearing of it.
///
/// ```swift
/// let favorites = Favorites(now: { Date(timeIntervalSince1970: 0) })
/// favorites.add(7)
/// favorites.primes        // [7]
/// favorites.activityFeed  // [Activity(timestamp: …, type: .addedFavoritePrime(7))]
/// ```
@MainActor
@Observable
public final class Favorites {
  /// The favourite primes, in the order they were added.
  public private(set) var primes: [Int]
  /// What the user did to their favourites, oldest first.
  public private(set) var activityFeed: [Activity]
  @ObservationIgnored private let now: @Sendable () -> Date

  /// Creates the favourites.
  ///
  /// - Parameters:
  ///   - primes: The favourites to start with.
  ///   - activityFeed: The feed to start with.
  ///   - now: The date stamped on each activity (the app passes `Date.init`).
  public init(
    primes: [Int] = [],
    activityFeed: [Activity] = [],
    now: @escaping @Sendable () -> Date
  ) {
    self.primes = primes
    self.activityFeed = activityFeed
    self.now = now
  }

  /// Adds `prime`, recording the addition.
  ///
  /// - Parameter prime: A prime (the file keeps primes only).
  public func add(_ prime: Int) {
    primes.append(prime)
    activityFeed.append(Activity(timestamp: now(), type: .addedFavoritePrime(prime)))
  }

  /// Removes every copy of `prime`, recording the removal.
  ///
  /// - Parameter prime: The prime to remove.
  public func remove(_ prime: Int) {
    primes.removeAll { $0 == prime }
    activityFeed.append(Activity(timestamp: now(), type: .removedFavoritePrime(prime)))
  }

  /// Removes the primes at `offsets`, recording one removal per prime; offsets outside the list
  /// are ignored.
  ///
  /// - Parameter offsets: Positions in ``primes``.
  public func remove(atOffsets offsets: IndexSet) {
    let valid = offsets.filter(primes.indices.contains)
    for index in valid {
      activityFeed.append(Activity(timestamp: now(), type: .removedFavoritePrime(primes[index])))
    }
    for index in valid.reversed() { primes.remove(at: index) }
  }

  /// Replaces the list with one read from the file; a load is not an activity.
  ///
  /// - Parameter primes: The file's favourites.
  public func replace(with primes: [Int]) {
    self.primes = primes
  }
}
