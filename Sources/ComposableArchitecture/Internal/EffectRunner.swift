extension Effect {
  /// Runs this effect on its own, outside any store, delivering its actions to `send`, and
  /// returns when all of its work has finished.
  ///
  /// For the step-by-step test helper, which predates the store: cancellation IDs are ignored
  /// (there is nothing to cancel them in), `.merge` runs its members at the same time and
  /// `.concatenate` one after another.
  package func _runDetached(send: @escaping @MainActor @Sendable (Action) -> Void) async
  where Action: Sendable {
    switch operation {
    case .none, .cancel:
      return
    case .send(let action):
      await send(action)
    case .run(_, _, let operation):
      await operation(Send(send: send))
    case .merge(let effects):
      await withTaskGroup(of: Void.self) { group in
        for effect in effects {
          group.addTask { await effect._runDetached(send: send) }
        }
      }
    case .concatenate(let effects):
      for effect in effects { await effect._runDetached(send: send) }
    case .cancellable(_, _, let effect):
      await effect._runDetached(send: send)
    }
  }
}
