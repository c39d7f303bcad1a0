import ComposableArchitecture
import ComposablePrimeTime
import Foundation
import PrimeTimeCore
import PrimeTimeFixtures

/// Applies a seeded bug to the composable app: a higher-order reducer around `AppFeature`.
public struct SeededBugReducer<Base: Reducer>: Reducer
where Base.State == AppFeature.State, Base.Action == AppFeature.Action {
  let base: Base
  let bug: SeededBug?
  /// The favourites as they were when the app started (for the stale save).
  let staleFavorites: [Int]

  @Dependency(\.primeClient) var primeClient
  @Dependency(\.fileClient) var fileClient

  public init(base: Base, bug: SeededBug?, staleFavorites: [Int]) {
    self.base = base
    self.bug = bug
    self.staleFavorites = staleFavorites
  }

  public func reduce(into state: inout AppFeature.State, action: AppFeature.Action) -> Effect<
    AppFeature.Action
  > {
    // Mistakes that replace the app's behaviour.
    switch (bug, action) {
    case (.saveWritesStaleList, .favoritePrimes(.saveButtonTapped)):
      return .run { [stale = staleFavorites, fileClient] _ in
        try await fileClient.save(FavoritePrimesFile.name, FavoritePrimesFile.encode(stale))
      } catch: { error, send in
        await send(.favoritePrimes(.saveFailed("\(error)")))
      }
    case (.liveClientInTest, .counter(.nthPrimeButtonTapped)):
      state.isNthPrimeButtonDisabled = true
      return .run { [count = state.count] send in
        await send(.counter(.nthPrimeResponse(await PrimeClient.liveValue.nthPrime(count))))
      }
    case (.failedLoadIsSilent, .favoritePrimes(.loadFailed)):
      return .none
    default:
      break
    }

    let before = state
    let effect = base.reduce(into: &state, action: action)

    // Mistakes added to the app's behaviour.
    switch (bug, action) {
    case (.removeClearsActivityFeed, .counter(.primeModal(.presented(.removeFavoritePrimeTapped)))):
      state.activityFeed.removeAll()
    case (.incrementLogsOut, .counter(.incrementButtonTapped)):
      state.loggedInUser = nil
    case (.deleteRecordsNoActivity, .favoritePrimes(.deleteFavoritePrimes)):
      state.activityFeed = before.activityFeed
    case (.modalFavoritesNotShared, .counter(.primeModal(.presented(.saveFavoritePrimeTapped)))):
      state.favoritePrimes = before.favoritePrimes
    case (.nthPrimeResponseTwice, .counter(.nthPrimeButtonTapped)):
      return effect.merge(
        with: .run { [count = state.count, primeClient] send in
          await send(.counter(.nthPrimeResponse(await primeClient.nthPrime(count))))
        }
      )
    case (.unassertedRequestOnIncrement, .counter(.incrementButtonTapped)):
      return effect.merge(
        with: .run { [count = state.count, primeClient] _ in _ = await primeClient.nthPrime(count) }
      )
    case (.wallClockDate, _):
      for index in before.activityFeed.count..<state.activityFeed.count {
        state.activityFeed[index].timestamp = Date()
      }
    default:
      break
    }
    return effect
  }
}
