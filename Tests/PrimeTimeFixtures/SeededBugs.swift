import Foundation

/// A realistic mistake, defined once and applied to either app (a reducer wrapper on the
/// composable side, an equivalent hook in the vanilla driver), to see which testing style
/// catches it.
public enum SeededBug: String, CaseIterable, Sendable, CustomStringConvertible {
  case removeClearsActivityFeed
  case incrementLogsOut
  case deleteRecordsNoActivity
  case modalFavoritesNotShared
  case nthPrimeResponseTwice
  case unassertedRequestOnIncrement
  case saveWritesStaleList
  case failedLoadIsSilent
  case wallClockDate
  case liveClientInTest
  case timerNotCancelledOnPop

  /// What kind of mistake it is.
  public enum Category: String, Sendable {
    case state
    case effect
    case dependency
  }

  public var category: Category {
    switch self {
    case .removeClearsActivityFeed, .incrementLogsOut, .deleteRecordsNoActivity,
      .modalFavoritesNotShared:
      .state
    case .nthPrimeResponseTwice, .unassertedRequestOnIncrement, .saveWritesStaleList,
      .failedLoadIsSilent, .timerNotCancelledOnPop:
      .effect
    case .wallClockDate, .liveClientInTest: .dependency
    }
  }

  /// The mistake, in a sentence.
  public var summary: String {
    switch self {
    case .removeClearsActivityFeed:
      "Removing a favourite also clears the activity feed (the episode's own example)."
    case .incrementLogsOut: "Tapping + also logs the user out (an extra field changes)."
    case .deleteRecordsNoActivity: "Deleting favourites records no activity."
    case .modalFavoritesNotShared: "A prime saved in the modal never reaches the app's favourites."
    case .nthPrimeResponseTwice: "The nth-prime answer is delivered and applied twice."
    case .unassertedRequestOnIncrement: "Tapping + also fires an nth-prime request nobody uses."
    case .saveWritesStaleList: "Save writes the list as it was before the deletion."
    case .failedLoadIsSilent: "A corrupt favourites file is ignored instead of shown."
    case .wallClockDate: "Activities are stamped with the wall clock, not the controlled date."
    case .liveClientInTest: "The nth-prime request uses the live client, not the injected one."
    case .timerNotCancelledOnPop: "A counter's timer keeps running after the counter is popped."
    }
  }

  /// The flow on the navigation stack in which the mistake shows, for stack bugs.
  public var stackProbe: StackScenario? {
    switch self {
    case .timerNotCancelledOnPop:
      StackScenario(
        "timer, then pop",
        intents: [
          .pushCounter(0), .toggleTimer(0), .advance(seconds: 1), .pop(fromIndex: 0),
          .advance(seconds: 2),
        ]
      )
    default: nil
    }
  }

  public var description: String { rawValue }

  /// The flow in which the mistake shows, if it shows at all (for stack bugs, see ``stackProbe``).
  public var probe: AppScenario {
    switch self {
    case .timerNotCancelledOnPop:
      AppScenario("(a stack bug)", intents: [])
    case .removeClearsActivityFeed:
      AppScenario(
        "save then remove",
        count: 7,
        intents: [.isPrimeTapped, .saveFavoriteTapped, .removeFavoriteTapped, .primeModalDismissed]
      )
    case .incrementLogsOut, .unassertedRequestOnIncrement:
      AppScenario("increment", intents: [.incrementTapped, .incrementTapped])
    case .deleteRecordsNoActivity:
      AppScenario("delete", favoritePrimes: [2, 3, 5], intents: [.deleteFavorites([1])])
    case .modalFavoritesNotShared, .wallClockDate:
      AppScenario("save in the modal", count: 7, intents: [.isPrimeTapped, .saveFavoriteTapped])
    case .nthPrimeResponseTwice, .liveClientInTest:
      AppScenario("nth prime", count: 7, intents: [.nthPrimeTapped, .alertDismissed])
    case .saveWritesStaleList:
      AppScenario(
        "delete then save",
        favoritePrimes: [2, 3, 5],
        intents: [.deleteFavorites([0]), .saveTapped]
      )
    case .failedLoadIsSilent:
      AppScenario(
        "load a corrupt file",
        favoritePrimes: [7],
        fileContents: Fixtures.corruptFavoritesFile,
        intents: [.loadTapped]
      )
    }
  }
}
