import BenchmarkHarness
import ComposableArchitecture
import ComposablePrimeTime
import VanillaPrimeTime

/// Saving and removing a favourite through each style's sharing mechanism (the modal's
/// bindings; the modal's presentation state copied back by the counter), with a small and a
/// large list; then the same through the designs that copy no list (a modal that changes the
/// model in place; a modal that reports to the parent owning the list).
@MainActor
func largeStateBenchmarks(favorites: Int) -> [Benchmark] {
  let primes = Array(repeating: 2, count: favorites)
  return [
    Benchmark(
      name: "Vanilla.SaveRemoveFavorite.\(favorites)",
      pair: "save + remove favourite, \(favorites) favourites",
      style: .vanilla
    ) {
      let state = AppState(count: 7, favoritePrimes: primes)
      let modal = IsPrimeModalView(
        activityFeed: Binding(state, \.activityFeed),
        count: 7,
        favoritePrimes: Binding(state, \.favoritePrimes)
      )
      return .sync { iterations in
        for _ in 0..<iterations {
          // The modal's two writes, without the activity feed (which would grow without bound).
          modal.favoritePrimes.append(7)
          modal.favoritePrimes.removeAll { $0 == 7 }
        }
        blackHole(state.favoritePrimes.count)
      }
    },
    Benchmark(
      name: "Store.SaveRemoveFavorite.\(favorites)",
      pair: "save + remove favourite, \(favorites) favourites",
      style: .composable
    ) {
      let store = Store(
        initialState: Counter.State(
          count: 7,
          favoritePrimes: primes,
          primeModal: PrimeModal.State(count: 7, favoritePrimes: primes)
        )
      ) {
        Counter()
      }
      return .sync { iterations in
        for _ in 0..<iterations {
          store.send(.primeModal(.presented(.saveFavoritePrimeTapped)))
          store.send(.primeModal(.presented(.removeFavoritePrimeTapped)))
        }
        blackHole(store)
      }
    },
    Benchmark(
      name: "Vanilla.SaveRemoveFavoriteInPlace.\(favorites)",
      pair: "save + remove favourite, no copy, \(favorites) favourites",
      style: .vanilla
    ) {
      let state = AppState(count: 7, favoritePrimes: primes)
      let modal = PrimeModalInPlaceModel(state: state)
      return .sync { iterations in
        for _ in 0..<iterations {
          modal.saveFavoritePrime()
          modal.removeFavoritePrime()
          // The two activities, dropped so the feed stays two entries long.
          state.activityFeed.removeAll(keepingCapacity: true)
        }
        blackHole(state.favoritePrimes.count)
      }
    },
    Benchmark(
      name: "Store.SaveRemoveFavoriteReported.\(favorites)",
      pair: "save + remove favourite, no copy, \(favorites) favourites",
      style: .composable
    ) {
      let store = Store(
        initialState: FavoritesCounter.State(
          count: 7,
          favoritePrimes: primes,
          primeModal: PrimeModalReporting.State(count: 7, isFavorite: false)
        )
      ) {
        FavoritesCounter()
      }
      return .sync { iterations in
        for _ in 0..<iterations {
          store.send(.primeModal(.presented(.saveFavoritePrimeTapped)))
          store.send(.primeModal(.presented(.removeFavoritePrimeTapped)))
        }
        blackHole(store)
      }
    },
  ]
}

@MainActor
let largeStateBenchmarks: [Benchmark] =
  largeStateBenchmarks(favorites: 10) + largeStateBenchmarks(favorites: 100_000)
