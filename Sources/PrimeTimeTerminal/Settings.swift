import Clocks
import Foundation
import PrimeTimeCore

/// Which of each app's two designs the terminal runs.
public enum Design: String, CaseIterable, Sendable {
  /// As each style's practitioners write the app today (the default).
  case current
  /// As the Point-Free episodes wrote it, kept as history.
  case episode
}

/// The dependencies both apps run with in the terminal, as the apps use them live.
public struct PaneSettings: Sendable {
  /// The folder under which each app keeps its favourites file:
  /// `<dataDirectory>/<app>/favorite-primes.json`, so that the two apps never read each other's
  /// saves.
  public var dataDirectory: URL
  /// The date an activity is stamped with.
  public var now: @Sendable () -> Date
  /// Whether time is a manual clock that a script advances (`wait 2`), rather than the real one.
  public var manualTime: Bool
  /// How long each app's nth-prime client waits before the engine starts, on the apps' clock:
  /// zero as the apps are, or a few seconds so that "Asking…" and "Cancel" can be seen.
  public var nthPrimeDelay: Duration

  /// Settings for a live run: the data directory (see `DataDirectory`), the real date and clock.
  public static var live: PaneSettings {
    PaneSettings(dataDirectory: DataDirectory.live, now: { Date() }, manualTime: false)
  }

  /// Creates settings.
  ///
  /// - Parameters:
  ///   - dataDirectory: The folder of the apps' favourites files.
  ///   - now: The date an activity is stamped with.
  ///   - manualTime: Whether a script advances time.
  ///   - nthPrimeDelay: How long the nth-prime clients wait before the engine starts.
  public init(
    dataDirectory: URL,
    now: @escaping @Sendable () -> Date,
    manualTime: Bool,
    nthPrimeDelay: Duration = .zero
  ) {
    self.dataDirectory = dataDirectory
    self.now = now
    self.manualTime = manualTime
    self.nthPrimeDelay = nthPrimeDelay
  }

  /// The storage of one app's favourites file.
  func storage(for app: String) -> FileStorage {
    FileStorage(directory: dataDirectory.appendingPathComponent(app, isDirectory: true))
  }

  /// A clock for one app's timers: its own manual clock in a script, else the real one.
  func clock() -> (any Clock<Duration>, TestClock?) {
    guard manualTime else { return (ContinuousClock(), nil) }
    let clock = TestClock()
    return (clock, clock)
  }
}
