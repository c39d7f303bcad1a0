import Foundation

/// What a child model calls in place of a parent callback that nobody set.
///
/// A child model tells its parent what happened through closures the parent sets when it
/// presents the child (`CounterModel.onDismiss`). A default that does nothing hides a parent
/// that forgot: the child calls it, nothing happens, and every test still passes. The models
/// here default each callback to `unwired(_:)` instead, which reports the
/// forgotten wiring — to the handler installed with ``install(_:)`` (a test suite installs one
/// that fails the running test), or else as a runtime warning on standard error. It never stops
/// the app: the callback then does nothing, as before.
///
/// ```swift
/// @ObservationIgnored public var onDismiss: @MainActor () -> Void = unwired("CounterModel.onDismiss")
/// ```
public enum UnwiredCallback {
  /// Receives the report of a callback that was called unwired: what was called and where its
  /// default is written.
  public typealias Handler = @Sendable (_ message: String) -> Void

  private static let lock = NSLock()
  // Guarded by `lock`: read and written only inside `lock.withLock`, so no two threads touch
  // it at once.
  nonisolated(unsafe) private static var handler: Handler?

  /// Installs the process-wide handler, for a test suite that turns unwired calls into
  /// failures; `nil` restores the runtime warning.
  ///
  /// - Parameter handler: The new handler.
  /// - Returns: The handler installed before.
  @discardableResult
  public static func install(_ handler: Handler?) -> Handler? {
    lock.withLock {
      defer { self.handler = handler }
      return self.handler
    }
  }

  /// Reports that `name` was called but never set.
  ///
  /// - Parameters:
  ///   - name: The callback, such as `CounterModel.onDismiss`.
  ///   - fileID: Where the callback's default was written.
  ///   - line: The line of that default.
  public static func report(_ name: String, fileID: String, line: Int) {
    let message = "\(name) was called, but its parent never set it (\(fileID):\(line))"
    if let handler = lock.withLock({ self.handler }) {
      handler(message)
    } else {
      FileHandle.standardError.write(Data("runtime warning: \(message)\n".utf8))
    }
  }
}

/// A callback that reports, when called, that its parent never set it (see ``UnwiredCallback``).
///
/// - Parameters:
///   - name: The callback's name, for the report.
///   - fileID: Where the default is written; the caller's file by default.
///   - line: The line of the default; the caller's by default.
/// - Returns: A closure that reports and does nothing else.
public func unwired(
  _ name: String,
  fileID: String = #fileID,
  line: Int = #line
) -> @MainActor () -> Void {
  { UnwiredCallback.report(name, fileID: fileID, line: line) }
}

/// A one-argument callback that reports, when called, that its parent never set it (see
/// ``UnwiredCallback``).
///
/// - Parameters:
///   - name: The callback's name, for the report.
///   - fileID: Where the default is written; the caller's file by default.
///   - line: The line of the default; the caller's by default.
/// - Returns: A closure that reports and does nothing else.
public func unwired<Argument>(
  _ name: String,
  fileID: String = #fileID,
  line: Int = #line
) -> @MainActor (Argument) -> Void {
  { _ in UnwiredCallback.report(name, fileID: fileID, line: line) }
}
