import Foundation
import PrimeTimeCore
import PrimeTimeFixtures

extension UIApp {
  /// Performs a user's intent the way a UI test does: goes to the screen, taps the button with
  /// that title, swipes, and waits.
  ///
  /// Deleting rows that are not on screen deletes the ones that are (an app is never asked to
  /// delete a row that does not exist); deleting none does nothing.
  ///
  /// - Parameter intent: What the user does.
  public func perform(_ intent: AppIntent) async throws {
    switch intent {
    case .incrementTapped: try await tap("+", on: "Counter demo")
    case .decrementTapped: try await tap("-", on: "Counter demo")
    case .isPrimeTapped: try await tap("Is this prime?", on: "Counter demo")
    case .saveFavoriteTapped: try await tap("Save to favorite primes")
    case .removeFavoriteTapped: try await tap("Remove from favorite primes")
    case .primeModalDismissed: try await dismissSheet()
    case .nthPrimeTapped:
      try show("Counter demo")
      try await tap("What is the ", prefix: true)
    case .alertDismissed, .favoritesAlertDismissed: try await tap("Ok")
    case .deleteFavorites(let offsets):
      try show("Favorite primes")
      let onScreen = IndexSet(offsets.filter(screen.rows.indices.contains))
      if !onScreen.isEmpty { try await deleteRows(onScreen) }
    case .saveTapped: try await tap("Save", on: "Favorite primes")
    case .loadTapped: try await tap("Load", on: "Favorite primes")
    }
  }

  private func tap(_ title: String, on link: String) async throws {
    try show(link)
    try await tap(title)
  }

  /// What a UI test can read of the PrimeTime app: the labels of its two screens.
  public var visible: VisibleSnapshot {
    get throws {
      let counter = try look(at: "Counter demo")
      let favorites = try look(at: "Favorite primes")
      return VisibleSnapshot(
        counter: counter.lines,
        favorites: favorites.lines
      )
    }
  }
}

/// What a user sees on the counter and the favourites screens, as lines of text.
public struct VisibleSnapshot: Equatable, CustomStringConvertible {
  /// The counter screen (with its sheet and alert).
  public var counter: [String]
  /// The favourites screen (with its alert).
  public var favorites: [String]

  /// The screens as they are drawn.
  public init(counter: [String], favorites: [String]) {
    self.counter = counter
    self.favorites = favorites
  }

  /// What the screens must show for the app state `snapshot`, written out independently of
  /// either app (the texts a UI test asserts).
  @MainActor
  public init(expected snapshot: AppSnapshot) {
    let count = snapshot.count
    let prime = isPrime(count)
    let modal = Screen.primeModal(
      message: prime ? "\(count) is prime 🎉" : "\(count) is not prime :(",
      isPrime: prime,
      isFavorite: snapshot.favoritePrimes.contains(count),
      save: {},
      remove: {}
    )
    counter =
      Screen.counter(
        count: count,
        countLabel: "\(count)",
        isNthPrimeButtonEnabled: !snapshot.isNthPrimeButtonDisabled,
        decrement: {},
        increment: {},
        isPrime: {},
        nthPrime: {},
        cancelNthPrime: {},
        modal: snapshot.isPrimeModalShown ? Screen.Sheet(modal, dismiss: {}) : nil,
        alertTitle: snapshot.alertNthPrime.map { "The \(ordinal(count)) prime is \($0.prime)" },
        dismissAlert: {}
      ).lines
    favorites =
      Screen.favoritePrimes(
        snapshot.favoritePrimes,
        delete: { _ in },
        save: {},
        load: {},
        alertMessage: snapshot.favoritesAlertMessage,
        dismissAlert: {}
      ).lines
  }

  public var description: String {
    (counter + favorites).joined(separator: " | ")
  }
}
