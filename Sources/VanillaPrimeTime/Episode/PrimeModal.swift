import Foundation
import PrimeTimeCore

/// The "Is this prime?" modal: says whether the count is prime and, if so, saves it to or
/// removes it from the favourites, recording each change in the activity feed.
///
/// It holds bindings into the app's model, the way a SwiftUI child view receives `$state.x`.
///
/// ```swift
/// let modal = IsPrimeModalView(
///   activityFeed: Binding(state, \.activityFeed),
///   count: 7,
///   favoritePrimes: Binding(state, \.favoritePrimes)
/// )
/// modal.saveFavoritePrime()
/// ```
@MainActor
public struct IsPrimeModalView {
  /// The activity feed, owned by the app's model.
  @Binding public var activityFeed: [Activity]
  /// The number being asked about.
  public let count: Int
  /// The favourite primes, owned by the app's model.
  @Binding public var favoritePrimes: [Int]
  /// The current date, stamped on activities (live: `Date()`).
  public var now: () -> Date = Date.init

  /// Creates the modal.
  public init(activityFeed: Binding<[Activity]>, count: Int, favoritePrimes: Binding<[Int]>) {
    self._activityFeed = activityFeed
    self.count = count
    self._favoritePrimes = favoritePrimes
  }

  /// Whether the count is prime.
  public var isPrime: Bool { PrimeTimeCore.isPrime(count) }

  /// Whether the count is a favourite already.
  public var isFavorite: Bool { favoritePrimes.contains(count) }

  /// The modal's message: "7 is prime 🎉" or "8 is not prime :(".
  public var message: String { isPrime ? "\(count) is prime 🎉" : "\(count) is not prime :(" }

  /// "Save to favorite primes" tapped (the button shows only for a prime; for any other count
  /// this does nothing, since the favourites file holds primes only).
  public func saveFavoritePrime() {
    // Only a prime can be a favourite: the file would refuse anything else.
    guard isPrime else { return }
    favoritePrimes.append(count)
    activityFeed.append(Activity(timestamp: now(), type: .addedFavoritePrime(count)))
  }

  /// "Remove from favorite primes" tapped.
  public func removeFavoritePrime() {
    favoritePrimes.removeAll { $0 == count }
    activityFeed.append(Activity(timestamp: now(), type: .removedFavoritePrime(count)))
  }

  /// What the modal shows, laid out as its `body` would lay it out.
  public var screen: Screen {
    .primeModal(
      message: message,
      isPrime: isPrime,
      isFavorite: isFavorite,
      save: saveFavoritePrime,
      remove: removeFavoritePrime
    )
  }
}
