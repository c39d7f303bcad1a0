import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

private enum URLSessionKey: DependencyKey {
  static let liveValue = URLSession.shared
}

extension DependencyValues {
  /// The session network requests go through (live: `URLSession.shared`).
  ///
  /// ```swift
  /// @Dependency(\.urlSession) var urlSession
  /// let (data, _) = try await urlSession.data(from: url)
  /// ```
  ///
  /// A test that lets a feature read it without setting one fails: give it a session of its
  /// own (one whose configuration serves canned responses), or better, put the requests behind
  /// a client of their own and give the test that client.
  public var urlSession: URLSession {
    get { self[URLSessionKey.self] }
    set { self[URLSessionKey.self] = newValue }
  }
}
