import Foundation
import PrimeTimeCore

/// The "Is this prime?" modal written against the app's model itself, so a save or a remove
/// costs the same with 10 favourites or 100,000.
///
/// ``IsPrimeModalView`` is the episode's design and stays the app's: it receives two bindings,
/// as a SwiftUI child view receives `$state.favoritePrimes`. A binding is a getter and a setter
/// with nothing in between, so each write through it reads the whole array out of the model,
/// changes that copy — which copies the storage, since the model still holds it — and writes it
/// back. This modal holds the model and changes its arrays where they live: an `@Observable`
/// property is changed in place, so appending copies nothing. A remove looks for the count from
/// the end, where the favourite just saved is, and removes that one copy (the episode's
/// `removeAll` reads the whole list every time, and removes every copy).
///
/// ```swift
/// let modal = PrimeModalInPlaceModel(state: state)
/// modal.saveFavoritePrime()
/// ```
///
/// What it gives up: the modal now depends on the whole `AppState`, not on the two values it
/// needs, so a preview or a test must build an `AppState` to show it.
@MainActor
public struct PrimeModalInPlaceModel {
  /// The app's model, changed in place.
  public let state: AppState
  /// The current date, stamped on activities (live: `Date()`).
  public var now: () -> Date = Date.init

  /// Creates the modal.
  ///
  /// - Parameter state: The app's model; the modal asks about its count.
  public init(state: AppState) {
    self.state = state
  }

  /// The number being asked about.
  public var count: Int { state.count }

  /// Whether the count is prime.
  public var isPrime: Bool { PrimeTimeCore.isPrime(count) }

  /// Whether the count is a favourite already.
  public var isFavorite: Bool { state.favoritePrimes.contains(count) }

  /// The modal's message: "7 is prime 🎉" or "8 is not prime :(".
  public var message: String { isPrime ? "\(count) is prime 🎉" : "\(count) is not prime :(" }

  /// "Save to favorite primes" tapped (only a prime can be a favourite).
  public func saveFavoritePrime() {
    guard isPrime else { return }
    state.favoritePrimes.append(count)
    state.activityFeed.append(Activity(timestamp: now(), type: .addedFavoritePrime(count)))
  }

  /// "Remove from favorite primes" tapped: removes the newest copy of the count.
  public func removeFavoritePrime() {
    if let index = state.favoritePrimes.lastIndex(of: count) {
      state.favoritePrimes.remove(at: index)
    }
    state.activityFeed.append(Activity(timestamp: now(), type: .removedFavoritePrime(count)))
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
