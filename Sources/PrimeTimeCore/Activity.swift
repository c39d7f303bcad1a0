import Foundation

/// One entry of the activity feed: something the user did to their favourite primes, and when.
///
/// Both apps append an activity when a favourite prime is saved or removed, stamped with their
/// controllable date source so tests can assert the exact value.
///
/// ```swift
/// let activity = Activity(timestamp: Date(timeIntervalSince1970: 0), type: .addedFavoritePrime(7))
/// ```
public struct Activity: Equatable, Hashable, Sendable, Codable {
  /// When the activity happened.
  public var timestamp: Date
  /// What happened.
  public var type: ActivityType

  /// What a user did to their favourite primes.
  public enum ActivityType: Equatable, Hashable, Sendable, Codable {
    /// A prime was added to the favourites.
    case addedFavoritePrime(Int)
    /// A prime was removed from the favourites.
    case removedFavoritePrime(Int)
  }

  /// Creates an activity.
  ///
  /// - Parameters:
  ///   - timestamp: When it happened.
  ///   - type: What happened.
  public init(timestamp: Date, type: ActivityType) {
    self.timestamp = timestamp
    self.type = type
  }
}
