/// The logged-in user, part of the app state both apps share.
///
/// ```swift
/// let user = User(id: 1, name: "Blob", bio: "Blobbed around the world")
/// ```
public struct User: Equatable, Hashable, Identifiable, Sendable, Codable {
  /// The user's identifier.
  public let id: Int
  /// The user's display name.
  public let name: String
  /// A short biography.
  public let bio: String

  /// Creates a user.
  ///
  /// - Parameters:
  ///   - id: The user's identifier.
  ///   - name: The user's display name.
  ///   - bio: A short biography.
  public init(id: Int, name: String, bio: String) {
    self.id = id
    self.name = name
    self.bio = bio
  }
}
