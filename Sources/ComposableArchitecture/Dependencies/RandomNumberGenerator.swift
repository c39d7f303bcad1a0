/// Runs code with a random number generator: the system's when live, a seeded one (or none) in
/// tests.
///
/// ```swift
/// @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
/// let roll = withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
///
/// // In a test:
/// $0.withRandomNumberGenerator = WithRandomNumberGenerator(SeededGenerator(seed: 0))
/// ```
public struct WithRandomNumberGenerator: Sendable {
  private let box: any _GeneratorBox

  /// Draws from `generator`, one call at a time.
  ///
  /// - Parameter generator: The generator.
  public init(_ generator: some RandomNumberGenerator & Sendable) {
    box = GeneratorBox(generator)
  }

  /// Runs `work` with the generator, under its lock.
  ///
  /// - Parameter work: Draws what it needs.
  /// - Returns: What `work` returns.
  public func callAsFunction<Result>(
    _ work: (inout any RandomNumberGenerator) throws -> Result
  ) rethrows -> Result {
    try box.withGenerator(work)
  }
}

private protocol _GeneratorBox: Sendable {
  func withGenerator<Result>(
    _ work: (inout any RandomNumberGenerator) throws -> Result
  ) rethrows -> Result
}

private final class GeneratorBox<Generator: RandomNumberGenerator & Sendable>: _GeneratorBox {
  let generator: LockIsolated<Generator>

  init(_ generator: Generator) {
    self.generator = LockIsolated(generator)
  }

  func withGenerator<Result>(
    _ work: (inout any RandomNumberGenerator) throws -> Result
  ) rethrows -> Result {
    try generator.withLock { generator in
      var erased: any RandomNumberGenerator = generator
      // Keep the state the draws moved on to (unless `work` put another generator in place).
      defer { if let advanced = erased as? Generator { generator = advanced } }
      return try work(&erased)
    }
  }
}

/// A random number generator that gives the same numbers for the same seed, on every run and
/// platform (SplitMix64): for tests of code that draws random numbers.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var base: SplitMix64

  /// A generator starting from `seed`.
  ///
  /// - Parameter seed: The seed.
  public init(seed: UInt64) {
    base = SplitMix64(state: seed)
  }

  public mutating func next() -> UInt64 { base.next() }
}

private enum WithRandomNumberGeneratorKey: DependencyKey {
  static let liveValue = WithRandomNumberGenerator(SystemRandomNumberGenerator())
}

extension DependencyValues {
  /// Runs code with a random number generator (live: the system's; tests set a seeded one).
  public var withRandomNumberGenerator: WithRandomNumberGenerator {
    get { self[WithRandomNumberGeneratorKey.self] }
    set { self[WithRandomNumberGeneratorKey.self] = newValue }
  }
}
