import ComposableArchitecture
import Foundation
import PrimeTimeCore

extension Reducer where State == AppFeature.State, Action == AppFeature.Action {
  /// Records favourite-prime changes in the activity feed, around the app's reducer.
  ///
  /// A higher-order reducer, as in the episodes: the screens know nothing of the feed; this
  /// wrapper sees every app action first and appends an ``Activity`` stamped with `\.date` for
  /// each prime saved, removed or deleted.
  ///
  /// ```swift
  /// var body: some Reducer<State, Action> {
  ///   CombineReducers { … }.activityFeed()
  /// }
  /// ```
  ///
  /// - Returns: The app's reducer, recording activities.
  public func activityFeed() -> ActivityFeed<Self> {
    ActivityFeed(base: self)
  }
}

/// The reducer returned by ``ComposableArchitecture/Reducer/activityFeed()``.
public struct ActivityFeed<Base: Reducer>: Reducer
where Base.State == AppFeature.State, Base.Action == AppFeature.Action {
  let base: Base
  @Dependency(\.date) var date

  public func reduce(
    into state: inout AppFeature.State,
    action: AppFeature.Action
  ) -> Effect<AppFeature.Action> {
    switch action {
    case .counter(.primeModal(.presented(.saveFavoritePrimeTapped))):
      if let modal = state.primeModal, modal.isPrime {
        let count = modal.count
        state.activityFeed.append(Activity(timestamp: date.now, type: .addedFavoritePrime(count)))
      }
    case .counter(.primeModal(.presented(.removeFavoritePrimeTapped))):
      if let count = state.primeModal?.count {
        state.activityFeed.append(Activity(timestamp: date.now, type: .removedFavoritePrime(count)))
      }
    case .favoritePrimes(.deleteFavoritePrimes(let offsets)):
      for index in offsets where state.favoritePrimes.indices.contains(index) {
        state.activityFeed.append(
          Activity(timestamp: date.now, type: .removedFavoritePrime(state.favoritePrimes[index]))
        )
      }
    default:
      break
    }
    return base.reduce(into: &state, action: action)
  }
}
