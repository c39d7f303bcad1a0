/// What an effect's code can reach of the store that runs it: the store's cancellation
/// registry, and the presentations the effect runs inside.
///
/// The store binds it (a task local) around every `.run` it starts; a presented child's effects
/// see their presentation added. `Task.cancel(id:)`, `withTaskCancellation(id:cancelInFlight:operation:)`
/// and ``Effect/throttle(id:for:clock:latest:)`` use it, so that ids stay scoped to one store
/// and one presentation, exactly like ``Effect/cancellable(id:cancelInFlight:)``.
@usableFromInline
final class _EffectContext: Sendable {
  /// The store, held weakly: a running effect does not keep its store alive.
  let host: _EffectHostReference
  /// The presentations the running effect is inside, outermost first.
  let namespaces: [_CancelID]

  init(host: _EffectHostReference, namespaces: [_CancelID]) {
    self.host = host
    self.namespaces = namespaces
  }

  /// The store running the current effect, bound at its root.
  @TaskLocal static var current: _EffectContext?

  /// The effect being run, if a store runs it: with the presentations it is inside.
  static var innermost: _EffectContext? {
    _DismissContext.current?.effectContext ?? current
  }

  /// The same store, one presentation further in.
  func entering(_ namespace: _CancelID) -> _EffectContext {
    _EffectContext(host: host, namespaces: namespaces + [namespace])
  }

  /// `id` as the store registered it for an effect running here.
  func scoped(_ id: some Hashable & Sendable) -> _CancelID {
    namespaces.reversed().reduce(_CancelID(id)) { $0.within($1) }
  }
}

/// The store side of ``_EffectContext``: one per store.
@MainActor
@usableFromInline
final class _EffectHostReference: Sendable {
  /// The store's effects, while the store exists.
  weak var registry: _EffectRegistry?
  /// The throttled ids: when each last let an action through, and the action waiting.
  var throttles: [_CancelID: (sentAt: any Sendable, waiting: (any Sendable)?)] = [:]

  init(_ registry: _EffectRegistry) {
    self.registry = registry
  }
}

extension Task where Success == Never, Failure == Never {
  /// Cancels every running effect of this store that was made cancellable with `id`, from
  /// inside an effect.
  ///
  /// ```swift
  /// return .run { send in
  ///   Task.cancel(id: CancelID.search)
  ///   await send(.searchCleared)
  /// }
  /// ```
  ///
  /// The id is scoped as ``Effect/cancel(id:)`` scopes it: to the store running the effect, and
  /// to the presented feature the effect belongs to. Called outside an effect that a store runs,
  /// it cancels the effects run through ``Effect/actions`` (and the work of
  /// `withTaskCancellation(id:)`) outside any store, in the same test.
  ///
  /// The store's registry lives on the main actor. Called there, the cancellation is done when
  /// this returns; called elsewhere (an effect's own code), it is done on the main actor's next
  /// turn, before anything the caller sends afterwards, which waits for a later turn.
  ///
  /// - Parameters:
  ///   - id: The id given to `cancellable(id:)` or `withTaskCancellation(id:)`.
  ///   - isolation: The caller's actor, which the compiler supplies.
  public static func cancel(
    id: some Hashable & Sendable,
    isolation: isolated (any Actor)? = #isolation
  ) {
    let innermost = _EffectContext.innermost
    let test = IssueReporting.currentTestID
    let cancel: @MainActor @Sendable () -> Void = {
      let context = innermost ?? _DetachedEffects.context(forTest: test)
      context.host.registry?.cancel(id: context.scoped(id))
    }
    if let isolation, isolation === MainActor.shared {
      // The caller is isolated to the main actor (`#isolation` is the caller's static
      // isolation), so this code runs on it: the assumption holds, and the check is kept.
      MainActor.assumeIsolated(cancel)
    } else {
      Task<Void, Never> { @MainActor in cancel() }
    }
  }
}

extension _EffectContext {
  /// The store running the current effect, or else the registry of effects run outside any
  /// store in the current test.
  static func innermostOrDetached() async -> _EffectContext {
    if let context = innermost { return context }
    return await detached()
  }

  /// The registry of effects run outside any store in the current test.
  static func detached() async -> _EffectContext {
    let test = IssueReporting.currentTestID
    return await MainActor.run { _DetachedEffects.context(forTest: test) }
  }
}

/// Where effects run outside any store file their cancellation ids (``Effect/actions``,
/// `withTaskCancellation(id:)` called outside an effect): one registry per test, so that two
/// tests running at once never cancel each other's work, and one for code outside tests.
///
/// Each registry lives as long as the process: one entry per test that cancels outside a store.
@MainActor
enum _DetachedEffects {
  private static var contexts: [String?: (context: _EffectContext, registry: _EffectRegistry)] =
    [:]

  /// The registry for `test`, created on first use.
  static func context(forTest test: String?) -> _EffectContext {
    if let entry = contexts[test] { return entry.context }
    let registry = _EffectRegistry()
    let context = _EffectContext(host: _EffectHostReference(registry), namespaces: [])
    // The host holds its registry weakly, as a store's does: the entry keeps it alive.
    contexts[test] = (context, registry)
    return context
  }
}

/// Runs `operation` so that `Task.cancel(id:)`, `.cancel(id:)` from a reducer, or another
/// `withTaskCancellation` with `cancelInFlight` cancels it by `id`.
///
/// ```swift
/// case .searchQueryChanged(let query):
///   return .run { send in
///     try await withTaskCancellation(id: CancelID.search, cancelInFlight: true) {
///       try await clock.sleep(for: .milliseconds(300))
///       await send(.searchResponse(try await client.search(query)))
///     }
///   }
/// ```
///
/// Outside an effect that a store runs, the id is filed with the effects run outside any store
/// in the same test (see ``Effect/actions``), where `Task.cancel(id:)` outside a store finds it.
///
/// - Parameters:
///   - id: The cancellation id, scoped like ``Effect/cancellable(id:cancelInFlight:)``'s.
///   - cancelInFlight: Cancel work already running under `id` first.
///   - operation: The work; it sees its own cancellation as any task does.
/// - Returns: What `operation` returns.
public func withTaskCancellation<Value: Sendable, Failure: Error>(
  id: some Hashable & Sendable,
  cancelInFlight: Bool = false,
  operation: @escaping @Sendable () async throws(Failure) -> Value
) async throws(Failure) -> Value {
  let context = await _EffectContext.innermostOrDetached()
  let scoped = context.scoped(id)
  // Both tasks are made in the same turn of the main actor as the registration, so they start
  // only once the id is filed: a cancellation that comes after this call always reaches them.
  let (work, token) = await MainActor.run { () -> (Task<Result<Value, Failure>, Never>, Int?) in
    let work = Task<Result<Value, Failure>, Never> {
      do throws(Failure) {
        return .success(try await operation())
      } catch {
        return .failure(error)
      }
    }
    guard let registry = context.host.registry else { return (work, nil) }
    // The registry cancels `Task<Void, Never>`s: this one forwards its cancellation to `work`.
    let watcher = Task<Void, Never> {
      await withTaskCancellationHandler {
        _ = await work.value
      } onCancel: {
        work.cancel()
      }
    }
    if cancelInFlight { registry.cancel(id: scoped) }
    return (work, registry.register(watcher, ids: [scoped]))
  }
  let result = await withTaskCancellationHandler {
    await work.value
  } onCancel: {
    work.cancel()
  }
  if let token { await MainActor.run { context.host.registry?.finished(token) } }
  return try result.get()
}
