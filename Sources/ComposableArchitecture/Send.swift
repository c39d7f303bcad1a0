/// Sends actions from a `.run` effect back into the store, on the main actor.
///
/// ```swift
/// return .run { send in
///   let fact = await numberFact.fetch(count)
///   await send(.factResponse(fact))
/// }
/// ```
///
/// Once the effect is cancelled, `send` does nothing: a cancelled effect can never change state.
@MainActor
public struct Send<Action>: Sendable {
  @usableFromInline let send: @MainActor @Sendable (Action) -> Void

  /// Creates a sender from a function (the store creates these; tests rarely need to).
  ///
  /// - Parameter send: Receives each action.
  @inlinable
  public nonisolated init(send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = send
  }

  /// Sends an action to the store, unless the effect's task has been cancelled.
  ///
  /// Sending after the feature dismissed itself (`await dismiss()`) is reported as an issue: the
  /// feature is gone and the action would be lost.
  ///
  /// - Parameters:
  ///   - action: The action.
  ///   - fileID: The file ID of the call; a failure is reported there.
  ///   - filePath: The path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  @inlinable
  public func callAsFunction(
    _ action: Action,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    if _DismissContext.current?.isDismissed == true {
      _reportSendAfterDismissal(
        action,
        at: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
      )
      return
    }
    guard !Task.isCancelled else { return }
    send(action)
  }
}

/// Reports an action sent by an effect after its feature called `\.dismiss`.
@usableFromInline
func _reportSendAfterDismissal(_ action: Any, at location: IssueLocation) {
  reportIssue(
    """
    An effect sent an action after its feature was dismissed: …

      Action:
        \(_dump(action, indentingLinesAfterTheFirstBy: 4))

    "await dismiss()" removes the feature and cancels its effects, so this action is lost. Send \
    what the parent needs to know before dismissing (a delegate action), then dismiss.
    """,
    at: location
  )
}
