import Observation
import PrimeTimeCore

/// The "Is this prime?" modal's model: says whether the count is prime and, if so, saves it to or
/// removes it from the favourites.
///
/// It holds the app's ``Favorites`` itself, not a copy: a save is in the favourites list the
/// moment it happens, and the change is recorded in the activity feed by ``Favorites``.
///
/// ```swift
/// let modal = PrimeModalModel(count: 7, favorites: favorites)
/// modal.saveFavoritePrimeTapped()
/// favorites.primes  // [7]
/// ```
@MainActor
@Observable
public final class PrimeModalModel {
  /// The number being asked about.
  public let count: Int
  /// The favourites, shared with the counter and the favourites list.
  public let favorites: Favorites

  /// Creates the model.
  ///
  /// - Parameters:
  ///   - count: The number being asked about.
  ///   - favorites: The app's favourites.
  public init(count: Int, favorites: Favorites) {
    self.count = count
    self.favorites = favorites
  }

  /// Whether the count is prime.
  public var isPrime: Bool { PrimeTimeCore.isPrime(count) }

  /// Whether the count is a favourite already.
  public var isFavorite: Bool { favorites.primes.contains(count) }

  /// The modal's message: "7 is prime 🎉" or "8 is not prime :(".
  public var message: String { isPrime ? "\(count) is prime 🎉" : "\(count) is not prime :(" }

  /// "Save to favorite primes" tapped (shown for a prime only; for any other count it does
  /// nothing, since the favourites file holds primes only).
  public func saveFavoritePrimeTapped() {
    guard isPrime else { return }
    favorites.add(count)
  }

  /// "Remove from favorite primes" tapped.
  public func removeFavoritePrimeTapped() {
    favorites.remove(count)
  }
}

/// The modal's screen: its message and buttons, each calling the model method named for it.
///
/// ```swift
/// PrimeModalScreen(model: modal).screen.button("Save to favorite primes")?.action()
/// ```
@MainActor
public struct PrimeModalScreen {
  /// The screen's model.
  public let model: PrimeModalModel

  /// Creates the screen.
  ///
  /// - Parameter model: The screen's model.
  public init(model: PrimeModalModel) {
    self.model = model
  }

  /// What the modal shows, laid out as its `body` would lay it out.
  public var screen: Screen {
    let model = model
    return .primeModal(
      message: model.message,
      isPrime: model.isPrime,
      isFavorite: model.isFavorite,
      save: { model.saveFavoritePrimeTapped() },
      remove: { model.removeFavoritePrimeTapped() }
    )
  }
}
