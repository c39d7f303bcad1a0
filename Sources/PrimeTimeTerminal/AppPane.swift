import Foundation
import PrimeTimeCore

/// One of the two apps as the terminal runs it: its real screens, what it did, and whether it is
/// still working.
@MainActor
public protocol AppPane: AnyObject {
  /// "vanilla" or "composable".
  var name: String { get }
  /// The counter screen, with its sheet and alert.
  var counterScreen: Screen { get }
  /// The favourites screen, with its alert.
  var favoritesScreen: Screen { get }
  /// The activity feed, oldest first.
  var activityFeed: [Activity] { get }
  /// The navigation stack's root.
  var stackRootScreen: Screen { get }
  /// The screen on top of the navigation stack, or `nil` when nothing is pushed.
  var stackTopScreen: Screen? { get }
  /// Pops the screen on top of the navigation stack (the back button).
  func stackBack()
  /// What the app did, oldest first: one entry per line.
  var log: [String] { get }
  /// Writes to the log that the user pressed the button titled `title` on `tab`'s screen, just
  /// before it is pressed.
  func willTap(_ title: String, on tab: Tab)
  /// Writes to the log what changed since the last look that the log does not show yet.
  func noteChanges()
  /// Whether every piece of work the app started has finished, or is asleep on the clock.
  var isIdle: Bool { get }
  /// Lets `duration` pass on the clock of a scripted run (the timers and "load and go").
  func advance(by duration: Duration) async
}

/// The screens of the terminal, one per key 1, 2 and 3.
public enum Tab: Int, CaseIterable, Sendable {
  /// The counter, with the prime modal and the nth-prime alert.
  case counter = 1
  /// The favourite primes and the activity feed.
  case favorites
  /// The navigation stack.
  case stack

  /// The title the header shows.
  public var title: String {
    switch self {
    case .counter: "Counter demo"
    case .favorites: "Favorite primes"
    case .stack: "Navigation stack"
    }
  }
}

extension AppPane {
  /// What the pane shows on `tab`, one line per element (see `Screen.lines`).
  ///
  /// - Parameters:
  ///   - tab: The screen.
  ///   - selectedRow: The favourites row marked as selected.
  ///   - formatTime: How an activity's time is written.
  /// - Returns: The lines.
  public func lines(on tab: Tab, selectedRow: Int, formatTime: (Date) -> String) -> [String] {
    switch tab {
    case .counter:
      return counterScreen.lines
    case .favorites:
      var row = -1
      var lines = favoritesScreen.lines.map { line in
        guard line.hasPrefix("- ") else { return line }
        row += 1
        return (row == selectedRow ? "▸ " : "  ") + line
      }
      lines.append("Activity:")
      lines += activityFeed.suffix(5).map { activity in
        switch activity.type {
        case .addedFavoritePrime(let prime): "  \(formatTime(activity.timestamp)) saved \(prime)"
        case .removedFavoritePrime(let prime):
          "  \(formatTime(activity.timestamp)) removed \(prime)"
        }
      }
      if activityFeed.isEmpty { lines.append("  (none yet)") }
      return lines
    case .stack:
      var lines = stackRootScreen.lines
      if let top = stackTopScreen {
        lines.append("on top:")
        lines += top.lines.map { "  " + $0 }
      }
      return lines
    }
  }
}
