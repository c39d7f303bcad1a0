import ComposableArchitecture
import PrimeTimeCore

/// The root screen: two links, to the counter and to the favourite primes, each given a scope
/// of the app's store.
///
/// ```swift
/// let content = ContentView(store: Store(initialState: AppFeature.State()) { AppFeature() })
/// content.counterView.incrementCount()
/// ```
@MainActor
public struct ContentView {
  /// The app's store.
  public let store: StoreOf<AppFeature>

  /// Creates the screen.
  ///
  /// - Parameter store: The app's store.
  public init(store: StoreOf<AppFeature>) {
    self.store = store
  }

  /// The links' titles.
  public var links: [String] { ["Counter demo", "Favorite primes"] }

  /// The counter screen, on the counter's part of the app.
  public var counterView: CounterView {
    CounterView(store: store.scope(state: \.counter, action: \.counter))
  }

  /// The favourites screen, on the favourites' part of the app.
  public var favoritePrimesView: FavoritePrimesView {
    FavoritePrimesView(store: store.scope(state: \.favoritePrimesScreen, action: \.favoritePrimes))
  }

  /// What the root screen shows: a link to each screen.
  public var screen: Screen { .root(links: links) }
}
