import Clocks
import PrimeTimeCore

extension Fixtures {
  /// Makes a child model's callback that its parent never set fail the running test, as the
  /// vanilla suites' failing clients do (idempotent; the handler is process-wide, and the
  /// failure goes to whichever test is running when the callback is called).
  public static func failOnUnwiredCallbacks() {
    _ = unwiredCallbacksFail
  }

  private static let unwiredCallbacksFail: Void = {
    UnwiredCallback.install { message in reportIssue(message) }
  }()
}
