extension Effect {
  /// Runs this effect on its own, outside any store, delivering its actions to `send`, and
  /// returns when all of its work has finished.
  ///
  /// `.merge` runs its members at the same time and `.concatenate` one after another, stopping
  /// once cancelled. With a `registry` (``Effect/actions``), each cancellable part runs as a
  /// task filed there under its id, so that `.cancel(id:)` and `Task.cancel(id:)` outside a
  /// store reach it; without one (the step-by-step test helper, a throttled effect's inside)
  /// cancellation ids are ignored, as nothing could cancel by them.
  package func _runDetached(send: @escaping @MainActor @Sendable (Action) -> Void) async
  where Action: Sendable {
    await _runDetached(registry: nil, send: send)
  }

  func _runDetached(
    registry context: _EffectContext?,
    send: @escaping @MainActor @Sendable (Action) -> Void
  ) async where Action: Sendable {
    switch operation {
    case .none:
      return
    case .cancel(let id):
      guard let context else { return }
      await MainActor.run { context.host.registry?.cancel(id: id) }
    case .send(let action):
      await send(action)
    case .run(_, _, let operation):
      await operation(Send(send: send))
    case .merge(let effects):
      await withTaskGroup(of: Void.self) { group in
        for effect in effects {
          group.addTask { await effect._runDetached(registry: context, send: send) }
        }
      }
    case .concatenate(let effects):
      for effect in effects {
        guard !Task.isCancelled else { return }
        await effect._runDetached(registry: context, send: send)
      }
    case .cancellable(let id, let cancelInFlight, let effect):
      guard let context else {
        await effect._runDetached(send: send)
        return
      }
      // The registry cancels a task: the cancellable part runs as one, made in the same turn
      // of the main actor as its registration so that it starts only once its id is filed.
      let (work, token) = await MainActor.run { () -> (Task<Void, Never>, Int?) in
        let work = Task { await effect._runDetached(registry: context, send: send) }
        guard let registry = context.host.registry else { return (work, nil) }
        if cancelInFlight { registry.cancel(id: id) }
        return (work, registry.register(work, ids: [id]))
      }
      // A cancellation of the caller's task is passed on.
      await withTaskCancellationHandler {
        await work.value
      } onCancel: {
        work.cancel()
      }
      if let token { await MainActor.run { context.host.registry?.finished(token) } }
    }
  }
}
