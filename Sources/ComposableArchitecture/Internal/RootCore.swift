/// The root of a store: owns the state, runs the reducer, starts and tracks effects, and
/// notifies the observers of the stores whose state an action changed.
///
/// The hot path (`send` of a synchronous action whose effect is `.none`) runs the reducer tree
/// the store built once, mutates the state in place, compares the state of each store a screen
/// has read (none, if no screen has), allocates nothing, copies no state and starts no task.
///
/// The hot path is `@inlinable` so it is specialized for the app's concrete state and action
/// types in the app's module: unspecialized generic code would look up type metadata at run
/// time on every send.
@MainActor
public final class _RootCore<State, Action> {
  // `_state` is read and written on every send, and Swift's dynamic exclusivity check on it is
  // a noticeable part of a no-effect send, so it is switched off here and its job is done by
  // `isReducing` instead. Why that is safe:
  // - `_state` is main-actor isolated: no other thread touches it.
  // - It is held `inout` only while `reduce` runs (`process`), with `isReducing` set.
  // - Every other read goes through `state`, which checks `isReducing` first and stops the
  //   program with a message naming the mistake: a reducer that reads its own store (possible
  //   through `MainActor.assumeIsolated`, or in a target whose default isolation is the main
  //   actor) gets that message, never a read of memory the reducer is changing.
  // - The only other write is `process` itself, which a re-entrant `send` never reaches while a
  //   reducer runs: `isSending` is set, so the action is queued instead.
  // `StoreReentrancyTests` tries each of these shapes.
  @usableFromInline @exclusivity(unchecked) var _state: State
  @usableFromInline let reduce: _ReduceFunction<State, Action>
  @usableFromInline let dependencies: DependencyValues?
  /// The stores of this root whose state a screen has read, compared after every action.
  @usableFromInline let observers = _ObservedStores()
  // Flags only (plain booleans, main-actor isolated): an unchecked access cannot tear them.
  @usableFromInline @exclusivity(unchecked) var isSending = false
  @usableFromInline @exclusivity(unchecked) var isReducing = false
  // Read on every send (is anything queued?), so its dynamic exclusivity check (a tenth of a
  // no-effect send) is switched off too. Why no two accesses can overlap: each is a single
  // operation that runs no code of the app's — an emptiness check, an `append` of an action
  // value, and the `swap` that takes the whole queue out before its actions run. An action
  // sent while queued actions run or are released (a value's `deinit` may send) appends after
  // the swap has ended. `StoreTests.reentrantSendsFromObserversAreProcessedInOrder` sends from
  // observers, and `StoreReentrancyTests.anActionSentWhileDrainingIsHandledAfterTheQueue` from
  // `.send` effects and from a `deinit` during the drain.
  @usableFromInline @exclusivity(unchecked) var bufferedActions: [Action] = []
  /// The group collecting tasks for the `send` in progress (set only while sending).
  @usableFromInline var currentGroup: _EffectGroup?
  @usableFromInline let effects = _EffectRegistry()
  /// Bound around every `.run` this store starts: what `Task.cancel(id:)` and friends reach.
  lazy var effectContext = _EffectContext(host: _EffectHostReference(effects), namespaces: [])

  @inlinable
  init(
    initialState: State,
    reduce: @escaping _ReduceFunction<State, Action>,
    dependencies: DependencyValues?
  ) {
    self._state = initialState
    self.reduce = reduce
    self.dependencies = dependencies
  }

  /// The current state, without registering an observation.
  ///
  /// Stops the program when read while the reducer runs: the state is being changed in place.
  @inlinable
  var state: State {
    if isReducing { Self.stateReadWhileReducing() }
    return _state
  }

  /// The part of the state at `path`, copied out of the state in place when the path has an
  /// offset (a child store's read costs a copy of its part, not of the whole state), else read
  /// from a copy of the state.
  ///
  /// Stops the program when read while the reducer runs, as ``state`` does.
  @inlinable
  func read<Part>(_ path: _ResolvedReadPath<State, Part>) -> Part {
    if isReducing { Self.stateReadWhileReducing() }
    // Without an offset the key path may run a computed getter of the app's, which could send
    // to this store: it reads a copy, as `state` gives.
    guard let offset = path.offset else { return path.get(_state) }
    // Safe: `_state` is main-actor isolated and only `process` writes it, which nothing here
    // reaches — copying the part out retains what it holds and runs no code of the app's. The
    // pointer is `_state`'s own storage (a stored property of a final class) and does not
    // escape; `offset` is where the part sits inside it (see `_ResolvedKeyPath`).
    return withUnsafeMutablePointer(to: &_state) { state in
      UnsafeRawPointer(state).advanced(by: offset).assumingMemoryBound(to: Part.self).pointee
    }
  }

  /// A reducer read the store it runs in: a programming error that no result can answer.
  @usableFromInline
  static func stateReadWhileReducing() -> Never {
    // Stopping is the only sound answer: the state is held in place by the running reducer, so
    // there is no value to return (a copy per send would cost every send to serve a mistake).
    fatalError(
      """
      store.state was read while the store was reducing an action: a reducer (or something it \
      calls) read the state of the store that runs it. A reducer sees its state only through \
      its "state" parameter; read what you need from that, or send an action and read the \
      store after "send" returns.
      """
    )
  }

  /// Why `send` stops when called off the main actor: running it would race the main actor's
  /// own sends.
  @usableFromInline
  nonisolated static func sentOffTheMainActor(_ action: Action) -> Never {
    fatalError(
      """
      Store.send(\(action)) was called off the main actor. A store is isolated to the main \
      actor, and its state and effects are changed only there; code compiled in Swift 5 mode can \
      still call it from another thread, which corrupts the store. Send from the main actor: mark \
      the caller @MainActor, or hop with "await MainActor.run { store.send(…) }".
      """
    )
  }

  /// Sends `action`; when called re-entrantly (from an observer or a `.send` effect while a send
  /// is in progress) the action is queued and processed in order before the outer send returns.
  @inlinable
  func send(_ action: Action) -> StoreTask {
    // The store is main-actor isolated, and the unchecked accesses above rely on it. Swift 6
    // code cannot call this elsewhere, but code compiled in Swift 5 mode can, after a warning:
    // stop before touching anything.
    if !_isOnMainActor() { Self.sentOffTheMainActor(action) }
    if isSending {
      bufferedActions.append(action)
      return StoreTask(group: currentGroup)
    }
    isSending = true
    defer { isSending = false }
    var group: _EffectGroup?
    process(action, group: &group)
    if !bufferedActions.isEmpty {
      drainBufferedActions(group: &group)
    }
    if group != nil { currentGroup = nil }
    return StoreTask(group: group)
  }

  @inlinable
  func process(_ action: Action, group: inout _EffectGroup?) {
    let effect: Effect<Action>
    isReducing = true
    if let dependencies {
      effect = DependencyValues.$_current.withValue(dependencies) { reduce(&_state, action) }
    } else {
      effect = reduce(&_state, action)
    }
    isReducing = false
    // Before the effect starts: an observer notified here sees the state this action left, and
    // an action it sends is handled before the effect's.
    if !observers.isEmpty { observers.notifyChanged() }
    guard let storage = effect.storage else { return }
    switch storage.operation {
    case .send(let next):
      // A delegate action (a child telling its parent): queued here, as `start` would queue it
      // (a send is in progress), so that it is handled by this specialized code rather than
      // the generic effect machinery.
      bufferedActions.append(next)
    case .cancel(let id):
      // A cancellation (a popped element's, a dismissed child's): done here, as `start` would
      // do it, for the same reason (the generic path looks type metadata up at run time). It
      // starts nothing, so the send's group is unchanged.
      effects.cancel(id: id)
    default:
      start(effect, group: &group)
    }
  }

  /// Processes actions queued by re-entrant sends and by `.send` effects, in order.
  ///
  /// The queue is taken out before its actions run, so an action sent while they run (or while
  /// they are released: a value's `deinit` may send) is appended to a fresh queue, never to the
  /// one being read, and is handled in a later round of this loop.
  @inlinable
  func drainBufferedActions(group: inout _EffectGroup?) {
    while !bufferedActions.isEmpty {
      var pending: [Action] = []
      swap(&pending, &bufferedActions)
      for action in pending {
        process(action, group: &group)
      }
    }
  }

  /// Starts a non-`.none` effect returned by the reducer (not the hot path).
  @usableFromInline
  func start(_ effect: Effect<Action>, group: inout _EffectGroup?) {
    start(effect, cancellationIDs: [], group: &group)
    currentGroup = group
  }

  /// Sends an action delivered by an effect; its own asynchronous effects join `group`.
  private func send(fromEffect action: Action, group: inout _EffectGroup?) {
    if isSending {
      bufferedActions.append(action)
      return
    }
    let started: StoreTask
    if dependencies == nil, !DependencyValues._current.isDefault {
      // The effect ran inside someone's `withDependencies`; the store's reducer does not: it
      // runs under the store's own dependencies, the defaults.
      started = DependencyValues.$_current.withValue(DependencyValues()) { send(action) }
    } else {
      started = send(action)
    }
    guard let tasks = started.group, tasks !== group else { return }
    let target = Self.group(&group)
    target.add(
      Task {
        await tasks.finish()
        target.taskFinished()
      }
    )
  }

  /// Reports an action sent through a `Send` that escaped its effect, after the effect ended.
  private static func reportSendFromCompletedEffect(
    _ action: Action,
    effectAt location: IssueLocation?
  ) {
    let origin = location.map { " returned from \"\($0.fileID):\($0.line)\"" } ?? ""
    reportIssue(
      """
      An action was sent from a completed effect: …

        Action:
          \(_dump(action, indentingLinesAfterTheFirstBy: 4))

      The effect\(origin) had already finished: its "send" escaped it (stored, or passed to \
      work the effect did not wait for). Await that work inside the effect, or send from a \
      new effect.
      """,
      at: location ?? IssueLocation()
    )
  }

  /// The group to add a task to, created on first use: synchronous effects allocate nothing.
  private static func group(_ group: inout _EffectGroup?) -> _EffectGroup {
    if let group { return group }
    let created = _EffectGroup()
    group = created
    return created
  }

  /// Starts an effect: synchronous parts now, asynchronous parts as tasks added to `group`.
  private func start(
    _ effect: Effect<Action>,
    cancellationIDs: [_CancelID],
    group: inout _EffectGroup?
  ) {
    switch effect.operation {
    case .none:
      return

    case .send(let action):
      send(fromEffect: action, group: &group)

    case .run(let priority, let location, let operation):
      let group = Self.group(&group)
      let token = effects.nextToken()
      let isCompleted = LockIsolated(false)
      let send = Send<Action> { [weak self] action in
        if isCompleted.withLock({ $0 }) {
          Self.reportSendFromCompletedEffect(action, effectAt: location)
          return
        }
        var target: _EffectGroup? = group
        self?.send(fromEffect: action, group: &target)
      }
      let context = effectContext
      let task = Task(priority: priority) { [weak self] in
        await _EffectContext.$current.withValue(context) { await operation(send) }
        isCompleted.withLock { $0 = true }
        self?.effects.finished(token)
        group.taskFinished()
      }
      effects.register(task, token: token, ids: cancellationIDs)
      group.add(task)

    case .merge(let effects):
      for effect in effects {
        start(effect, cancellationIDs: cancellationIDs, group: &group)
      }

    case .concatenate(let members):
      let concatenation = Self.group(&group)
      let token = effects.nextToken()
      let task = Task { [weak self] in
        for member in members {
          guard let self, !Task.isCancelled else { break }
          var memberGroup: _EffectGroup?
          self.start(member, cancellationIDs: cancellationIDs, group: &memberGroup)
          guard let started = memberGroup else { continue }
          await withTaskCancellationHandler {
            await started.finish()
          } onCancel: {
            started.cancel()
          }
        }
        self?.effects.finished(token)
        concatenation.taskFinished()
      }
      effects.register(task, token: token, ids: cancellationIDs)
      concatenation.add(task)

    case .cancellable(let id, let cancelInFlight, let effect):
      if cancelInFlight { effects.cancel(id: id) }
      start(effect, cancellationIDs: cancellationIDs + [id], group: &group)

    case .cancel(let id):
      effects.cancel(id: id)
    }
  }
}

/// The running effects of a root store, by cancellation id.
///
/// Cancels everything when the store goes away.
@usableFromInline
final class _EffectRegistry {
  private var nextTokenValue = 0
  private var tasks: [Int: (task: Task<Void, Never>, ids: [_CancelID])] = [:]
  /// The running effects by id, exactly: what most cancellations find everything in.
  private var tokensByID: [_CancelID: Set<Int>] = [:]
  /// The running effects by the value of their ids and the depth of their presentations: where
  /// a cancellation looks for the same id declared in presentations inside its own.
  private var tokensByDepth: [_CancelBase: [Int: Set<Int>]] = [:]

  /// The number of effects still running.
  var count: Int { tasks.count }

  /// One of the effects still running, if any.
  var anyRunning: Task<Void, Never>? { tasks.first?.value.task }

  func nextToken() -> Int {
    defer { nextTokenValue += 1 }
    return nextTokenValue
  }

  /// Registers a task started outside the store's own effects (`withTaskCancellation`).
  func register(_ task: Task<Void, Never>, ids: [_CancelID]) -> Int {
    let token = nextToken()
    register(task, token: token, ids: ids)
    return token
  }

  func register(_ task: Task<Void, Never>, token: Int, ids: [_CancelID]) {
    tasks[token] = (task, ids)
    for id in ids {
      tokensByID[id, default: []].insert(token)
      tokensByDepth[id.base, default: [:]][id.depth, default: []].insert(token)
    }
  }

  func finished(_ token: Int) {
    guard let entry = tasks.removeValue(forKey: token) else { return }
    // One lookup per index and id: comparing the ids' values (type-erased) is what costs here.
    for id in entry.ids {
      if let index = tokensByID.index(forKey: id) {
        tokensByID.values[index].remove(token)
        if tokensByID.values[index].isEmpty { tokensByID.remove(at: index) }
      }
      if let index = tokensByDepth.index(forKey: id.base) {
        tokensByDepth.values[index][id.depth]?.remove(token)
        if tokensByDepth.values[index][id.depth]?.isEmpty == true {
          tokensByDepth.values[index][id.depth] = nil
        }
        if tokensByDepth.values[index].isEmpty { tokensByDepth.remove(at: index) }
      }
    }
  }

  /// Cancels the running effects that `id` reaches.
  ///
  /// Those are the effects declared with its value, in its presentation (found by the id
  /// itself, which then finds them no more) or one inside it (found among the ids of that value
  /// declared deeper). A cancelled effect counts as running until it has finished.
  @usableFromInline
  func cancel(id: _CancelID) {
    var reached = tokensByID.removeValue(forKey: id) ?? []
    for (depth, tokens) in tokensByDepth[id.base] ?? [:] where depth > id.depth {
      for token in tokens where tasks[token]?.ids.contains(where: id.reaches) == true {
        reached.insert(token)
      }
    }
    for token in reached.sorted() { tasks[token]?.task.cancel() }
  }

  func cancelAll() {
    for token in tasks.keys.sorted() { tasks[token]?.task.cancel() }
  }

  deinit {
    for entry in tasks.values { entry.task.cancel() }
  }
}
