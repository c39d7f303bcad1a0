import Foundation
import PrimeTimeCore

/// A scripted user flow of the PrimeTime app: where it starts, what the user does, and (where
/// it pins the behaviour down) what the user must see at the end.
public struct AppScenario: Sendable, CustomStringConvertible {
  public let name: String
  public let count: Int
  public let favoritePrimes: [Int]
  public let fileContents: Data?
  public let fileWriteError: FileStorageError?
  public let intents: [AppIntent]
  public let expected: (@Sendable (inout AppSnapshot) -> Void)?

  public init(
    _ name: String,
    count: Int = 0,
    favoritePrimes: [Int] = [],
    fileContents: Data? = nil,
    fileWriteError: FileStorageError? = nil,
    intents: [AppIntent],
    expected: (@Sendable (inout AppSnapshot) -> Void)? = nil
  ) {
    self.name = name
    self.count = count
    self.favoritePrimes = favoritePrimes
    self.fileContents = fileContents
    self.fileWriteError = fileWriteError
    self.intents = intents
    self.expected = expected
  }

  public var description: String { name }

  /// A fresh in-memory favourites file for this scenario.
  public func makeFile() -> InMemoryFavoritesFile {
    InMemoryFavoritesFile(contents: fileContents, writeError: fileWriteError)
  }
}

/// A scripted flow on the navigation stack.
public struct StackScenario: Sendable, CustomStringConvertible {
  public let name: String
  public let intents: [StackIntent]
  public let expected: StackSnapshot?

  public init(_ name: String, intents: [StackIntent], expected: StackSnapshot? = nil) {
    self.name = name
    self.intents = intents
    self.expected = expected
  }

  public var description: String { name }
}

/// The seed lessons' flows, shared by the comparison tests.
public enum Scenarios {
  private static func added(_ prime: Int) -> Activity {
    Activity(timestamp: Fixtures.date, type: .addedFavoritePrime(prime))
  }

  private static func removed(_ prime: Int) -> Activity {
    Activity(timestamp: Fixtures.date, type: .removedFavoritePrime(prime))
  }

  /// The PrimeTime flows.
  public static let app: [AppScenario] = [
    AppScenario(
      "increment and decrement",
      intents: [.incrementTapped, .incrementTapped, .decrementTapped]
    ) {
      $0.count = 1
    },
    AppScenario("nth prime, happy path", count: 7, intents: [.nthPrimeTapped, .alertDismissed]) {
      $0.alertNthPrime = nil
    },
    AppScenario("nth prime shows the alert", count: 7, intents: [.nthPrimeTapped]) {
      $0.alertNthPrime = PrimeAlert(prime: 17)
    },
    AppScenario("nth prime, unhappy path", count: 0, intents: [.nthPrimeTapped]),
    AppScenario(
      "prime modal save and remove",
      count: 7,
      intents: [.isPrimeTapped, .saveFavoriteTapped, .removeFavoriteTapped, .primeModalDismissed]
    ) {
      $0.activityFeed = [added(7), removed(7)]
    },
    AppScenario(
      "favourites delete",
      favoritePrimes: [2, 3, 5, 7],
      intents: [.deleteFavorites([1, 3])]
    ) {
      $0.favoritePrimes = [2, 5]
      $0.activityFeed = [removed(3), removed(7)]
    },
    AppScenario(
      "favourites save then load",
      favoritePrimes: [2, 3],
      intents: [.saveTapped, .deleteFavorites([0, 1]), .loadTapped]
    ) {
      $0.favoritePrimes = [2, 3]
      $0.activityFeed = [removed(2), removed(3)]
    },
    AppScenario(
      "favourites load",
      favoritePrimes: [7],
      fileContents: Fixtures.favoritesFile,
      intents: [.loadTapped]
    ) {
      $0.favoritePrimes = [2, 3, 5]
    },
    AppScenario(
      "favourites load of a corrupt file",
      favoritePrimes: [7],
      fileContents: Fixtures.corruptFavoritesFile,
      intents: [.loadTapped]
    ) {
      $0.favoritesAlertMessage =
        "favorite-primes.json is corrupt: expected a JSON array of whole numbers"
    },
    AppScenario(
      "favourites save fails",
      favoritePrimes: [7],
      fileWriteError: InMemoryFavoritesFile.diskFull,
      intents: [.saveTapped, .favoritesAlertDismissed]
    ),
    AppScenario(
      "activity feed across screens",
      count: 5,
      intents: [
        .isPrimeTapped, .saveFavoriteTapped, .primeModalDismissed, .incrementTapped,
        .incrementTapped, .isPrimeTapped, .saveFavoriteTapped, .primeModalDismissed,
        .deleteFavorites([0]),
      ]
    ) {
      $0.count = 7
      $0.favoritePrimes = [7]
      $0.activityFeed = [added(5), added(7), removed(5)]
    },
  ]

  /// The navigation-stack flows.
  public static let stack: [StackScenario] = [
    StackScenario(
      "push and pop",
      intents: [.pushCounter(0), .pop(fromIndex: 0)],
      expected: StackSnapshot(elements: [], sum: 0)
    ),
    StackScenario(
      "child action and summary",
      intents: [
        .pushCounter(1), .pushPrimeNumber(7), .pushCounter(2), .increment(2), .decrement(0),
      ],
      expected: StackSnapshot(
        elements: [
          .counter(count: 0, isTimerOn: false, isLoading: false), .primeNumber(number: 7),
          .counter(count: 3, isTimerOn: false, isLoading: false),
        ],
        sum: 3
      )
    ),
    StackScenario(
      "timer ticks with the clock, and stops on pop",
      intents: [
        .pushCounter(0), .toggleTimer(0), .advance(seconds: 3), .pop(fromIndex: 0),
        .advance(seconds: 3),
      ],
      expected: StackSnapshot(elements: [], sum: 0)
    ),
    StackScenario(
      "timer dismisses the counter at 100",
      intents: [.pushCounter(1), .pushCounter(98), .toggleTimer(1), .advance(seconds: 2)],
      expected: StackSnapshot(
        elements: [.counter(count: 1, isTimerOn: false, isLoading: false)],
        sum: 1
      )
    ),
    StackScenario(
      "load and go",
      intents: [.pushCounter(42), .loadAndGo(0), .advance(seconds: 2)],
      expected: StackSnapshot(
        elements: [
          .counter(count: 42, isTimerOn: false, isLoading: false),
          .counter(count: 42, isTimerOn: false, isLoading: false),
        ],
        sum: 84
      )
    ),
    StackScenario(
      "number fact",
      intents: [.pushNumberFact(7), .getFact(0)],
      expected: StackSnapshot(
        elements: [.numberFact(number: 7, fact: "7 is a good number.")],
        sum: 0
      )
    ),
    StackScenario(
      "number fact stepper",
      intents: [.pushNumberFact(7), .getFact(0), .setNumber(0, to: 8)],
      expected: StackSnapshot(elements: [.numberFact(number: 8, fact: nil)], sum: 0)
    ),
  ]
}
