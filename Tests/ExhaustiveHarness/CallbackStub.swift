import Clocks
import Testing
import ValueDump

/// Requests a stub has received and not answered, as the harness checks them at the end.
@MainActor
protocol _PendingRequests: AnyObject {
  /// One line per unanswered request, oldest first.
  var unanswered: [String] { get }
}

/// A stand-in for a callback-style client (`(request, callback) -> Void`) that keeps each
/// request until the test answers it.
///
/// ```swift
/// let nthPrime = harness.callback(Int.self, Int?.self)
/// screen.nthPrime = nthPrime.client
/// harness.send(screen.nthPrimeButtonAction) { $0.isNthPrimeButtonDisabled = true }
/// #expect(nthPrime.requests == [7])
/// harness.send { nthPrime.respond(with: 17) } assert: { … }
/// ```
///
/// Made by ``ExhaustiveHarness/callback(_:_:)``, which fails the test if a request is left
/// unanswered at the end.
@MainActor
public final class CallbackStub<Request, Response>: _PendingRequests {
  private var pending: [(request: Request, callback: @MainActor @Sendable (Response) -> Void)] =
    []

  nonisolated init() {}

  /// The requests not answered yet, oldest first.
  public var requests: [Request] { pending.map(\.request) }

  /// The client to install: records each request and its callback.
  public var client: (Request, @escaping @MainActor @Sendable (Response) -> Void) -> Void {
    { [weak self] request, callback in self?.pending.append((request, callback)) }
  }

  /// Answers the oldest request: calls its callback with `response`, at once.
  ///
  /// Answering when no request is pending is reported as a test failure.
  public func respond(
    with response: Response,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    guard !pending.isEmpty else {
      _record(
        "respond(with:) was called, but the model made no request that is still unanswered.",
        at: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
      )
      return
    }
    pending.removeFirst().callback(response)
  }

  var unanswered: [String] { pending.map { _dump($0.request) } }
}
