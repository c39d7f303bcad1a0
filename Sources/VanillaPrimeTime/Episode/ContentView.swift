import Foundation
import PrimeTimeCore

/// The root screen: two links, "Counter demo" and "Favorite primes".
///
/// It owns the `AppState` and builds each destination screen from it, passing the model or
/// bindings into it, as a SwiftUI `NavigationView` body would.
///
/// ```swift
/// let content = ContentView()
/// content.counterView.incrementCount()
/// content.state.count  // 1
/// ```
@MainActor
public struct ContentView {
  /// The app's model.
  public let state: AppState

  /// Creates the root screen over a model.
  ///
  /// - Parameter state: The app's model; a fresh one by default.
  public init(state: AppState = AppState()) {
    self.state = state
  }

  /// The link titles, in order.
  public var links: [String] { ["Counter demo", "Favorite primes"] }

  /// The "Counter demo" destination.
  public var counterView: CounterView { CounterView(state: state) }

  /// The "Favorite primes" destination.
  public var favoritePrimesView: FavoritePrimesView {
    FavoritePrimesView(
      favoritePrimes: Binding(state, \.favoritePrimes),
      activityFeed: Binding(state, \.activityFeed),
      alertMessage: Binding(state, \.favoritePrimesAlertMessage)
    )
  }

  /// What the root screen shows: a link to each screen.
  public var screen: Screen { .root(links: links) }
}
