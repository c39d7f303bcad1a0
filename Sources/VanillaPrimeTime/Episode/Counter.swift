import Foundation
import PrimeTimeCore

/// The counter screen: `−`/`+`, "Is this prime?" (presents the prime modal) and "What is the
/// nth prime?" (asks the nth-prime client and shows an alert).
///
/// The logic the seed pulls out of the view body lives in methods; the nth-prime request is a
/// callback-style closure with a live default, which tests replace.
///
/// ```swift
/// var counter = CounterView(state: state)
/// counter.nthPrime = { n, callback in callback(17) }
/// counter.nthPrimeButtonAction()
/// ```
@MainActor
public struct CounterView {
  /// The app's model.
  public let state: AppState

  /// Whether the prime modal is shown (view-local state, like SwiftUI's `@State`).
  @ViewState public var isPrimeModalShown = false

  /// Asks for the nth prime and calls back on the main actor (live: the local sieve).
  public var nthPrime:
    (_ n: Int, _ callback: @escaping @MainActor @Sendable (Int?) -> Void) -> Void =
      { n, callback in PrimeTimeCore.nthPrime(n, callback: callback) }

  /// The current date, stamped on activities recorded by the prime modal (live: `Date()`).
  public var now: () -> Date = Date.init

  /// Creates the screen.
  ///
  /// - Parameter state: The app's model.
  public init(state: AppState) {
    self.state = state
  }

  /// The counter's label, for example "7".
  public var countLabel: String { "\(state.count)" }

  /// The alert's title when shown, for example "The 7th prime is 17".
  public var alertTitle: String? {
    state.alertNthPrime.map { $0.title(forNth: state.count) }
  }

  /// `−` tapped.
  public func decrementCount() {
    state.count -= 1
  }

  /// `+` tapped.
  public func incrementCount() {
    state.count += 1
  }

  /// "Is this prime?" tapped: presents the prime modal.
  public func isPrimeButtonAction() {
    isPrimeModalShown = true
  }

  /// The prime modal, while it is shown: built from the model as the view body would build it.
  ///
  /// Not public: in SwiftUI the sheet's content exists only inside `body`, and a test reaches it
  /// only by hosting the app and tapping through ``screen``, as a UI test does.
  var primeModal: IsPrimeModalView? {
    guard isPrimeModalShown else { return nil }
    var modal = IsPrimeModalView(
      activityFeed: Binding(state, \.activityFeed),
      count: state.count,
      favoritePrimes: Binding(state, \.favoritePrimes)
    )
    modal.now = now
    return modal
  }

  /// The prime modal was dismissed (swiped away).
  public func primeModalDismissed() {
    isPrimeModalShown = false
  }

  /// "What is the nth prime?" tapped: disables the button, asks the client, and on the answer
  /// re-enables it and shows the alert if a prime came back.
  public func nthPrimeButtonAction() {
    state.isNthPrimeButtonDisabled = true
    state.nthPrimeQuestion += 1
    let state = state
    let question = state.nthPrimeQuestion
    nthPrime(state.count) { prime in
      guard state.nthPrimeQuestion == question else { return }  // cancelled meanwhile
      state.alertNthPrime = prime.map(PrimeAlert.init(prime:))
      state.isNthPrimeButtonDisabled = false
    }
  }

  /// "Cancel" tapped while the nth prime is asked: re-enables the button.
  ///
  /// The answer is dropped when it comes. The callback client has no way to stop the work it
  /// started: the live engine finishes its sieve, and nobody reads the result.
  public func nthPrimeCancelButtonAction() {
    state.nthPrimeQuestion += 1
    state.isNthPrimeButtonDisabled = false
  }

  /// The alert's OK tapped.
  public func alertDismissButtonAction() {
    state.alertNthPrime = nil
  }

  /// What the screen shows, laid out as its `body` would lay it out.
  public var screen: Screen {
    .counter(
      count: state.count,
      countLabel: countLabel,
      isNthPrimeButtonEnabled: !state.isNthPrimeButtonDisabled,
      decrement: decrementCount,
      increment: incrementCount,
      isPrime: isPrimeButtonAction,
      nthPrime: nthPrimeButtonAction,
      cancelNthPrime: nthPrimeCancelButtonAction,
      modal: primeModal.map { Screen.Sheet($0.screen, dismiss: primeModalDismissed) },
      alertTitle: alertTitle,
      dismissAlert: alertDismissButtonAction
    )
  }
}
