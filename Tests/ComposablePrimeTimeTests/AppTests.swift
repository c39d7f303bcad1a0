import ComposableArchitectureTesting
import ComposablePrimeTime
import Foundation
import PrimeTimeCore
import PrimeTimeFixtures
import Testing

/// Lessons about the app state as a whole.
@MainActor
@Suite struct AppTests {
  /// The app state is a value: `Equatable` for free.
  @Test func wholeStateEquality() {
    #expect(isEquatable(AppFeature.State.self))
  }

  /// Every `TestStore` assertion compares the whole state: a field the test does not mention
  /// must not change.
  @Test func wholeStateAssertion() async {
    let store = TestStore(initialState: AppFeature.State(count: 7, loggedInUser: Fixtures.user)) {
      AppFeature()
    } withDependencies: {
      $0.date = .constant(Fixtures.date)
    }
    await store.send(.counter(.isPrimeButtonTapped)) {
      $0.primeModal = PrimeModal.State(count: 7, favoritePrimes: [])
    }
    await store.send(.counter(.primeModal(.presented(.saveFavoritePrimeTapped)))) {
      $0.primeModal?.favoritePrimes = [7]
      $0.favoritePrimes = [7]
      $0.activityFeed = [Activity(timestamp: Fixtures.date, type: .addedFavoritePrime(7))]
    }
  }

  /// No glue: there is no snapshot type to write or keep in step (this file has none).
  @Test func wholeStateGlueLineCount() throws {
    let source = try String(contentsOfFile: #filePath, encoding: .utf8)
    #expect(!source.split(separator: "\n").contains { $0.hasPrefix("// glue:begin") })
  }
}

/// Whether values of `type` can be compared with `==` (checked at run time, as for any type).
func isEquatable(_ type: Any.Type) -> Bool { type is any Equatable.Type }
