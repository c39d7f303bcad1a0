import Foundation
import PrimeTimeCore

/// The favourite primes list: delete (recording one activity per prime), save to the
/// favourites file, load from it.
///
/// File access goes through closure properties with live defaults (the real favourites file),
/// which tests replace. A file error is shown as an alert and changes nothing.
///
/// ```swift
/// var screen = content.favoritePrimesView
/// screen.saveFavoritePrimesFile = { primes in saved = primes }
/// screen.saveFavoritePrimes()
/// ```
@MainActor
public struct FavoritePrimesView {
  /// The favourite primes, owned by the app's model.
  @Binding public var favoritePrimes: [Int]
  /// The activity feed, owned by the app's model.
  @Binding public var activityFeed: [Activity]
  /// The error alert's message, when shown: the model's, through a binding (from
  /// `ContentView`), or the screen's own view state, which a test cannot observe.
  @Binding public var alertMessage: String?

  /// The current date, stamped on activities (live: `Date()`).
  public var now: () -> Date = Date.init
  /// Reads the favourites file: `nil` when there is none (live: the data directory's file).
  public var loadFavoritePrimesFile: () throws -> [Int]? = {
    try FavoritePrimesFile.load(from: .live)
  }
  /// Writes the favourites file atomically (live: the data directory's file).
  public var saveFavoritePrimesFile: ([Int]) throws -> Void = {
    try FavoritePrimesFile.save($0, to: .live)
  }

  /// Creates the screen with its alert in view-local state (as the seed app had it).
  ///
  /// - Parameters:
  ///   - favoritePrimes: The model's favourites.
  ///   - activityFeed: The model's activity feed.
  public init(favoritePrimes: Binding<[Int]>, activityFeed: Binding<[Activity]>) {
    self.init(
      favoritePrimes: favoritePrimes,
      activityFeed: activityFeed,
      alertMessage: ViewState(wrappedValue: nil).projectedValue
    )
  }

  /// Creates the screen with its alert in the app's model, where a test can see it.
  ///
  /// - Parameters:
  ///   - favoritePrimes: The model's favourites.
  ///   - activityFeed: The model's activity feed.
  ///   - alertMessage: The model's alert message.
  public init(
    favoritePrimes: Binding<[Int]>,
    activityFeed: Binding<[Activity]>,
    alertMessage: Binding<String?>
  ) {
    self._favoritePrimes = favoritePrimes
    self._activityFeed = activityFeed
    self._alertMessage = alertMessage
  }

  /// Swipe-to-delete: removes the primes at `offsets`, recording one activity per prime.
  ///
  /// Offsets outside the list are ignored.
  ///
  /// - Parameter offsets: Positions in ``favoritePrimes``.
  public func deleteFavoritePrimes(at offsets: IndexSet) {
    let valid = offsets.filter { favoritePrimes.indices.contains($0) }
    for index in valid {
      activityFeed.append(
        Activity(timestamp: now(), type: .removedFavoritePrime(favoritePrimes[index]))
      )
    }
    var remaining = favoritePrimes
    for index in valid.reversed() { remaining.remove(at: index) }
    favoritePrimes = remaining
  }

  /// "Save" tapped: writes the list; a failure shows an alert.
  public func saveFavoritePrimes() {
    do {
      try saveFavoritePrimesFile(favoritePrimes)
    } catch {
      alertMessage = "\(error)"
    }
  }

  /// "Load" tapped: replaces the list with the file's; no file loads nothing; a failure shows
  /// an alert and keeps the list.
  public func loadFavoritePrimes() {
    do {
      if let primes = try loadFavoritePrimesFile() { favoritePrimes = primes }
    } catch {
      alertMessage = "\(error)"
    }
  }

  /// The alert's OK tapped.
  public func alertDismissButtonAction() {
    alertMessage = nil
  }

  /// What the screen shows, laid out as its `body` would lay it out.
  public var screen: Screen {
    .favoritePrimes(
      favoritePrimes,
      delete: deleteFavoritePrimes(at:),
      save: saveFavoritePrimes,
      load: loadFavoritePrimes,
      alertMessage: alertMessage,
      dismissAlert: alertDismissButtonAction
    )
  }
}
