import Foundation
import PrimeTimeCore

/// What a user can observe of the PrimeTime app, the same for both implementations.
///
/// Each app's driver produces one, so outcomes compare exactly with `==`.
public struct AppSnapshot: Equatable, Sendable, CustomStringConvertible {
  public var count: Int
  public var favoritePrimes: [Int]
  public var loggedInUser: User?
  public var activityFeed: [Activity]
  public var alertNthPrime: PrimeAlert?
  public var isNthPrimeButtonDisabled: Bool
  public var isPrimeModalShown: Bool
  public var favoritesAlertMessage: String?

  /// Creates a snapshot.
  public init(
    count: Int,
    favoritePrimes: [Int],
    loggedInUser: User?,
    activityFeed: [Activity],
    alertNthPrime: PrimeAlert?,
    isNthPrimeButtonDisabled: Bool,
    isPrimeModalShown: Bool,
    favoritesAlertMessage: String?
  ) {
    self.count = count
    self.favoritePrimes = favoritePrimes
    self.loggedInUser = loggedInUser
    self.activityFeed = activityFeed
    self.alertNthPrime = alertNthPrime
    self.isNthPrimeButtonDisabled = isNthPrimeButtonDisabled
    self.isPrimeModalShown = isPrimeModalShown
    self.favoritesAlertMessage = favoritesAlertMessage
  }

  /// One line per field, for failure messages.
  public var description: String {
    """
    count: \(count), favorites: \(favoritePrimes), modal: \(isPrimeModalShown), \
    alert: \(alertNthPrime.map { "\($0.prime)" } ?? "nil"), disabled: \(isNthPrimeButtonDisabled), \
    favoritesAlert: \(favoritesAlertMessage ?? "nil"), feed: \(activityFeed.map(\.type))
    """
  }

  /// Whether the screen offers `intent` now (a driver never taps a button that is not shown).
  public func offers(_ intent: AppIntent) -> Bool {
    switch intent {
    case .incrementTapped, .decrementTapped, .isPrimeTapped, .saveTapped, .loadTapped:
      return !isPrimeModalShown && alertNthPrime == nil && favoritesAlertMessage == nil
    case .nthPrimeTapped:
      return !isPrimeModalShown && alertNthPrime == nil && favoritesAlertMessage == nil
        && !isNthPrimeButtonDisabled
    case .saveFavoriteTapped:
      return isPrimeModalShown && isPrime(count) && !favoritePrimes.contains(count)
    case .removeFavoriteTapped:
      return isPrimeModalShown && favoritePrimes.contains(count)
    case .primeModalDismissed:
      return isPrimeModalShown
    case .alertDismissed:
      return alertNthPrime != nil
    case .favoritesAlertDismissed:
      return favoritesAlertMessage != nil
    case .deleteFavorites:
      return !isPrimeModalShown && alertNthPrime == nil && favoritesAlertMessage == nil
        && !favoritePrimes.isEmpty
    }
  }
}

/// What a user does in the PrimeTime app, independent of how the app is built.
public enum AppIntent: Equatable, Sendable, CustomStringConvertible {
  case incrementTapped
  case decrementTapped
  case isPrimeTapped
  case saveFavoriteTapped
  case removeFavoriteTapped
  case primeModalDismissed
  /// "What is the nth prime?", waiting for the answer.
  case nthPrimeTapped
  case alertDismissed
  case deleteFavorites(IndexSet)
  /// "Save" on the favourites screen, waiting for the write.
  case saveTapped
  /// "Load" on the favourites screen, waiting for the read.
  case loadTapped
  case favoritesAlertDismissed

  public var description: String {
    switch self {
    case .incrementTapped: "incrementTapped"
    case .decrementTapped: "decrementTapped"
    case .isPrimeTapped: "isPrimeTapped"
    case .saveFavoriteTapped: "saveFavoriteTapped"
    case .removeFavoriteTapped: "removeFavoriteTapped"
    case .primeModalDismissed: "primeModalDismissed"
    case .nthPrimeTapped: "nthPrimeTapped"
    case .alertDismissed: "alertDismissed"
    case .deleteFavorites(let offsets): "deleteFavorites(\(Array(offsets)))"
    case .saveTapped: "saveTapped"
    case .loadTapped: "loadTapped"
    case .favoritesAlertDismissed: "favoritesAlertDismissed"
    }
  }
}

/// What a user can observe of the navigation stack, the same for both implementations.
public struct StackSnapshot: Equatable, Sendable {
  /// A screen on the stack.
  public enum Element: Equatable, Sendable {
    case counter(count: Int, isTimerOn: Bool, isLoading: Bool)
    case numberFact(number: Int, fact: String?)
    case primeNumber(number: Int)
  }

  public var elements: [Element]
  public var sum: Int

  public init(elements: [Element], sum: Int) {
    self.elements = elements
    self.sum = sum
  }
}

/// What a user does on the navigation stack (and how time passes).
public enum StackIntent: Equatable, Sendable {
  case pushCounter(Int)
  case pushNumberFact(Int)
  case pushPrimeNumber(Int)
  /// The back button to the screen below `index` (pops `index` and everything above).
  case pop(fromIndex: Int)
  case increment(Int)
  case decrement(Int)
  case toggleTimer(Int)
  case loadAndGo(Int)
  case getFact(Int)
  /// The number fact screen's stepper at `index` writes `number` through its binding.
  case setNumber(Int, to: Int)
  /// Time passes on the test clock.
  case advance(seconds: Int)
}

/// A driver of one app implementation: performs intents, reports what a user would see.
@MainActor
public protocol AppDriver {
  func perform(_ intent: AppIntent) async throws
  var snapshot: AppSnapshot { get }
}

/// A driver of one stack implementation.
@MainActor
public protocol StackDriver {
  func perform(_ intent: StackIntent) async
  var snapshot: StackSnapshot { get }
}
