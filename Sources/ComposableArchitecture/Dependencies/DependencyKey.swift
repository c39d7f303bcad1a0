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
public protocol DependencyKey: TestDependencyKey {
  /// The dependency's type (restated so that a key giving only `liveValue` infers it there).
  associatedtype Value = Self
  /// The value an app uses.
  static var liveValue: Value { get }
  /// The value used under test (``DependencyContext/test``).
  static var testValue: Value { get }
  /// The value used in previews; the live value unless given.
  static var previewValue: Value { get }
}

/// A key with only test and preview values: an interface declared in a module that must not
/// depend on the live implementation (which another module adds by conforming the key to
/// ``DependencyKey``).
///
/// ```swift
/// extension PrimeClient: TestDependencyKey {
///   static let testValue = PrimeClient(nthPrime: unimplemented("PrimeClient.nthPrime"))
/// }
/// ```
///
/// Read in an app (``DependencyContext/live``) while no module gave it a live value, it reports
/// `"PrimeClient" has no live implementation, but was accessed from a live context.` and
/// gives its test value.
public protocol TestDependencyKey {
  /// The dependency's type.
  associatedtype Value: Sendable = Self
  /// The value used under test (``DependencyContext/test``).
  static var testValue: Value { get }
  /// The value used in previews; the test value for a key with no live value, the live value
  /// for a ``DependencyKey``, unless given.
  static var previewValue: Value { get }
}

extension TestDependencyKey {
  /// The test value.
  public static var previewValue: Value { testValue }
}

extension DependencyKey {
  /// The live value.
  public static var previewValue: Value { liveValue }

  /// The preview value, marked as "no test implementation".
  ///
  /// Reading it through `@Dependency` in a test context fails the test. Other reads are not
  /// uses: `$0.client.endpoint = …` in `withDependencies` reads the value in order to change it.
  public static var testValue: Value {
    DependencyValues._unimplementedProbe?.mark()
    return previewValue
  }
}
