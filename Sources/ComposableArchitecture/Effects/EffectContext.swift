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
  ///   await Task.cancel(id: CancelID.search)
  ///   await send(.searchCleared)
  /// }
  /// ```
  ///
  /// The id is scoped as ``Effect/cancel(id:)`` scopes it: to the store running the effect, and
  /// to the presented feature the effect belongs to. Called outside an effect that a store runs,
  /// there is nothing it could cancel, and it reports an issue saying so.
  ///
  /// - Parameter id: The id given to `cancellable(id:)` or `withTaskCancellation(id:)`.
  public static func cancel(
    id: some Hashable & Sendable,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    guard let context = _EffectContext.innermost else {
      reportIssue(
        """
        "Task.cancel(id: \(id))" was called outside an effect that a store runs, so there is \
        nothing it could cancel. Call it from inside a ".run" effect, or return \
        ".cancel(id:)" from the reducer.
        """,
        fileID: fileID,
        filePath: filePath,
        line: line,
        column: column
      )
      return
    }
    let scoped = context.scoped(id)
    await MainActor.run { context.host.registry?.cancel(id: scoped) }
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
/// Outside an effect that a store runs it runs `operation` as it is (no store holds the id).
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
  guard let context = _EffectContext.innermost else { return try await operation() }
  let scoped = context.scoped(id)
  let work = Task<Result<Value, Failure>, Never> {
    do throws(Failure) {
      return .success(try await operation())
    } catch {
      return .failure(error)
    }
  }
  // The registry cancels `Task<Void, Never>`s: this one forwards its cancellation to `work`.
  let watcher = Task<Void, Never> {
    await withTaskCancellationHandler {
      _ = await work.value
    } onCancel: {
      work.cancel()
    }
  }
  let token = await MainActor.run { () -> Int? in
    guard let registry = context.host.registry else { return nil }
    if cancelInFlight { registry.cancel(id: scoped) }
    return registry.register(watcher, ids: [scoped])
  }
  let result = await withTaskCancellationHandler {
    await work.value
  } onCancel: {
    work.cancel()
  }
  if let token { await MainActor.run { context.host.registry?.finished(token) } }
  return try result.get()
}
