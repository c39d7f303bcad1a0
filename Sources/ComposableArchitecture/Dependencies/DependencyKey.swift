/// A key for a dependency: the type of its value and its live, test and preview values.
///
/// Declare one per dependency, with an accessor on ``DependencyValues``:
///
/// ```swift
/// struct PrimeClient: Sendable {
///   var nthPrime: @Sendable (Int) async -> Int?
/// }
///
/// extension PrimeClient: DependencyKey {
///   static let liveValue = PrimeClient(nthPrime: { await nthPrime($0) })
///   static let testValue = PrimeClient(nthPrime: { _ in
///     reportIssue("Unimplemented: PrimeClient.nthPrime")
///     return nil
///   })
/// }
///
/// extension DependencyValues {
///   var primeClient: PrimeClient {
///     get { self[PrimeClient.self] }
///     set { self[PrimeClient.self] = newValue }
///   }
/// }
/// ```
///
/// A key without a `testValue` fails any test that uses it without overriding it, with
/// `@Dependency(\.primeClient) has no test implementation, but was accessed from a test context.`
public protocol DependencyKey {
  /// The dependency's type.
  associatedtype Value: Sendable
  /// The value an app uses.
  static var liveValue: Value { get }
  /// The value used under test (``DependencyContext/test``).
  static var testValue: Value { get }
  /// The value used in previews; the live value unless given.
  static var previewValue: Value { get }
}

extension DependencyKey {
  /// The live value.
  public static var previewValue: Value { liveValue }

  /// Reports that the key has no test value, then returns the preview value.
  public static var testValue: Value {
    if let probe = DependencyValues._unimplementedProbe {
      probe.mark()
    } else {
      reportIssue(
        "\(Self.self) has no test implementation, but was accessed from a test context."
      )
    }
    return previewValue
  }
}
