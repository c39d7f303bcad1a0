import PrimeTimeCore
import Testing
import VanillaPrimeTime

/// The counter screen as it was before the testing episode moved its button and alert state into
/// the model: both live in the screen's own view state.
@MainActor
struct CounterViewWithLocalState {
  let state: AppState
  @ViewState var isNthPrimeButtonDisabled = false
  @ViewState var alertNthPrime: PrimeAlert?
  var nthPrime: (Int, @escaping (Int?) -> Void) -> Void

  /// What the button does; the recorded values are what the method itself saw.
  func nthPrimeButtonAction() -> [Bool] {
    var seen = [isNthPrimeButtonDisabled]
    isNthPrimeButtonDisabled = true
    seen.append(isNthPrimeButtonDisabled)
    nthPrime(state.count) { prime in
      alertNthPrime = prime.map(PrimeAlert.init(prime:))
      isNthPrimeButtonDisabled = false
    }
    return seen
  }
}

/// `@ViewState` behaves as SwiftUI's `@State`: untestable outside a view hierarchy.
@MainActor
@Suite struct ViewStateTests {
  /// Lesson "`@State` is not testable": the flag reads `false`, then `false` again.
  ///
  /// The method sets the flag and reads it back on the next line. The screen is not installed
  /// anywhere, so its view state keeps nothing; nor does the alert appear when the answer comes.
  @Test func viewLocalStateIgnoresWritesInATest() {
    let view = CounterViewWithLocalState(state: AppState(count: 7)) { _, callback in
      callback(17)
    }
    #expect(view.nthPrimeButtonAction() == [false, false])
    #expect(view.isNthPrimeButtonDisabled == false)
    #expect(view.alertNthPrime == nil)
  }

  /// The same screen installed in a host, as a running app has it: the writes stick.
  ///
  /// A unit test of a real SwiftUI view has no such host to reach into, which is why the app
  /// keeps this state in `AppState`, where `CounterTests` can check it.
  @Test func hostedViewStateKeepsWrites() {
    let view = ViewHost(
      rootView: CounterViewWithLocalState(state: AppState(count: 7)) { _, callback in
        callback(17)
      }
    ).rootView
    #expect(view.nthPrimeButtonAction() == [false, true])
    #expect(view.isNthPrimeButtonDisabled == false)
    #expect(view.alertNthPrime == PrimeAlert(prime: 17))
  }

  /// A binding made from view state drops writes the same way.
  @Test func bindingsToViewLocalStateIgnoreWritesToo() {
    let screen = FavoritePrimesView(
      favoritePrimes: Binding(get: { [7] }, set: { _ in }),
      activityFeed: Binding(get: { [] }, set: { _ in })
    )
    screen.alertDismissButtonAction()
    screen.alertMessage = "shown"
    #expect(screen.alertMessage == nil)
  }
}
