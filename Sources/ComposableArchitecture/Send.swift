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
  /// - Parameter action: The action.
  @inlinable
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    send(action)
  }
}
