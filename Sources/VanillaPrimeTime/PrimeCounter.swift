import Foundation
import Observation
import PrimeTimeCore

/// The counter screen's model: `−`/`+`, the prime modal it presents, and the nth-prime question
/// with its alert.
///
/// Everything the screen shows is a property here, presentation included: the modal is
/// ``primeModal`` (a model while presented) and the alert is ``alert``. The nth-prime question is
/// a `Task` the model keeps: the method that starts it returns it, so a test awaits the answer
/// instead of guessing when it came; Cancel cancels it, and so does the model going away.
///
/// ```swift
/// let counter = PrimeCounterModel(
///   count: 7,
///   favorites: Favorites(now: Date.init),
///   nthPrime: NthPrimeClient { _ in 17 }
/// )
/// await counter.nthPrimeButtonTapped().value
/// counter.alert  // PrimeAlert(prime: 17)
/// ```
@MainActor
@Observable
public final class PrimeCounterModel {
  /// The count.
  public var count: Int
  /// The prime modal, while presented.
  public var primeModal: PrimeModalModel?
  /// The "nth prime" alert, while shown.
  public var alert: PrimeAlert?
  /// Whether the "What is the nth prime?" button is disabled (while a question is asked).
  public var isNthPrimeButtonDisabled = false

  /// The favourites, shared with the modal and the favourites list.
  public let favorites: Favorites
  @ObservationIgnored private let nthPrime: NthPrimeClient
  /// The nth-prime question while it is asked: await it for the answer, or cancel it.
  @ObservationIgnored public private(set) var nthPrimeTask: Task<Void, Never>?

  /// Creates the model.
  ///
  /// - Parameters:
  ///   - count: The starting count.
  ///   - favorites: The favourites, shared with the rest of the app.
  ///   - nthPrime: Answers the nth-prime question.
  public init(count: Int = 0, favorites: Favorites, nthPrime: NthPrimeClient) {
    self.count = count
    self.favorites = favorites
    self.nthPrime = nthPrime
  }

  isolated deinit {
    nthPrimeTask?.cancel()
  }

  /// The alert's title while shown, for example "The 7th prime is 17".
  public var alertTitle: String? { alert.map { $0.title(forNth: count) } }

  /// `−` tapped.
  public func decrementButtonTapped() {
    count -= 1
  }

  /// `+` tapped.
  public func incrementButtonTapped() {
    count += 1
  }

  /// "Is this prime?" tapped: presents the modal on the count and the shared favourites.
  public func isPrimeButtonTapped() {
    primeModal = PrimeModalModel(count: count, favorites: favorites)
  }

  /// The modal was swiped away.
  public func primeModalDismissed() {
    primeModal = nil
  }

  /// "What is the nth prime?" tapped: disables the button and asks the client; the answer
  /// re-enables it and shows the alert if a prime came back.
  ///
  /// - Returns: The question's task: await it for the answer, or cancel it.
  @discardableResult
  public func nthPrimeButtonTapped() -> Task<Void, Never> {
    isNthPrimeButtonDisabled = true
    nthPrimeTask?.cancel()
    let task = Task { [count, nthPrime, weak self] in
      let prime = await nthPrime.nthPrime(count)
      // A cancelled question's answer is dropped, even if the client answered anyway.
      guard !Task.isCancelled else { return }
      self?.nthPrimeAnswered(prime)
    }
    nthPrimeTask = task
    return task
  }

  /// "Cancel" tapped while the question is asked: stops it and re-enables the button.
  public func nthPrimeCancelButtonTapped() {
    nthPrimeTask?.cancel()
    nthPrimeTask = nil
    isNthPrimeButtonDisabled = false
  }

  /// The alert's OK tapped.
  public func alertDismissButtonTapped() {
    alert = nil
  }

  private func nthPrimeAnswered(_ prime: Int?) {
    nthPrimeTask = nil
    alert = prime.map(PrimeAlert.init(prime:))
    isNthPrimeButtonDisabled = false
  }
}

/// The counter screen: lays out what its model holds; no logic of its own.
///
/// Each button calls the model method named for it.
///
/// ```swift
/// let screen = PrimeCounterScreen(model: counter)
/// screen.screen.button("+")?.action()
/// ```
@MainActor
public struct PrimeCounterScreen {
  /// The screen's model.
  public let model: PrimeCounterModel

  /// Creates the screen.
  ///
  /// - Parameter model: The screen's model.
  public init(model: PrimeCounterModel) {
    self.model = model
  }

  /// What the screen shows, laid out as its `body` would lay it out.
  public var screen: Screen {
    let model = model
    return .counter(
      count: model.count,
      countLabel: "\(model.count)",
      isNthPrimeButtonEnabled: !model.isNthPrimeButtonDisabled,
      decrement: { model.decrementButtonTapped() },
      increment: { model.incrementButtonTapped() },
      isPrime: { model.isPrimeButtonTapped() },
      nthPrime: { model.nthPrimeButtonTapped() },
      cancelNthPrime: { model.nthPrimeCancelButtonTapped() },
      modal: model.primeModal.map {
        Screen.Sheet(PrimeModalScreen(model: $0).screen, dismiss: { model.primeModalDismissed() })
      },
      alertTitle: model.alertTitle,
      dismissAlert: { model.alertDismissButtonTapped() }
    )
  }
}
