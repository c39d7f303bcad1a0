extension Result: CasePathable {
  /// The case paths of `Result`: `\.success` and `\.failure`.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifCaseLet(\.success, action: \.loaded) { Loaded() }
  /// ```
  ///
  /// > Note: This conformance lives in the library on purpose. Written in an app or test
  /// > module, a conformance of the standard library's `Result` to a protocol of another module
  /// > compiles, then crashes the process (a null pointer in `swift_getWitnessTable`) as soon
  /// > as a generic type of that other module needs it — `ifCaseLet`'s reducer does. The crash
  /// > reproduces with Swift 6.3.1 and no code of this package; enums of your own are not
  /// > affected.
  public struct AllCasePaths: Sendable {
    /// The `success` case.
    public var success: AnyCasePath<Result, Success> {
      AnyCasePath(
        embed: { .success($0) },
        extract: { if case .success(let value) = $0 { value } else { nil } }
      )
    }
    /// The `failure` case.
    public var failure: AnyCasePath<Result, Failure> {
      AnyCasePath(
        embed: { .failure($0) },
        extract: { if case .failure(let error) = $0 { error } else { nil } }
      )
    }
  }

  /// The case paths of `Result`.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}
