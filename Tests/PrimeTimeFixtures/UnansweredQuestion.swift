import Clocks
import Foundation

/// An nth-prime client for tests of cancellation, in either app: it says when it is asked, waits
/// until its task is cancelled, and then answers anyway, as a client that ignores cancellation
/// would.
///
/// ```swift
/// let question = UnansweredQuestion()
/// let app = PrimeTimeModel.test(nthPrime: NthPrimeClient(nthPrime: question.nthPrime))
/// let task = app.counter.nthPrimeButtonTapped()
/// await question.waitUntilAsked()
/// app.counter.nthPrimeCancelButtonTapped()
/// await task.value
/// #expect(question.sawCancellation)
/// ```
public final class UnansweredQuestion: Sendable {
  private let asked: AsyncStream<Void>
  private let ask: AsyncStream<Void>.Continuation
  private let wait: AsyncStream<Void>
  private let release: AsyncStream<Void>.Continuation
  private let cancelled = LockIsolated(false)

  /// The answer it gives once its wait ends.
  public let answer: Int?

  /// Creates the client.
  ///
  /// - Parameter answer: What it answers once its wait ends.
  public init(answer: Int? = 17) {
    (asked, ask) = AsyncStream.makeStream(of: Void.self)
    (wait, release) = AsyncStream.makeStream(of: Void.self)
    self.answer = answer
  }

  /// The client: waits until its task is cancelled (or ``finish()`` is called), then answers.
  @Sendable
  public func nthPrime(_ n: Int) async -> Int? {
    ask.yield()
    // An `AsyncStream` ends its iteration when the waiting task is cancelled.
    for await _ in wait {}
    cancelled.withLock { $0 = Task.isCancelled }
    return answer
  }

  /// Returns once the client has been asked.
  public func waitUntilAsked() async {
    for await _ in asked { break }
  }

  /// Whether the task that asked had been cancelled when the wait ended.
  public var sawCancellation: Bool { cancelled.withLock { $0 } }

  /// Ends the wait without a cancellation (for a test that leaves the question running).
  public func finish() {
    release.finish()
  }
}
