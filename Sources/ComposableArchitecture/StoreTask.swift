/// The effects started by one `Store.send`, to await or cancel.
///
/// Its lifetime covers every effect the action started and the effects of every action those
/// effects sent back, so `await store.send(.refresh).finish()` waits for a whole flow.
///
/// ```swift
/// let task = store.send(.startTimerButtonTapped)
/// …
/// task.cancel()
/// ```
public struct StoreTask: Hashable, Sendable {
  @usableFromInline let group: _EffectGroup?

  @usableFromInline
  init(group: _EffectGroup?) {
    self.group = group
  }

  /// A task with nothing to wait for (the action started no asynchronous effect).
  public static var finished: StoreTask { StoreTask(group: nil) }

  /// Whether the action started no asynchronous work, or all of it has been cancelled.
  public var isCancelled: Bool { group?.isCancelled ?? true }

  /// Cancels every effect this send started.
  public func cancel() {
    group?.cancel()
  }

  /// Waits until every effect this send started has finished.
  ///
  /// Waits on the caller's actor (`isolation` is filled in by the compiler): awaited on the main
  /// actor, it does not hop to the global executor and back (two thread hand-offs, a large
  /// share of an effect round trip).
  public func finish(isolation: isolated (any Actor)? = #isolation) async {
    await group?.finish()
  }

  /// Whether an effect this send started is still running.
  package var _isRunning: Bool { group?.isRunning ?? false }

  /// Compares by identity.
  public static func == (lhs: StoreTask, rhs: StoreTask) -> Bool {
    lhs.group === rhs.group
  }

  /// Hashes by identity.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(group.map(ObjectIdentifier.init))
  }
}

/// The tasks of one send (and of the actions its effects sent back).
public final class _EffectGroup: Sendable {
  // Not API: public only so that `Store.send` can be specialized in the caller's module.
  private struct State {
    var tasks: [Task<Void, Never>] = []
    var isCancelled = false
    var running = 0
  }

  private let state = LockIsolated(State())

  @usableFromInline
  init() {}

  /// Adds a task that calls ``taskFinished()`` as the last thing it does.
  func add(_ task: Task<Void, Never>) {
    let cancelNow = state.withLock { state in
      state.tasks.append(task)
      state.running += 1
      return state.isCancelled
    }
    if cancelNow { task.cancel() }
  }

  /// Called by each added task when its work is done.
  func taskFinished() {
    state.withLock { $0.running -= 1 }
  }

  /// Whether any task of this send is still running (checked at the end of a test).
  package var isRunning: Bool { state.withLock { $0.running > 0 } }

  var isCancelled: Bool { state.withLock { $0.isCancelled } }

  func cancel() {
    let tasks = state.withLock { state in
      state.isCancelled = true
      return state.tasks
    }
    for task in tasks { task.cancel() }
  }

  /// Waits for every task, on the caller's actor (see `StoreTask.finish`).
  func finish(isolation: isolated (any Actor)? = #isolation) async {
    var index = 0
    while true {
      let next = state.withLock { state in index < state.tasks.count ? state.tasks[index] : nil }
      guard let next else { return }
      await withTaskCancellationHandler {
        await next.value
      } onCancel: {
        next.cancel()
      }
      index += 1
    }
  }
}
