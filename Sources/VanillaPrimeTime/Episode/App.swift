import Foundation
import Observation
import PrimeTimeCore

/// The app's shared model: one observable object that every screen reads and writes.
///
/// This is the vanilla architecture of the seed, as Apple's documentation teaches it: an
/// `@Observable` class owns the state, screens hold it (or `Binding`s into it) and call methods
/// that change it.
///
/// ```swift
/// let state = AppState()
/// let counter = CounterView(state: state)
/// counter.incrementCount()
/// state.count  // 1
/// ```
@MainActor
@Observable
public final class AppState {
  /// The counter's value.
  public var count: Int
  /// The user's favourite primes, in the order they were added.
  public var favoritePrimes: [Int]
  /// The logged-in user, if any.
  public var loggedInUser: User?
  /// What the user did to their favourites, oldest first.
  public var activityFeed: [Activity]
  /// The "nth prime" alert, when shown.
  public var alertNthPrime: PrimeAlert?
  /// Whether the "What is the nth prime?" button is disabled (while a request runs).
  public var isNthPrimeButtonDisabled: Bool
  /// The favourites screen's error alert, when shown.
  ///
  /// Kept here rather than in the screen's own `@ViewState`, as the testing episode moves such
  /// state into the model: view-local state of a screen that is not installed in a view
  /// hierarchy keeps no writes, so a test could never see the alert.
  public var favoritePrimesAlertMessage: String?
  /// Which nth-prime question the counter still waits for.
  ///
  /// Bumped by each question and by "Cancel", so the answer to a cancelled question, which still
  /// arrives (a callback cannot be taken back), is dropped. Bookkeeping, not something a screen
  /// shows: not observed.
  @ObservationIgnored public var nthPrimeQuestion = 0

  /// Creates the model.
  public init(
    count: Int = 0,
    favoritePrimes: [Int] = [],
    loggedInUser: User? = nil,
    activityFeed: [Activity] = [],
    alertNthPrime: PrimeAlert? = nil,
    isNthPrimeButtonDisabled: Bool = false,
    favoritePrimesAlertMessage: String? = nil
  ) {
    self.count = count
    self.favoritePrimes = favoritePrimes
    self.loggedInUser = loggedInUser
    self.activityFeed = activityFeed
    self.alertNthPrime = alertNthPrime
    self.isNthPrimeButtonDisabled = isNthPrimeButtonDisabled
    self.favoritePrimesAlertMessage = favoritePrimesAlertMessage
  }
}
