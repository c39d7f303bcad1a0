import Foundation
import PrimeTimeCore
import PrimeTimeFixtures
import Testing
import VanillaPrimeTime

// projection:begin — the episode's way back to exhaustive assertions for a screen of bindings.
/// Only the state the prime modal sees, as a value a test can compare with `==`.
struct PrimeModalState: Equatable {
  var count: Int
  var favoritePrimes: [Int]
  var activityFeed: [Activity]
}

extension AppState {
  /// The modal's state, derived from the model and written back to it.
  var primeModalState: PrimeModalState {
    get {
      PrimeModalState(count: count, favoritePrimes: favoritePrimes, activityFeed: activityFeed)
    }
    set {
      count = newValue.count
      favoritePrimes = newValue.favoritePrimes
      activityFeed = newValue.activityFeed
    }
  }
}
// projection:end

/// The friction a vanilla test meets that the stand-ins make easy to overlook.
@MainActor
@Suite struct BindingTests {
  /// The lines between `// tag:begin` and `// tag:end` in `file`.
  nonisolated static func lines(tagged tag: String, in file: String) throws -> Int {
    let source = try String(contentsOfFile: file, encoding: .utf8)
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    func marker(_ text: String) -> (Substring) -> Bool {
      { $0.trimmingCharacters(in: .whitespaces).hasPrefix("// \(tag):\(text)") }
    }
    let begin = try #require(lines.firstIndex(where: marker("begin")))
    let end = try #require(lines.firstIndex(where: marker("end")))
    return end - begin - 1
  }

  /// Lesson "bindings are built by hand in tests": a screen that takes bindings cannot be
  /// given plain values; without a model object to point into, each binding is a getter and a
  /// setter over a local variable (SwiftUI offers no `Binding(initialValue:)` either).
  @Test func bindingsBuiltByHand() throws {
    // bindings:begin
    var favoritePrimes = [2, 3]
    var activityFeed: [Activity] = []
    var modal = IsPrimeModalView(
      activityFeed: Binding(get: { activityFeed }, set: { activityFeed = $0 }),
      count: 7,
      favoritePrimes: Binding(get: { favoritePrimes }, set: { favoritePrimes = $0 })
    )
    // bindings:end
    modal.now = { Fixtures.date }
    modal.saveFavoritePrime()
    #expect(favoritePrimes == [2, 3, 7])
    #expect(activityFeed == [Activity(timestamp: Fixtures.date, type: .addedFavoritePrime(7))])
    #expect(try Self.lines(tagged: "bindings", in: #filePath) == 7)
  }

  /// Lesson "exhaustive again, with a projection": a struct of the modal's state and a computed
  /// property on the model make `==` over the whole sub-state possible again.
  ///
  /// It is the same shape a reducer feature has — a child state struct and a way to get it from
  /// the parent and put it back — written by hand, 20 lines here.
  @Test func projectionRegainsExhaustiveAssertions() throws {
    let state = AppState(count: 7, favoritePrimes: [2, 3])
    var expected = state.primeModalState
    var modal = IsPrimeModalView(
      activityFeed: Binding(state, \.primeModalState.activityFeed),
      count: state.count,
      favoritePrimes: Binding(state, \.primeModalState.favoritePrimes)
    )
    modal.now = { Fixtures.date }
    modal.saveFavoritePrime()
    expected.favoritePrimes = [2, 3, 7]
    expected.activityFeed = [Activity(timestamp: Fixtures.date, type: .addedFavoritePrime(7))]
    #expect(state.primeModalState == expected)
    #expect(try Self.lines(tagged: "projection", in: #filePath) == 20)
  }

  /// Lesson "a class has no memberwise initializer": `AppState` is a class, so the initializer
  /// every test calls (`AppState(count: 7, favoritePrimes: [2, 3])`) is written and kept in step
  /// with the fields by hand — a struct gets it for free.
  @Test func theModelsInitializerIsWrittenByHand() throws {
    let source = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
      .appendingPathComponent("Sources/VanillaPrimeTime/Episode/App.swift")
    let lines = try String(contentsOf: source, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex { $0.hasPrefix("  public init(") })
    let end = try #require(lines[start...].firstIndex { $0 == "  }" })
    #expect(end - start + 1 == 17)
  }
}
