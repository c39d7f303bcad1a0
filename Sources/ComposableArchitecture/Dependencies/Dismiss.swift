/// Dismisses the feature it is called from: pops its stack element, or dismisses its
/// presentation, from inside one of its effects.
///
/// ```swift
/// @Dependency(\.dismiss) var dismiss
///
/// case .timerTick:
///   state.count += 1
///   return state.count >= 100 ? .run { _ in await dismiss() } : .none
/// ```
///
/// The parent receives `.popFrom(id:)` (a stack) or `.dismiss` (a presentation), and every
/// effect the child started is cancelled. Calling it from a feature that is not presented is
/// reported as an issue.
public struct DismissEffect: Sendable {
  private let dismiss: (@MainActor @Sendable () -> Void)?

  /// A dismissal that runs `dismiss` (for tests and previews).
  ///
  /// - Parameter dismiss: What dismissing does.
  public init(_ dismiss: @escaping @MainActor @Sendable () -> Void) {
    self.dismiss = dismiss
  }

  /// The dismissal of whichever presented feature's effect calls it.
  init() {
    self.dismiss = nil
  }

  /// Dismisses the presented feature whose effect is running.
  @MainActor
  public func callAsFunction(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    // The innermost presentation wins: a presented child dismisses itself even when a test
    // store set `\.dismiss` at the root.
    let context = _DismissContext.current.flatMap { $0.canDismiss ? $0 : nil }
    guard let dismiss = context.map({ $0.dismiss }) ?? dismiss else {
      reportIssue(
        """
        A reducer requested dismissal at "\(fileID):\(line)", but couldn't be dismissed. …

        This is generally considered an application logic error: "dismiss" works from an \
        effect of a feature presented with "forEach" (a stack element) or "ifLet" on \
        presentation state, and nowhere else.
        """,
        fileID: fileID,
        filePath: filePath,
        line: line,
        column: column
      )
      return
    }
    dismiss()
  }
}

private enum DismissEffectKey: DependencyKey {
  static let liveValue = DismissEffect()
  static var testValue: DismissEffect { DismissEffect() }
}

extension DependencyValues {
  /// Dismisses the presented feature whose effect calls it.
  public var dismiss: DismissEffect {
    get { self[DismissEffectKey.self] }
    set { self[DismissEffectKey.self] = newValue }
  }
}

extension Effect {
  /// A child's effect as its parent runs it: lifted with ``_presented(in:embed:dismissal:)`` and
  /// made cancellable in `namespace`, which is made only when it can matter.
  ///
  /// Callers check `.none` first, before forming `embed` (a closure that allocates); `.none`
  /// still stays `.none` here. An action the child sends back at once (a delegate action) is
  /// delivered before the send that returned it ends, so nothing can cancel it and it runs no
  /// work the dismissal could reach: it is only embedded (a namespace would cost a delegate
  /// action a cancellable task of its own). Tests that receive such actions: through a presentation,
  /// `LargeListDesignTests`; through stack elements, `loadAndGoToCounter` and
  /// `stackRecursivePath`.
  @inlinable
  func _childEffect<ParentAction: Sendable>(
    in namespace: () -> _CancelID,
    embed: @escaping @Sendable (Action) -> ParentAction,
    dismissal: ParentAction
  ) -> Effect<ParentAction> {
    if isNone { return .none }
    if case .send(let action) = operation { return .send(embed(action)) }
    let namespace = namespace()
    // The dismissal is wrapped only here, past the shortcuts: a delegate action allocates no
    // closure for it.
    return _presented(in: namespace, embed: embed, dismissal: { dismissal })
      .cancellable(id: namespace)
  }

  /// ``_childEffect(in:embed:dismissal:)`` for a child that is not presented (a row, or a child
  /// of `ifLet` on a plain optional or of `ifCaseLet`): its `\.dismiss` is the one around it, and
  /// its parent's actions need not be `Sendable`.
  @inlinable
  func _childEffect<ParentAction>(
    in namespace: () -> _CancelID,
    embed: @escaping @Sendable (Action) -> ParentAction
  ) -> Effect<ParentAction> {
    if isNone { return .none }
    if case .send(let action) = operation { return .send(embed(action)) }
    let namespace = namespace()
    return _presented(in: namespace, embed: embed, dismissal: nil).cancellable(id: namespace)
  }
}

extension Effect {
  /// Lifts a child's effect into its parent's actions: actions are transformed, cancellation
  /// IDs are namespaced to this child (so two children never cancel each other's effects), and
  /// `\.dismiss` is bound while the child's work runs.
  ///
  /// A presented child or stack element dismisses itself by sending `dismissalAction`; a row of
  /// an identified array (no `dismissalAction`) is not presented, and its `\.dismiss` is the
  /// one of the presentation around the list, if any.
  @usableFromInline
  func _presented<ParentAction>(
    in namespace: _CancelID,
    embed: @escaping @Sendable (Action) -> ParentAction,
    dismissal dismissalAction: (@Sendable () -> ParentAction)?
  ) -> Effect<ParentAction> {
    switch operation {
    case .none:
      return .none
    case .send(let action):
      return .send(embed(action))
    case .run(let priority, let location, let operation):
      return Effect<ParentAction>(
        operation: .run(priority, location) { send in
          // The presentation joins the path that scopes `Task.cancel(id:)` and friends; it
          // rides on the dismissal binding (one more task-local binding here would change how
          // effects interleave, see `_DismissContext`).
          let context = _EffectContext.innermost?.entering(namespace)
          let dismissal: _EffectDismissal
          if let dismissalAction {
            dismissal = _EffectDismissal(effectContext: context) { dismissal in
              send(dismissalAction())
              dismissal.isDismissed = true
            }
          } else {
            dismissal = _EffectDismissal(effectContext: context, within: _DismissContext.current)
          }
          await _DismissContext.$current.withValue(dismissal) {
            await operation(Send { send(embed($0)) })
          }
        }
      )
    case .merge(let effects):
      return Effect<ParentAction>(
        operation: .merge(
          effects.map { $0._presented(in: namespace, embed: embed, dismissal: dismissalAction) }
        )
      )
    case .concatenate(let effects):
      return Effect<ParentAction>(
        operation: .concatenate(
          effects.map { $0._presented(in: namespace, embed: embed, dismissal: dismissalAction) }
        )
      )
    case .cancellable(let id, let cancelInFlight, let effect):
      return Effect<ParentAction>(
        operation: .cancellable(
          id: id.within(namespace),
          cancelInFlight: cancelInFlight,
          effect._presented(in: namespace, embed: embed, dismissal: dismissalAction)
        )
      )
    case .cancel(let id):
      return Effect<ParentAction>(
        operation: .cancel(id: id.within(namespace))
      )
    }
  }
}

/// The presented feature whose effect is running: how to dismiss it, and whether it has called
/// `\.dismiss` (later sends from that effect are then reported rather than silently dropped).
@MainActor
@usableFromInline
final class _EffectDismissal: Sendable {
  @usableFromInline var isDismissed = false
  /// `nil` for a child that is not presented and has no presentation around it.
  private let perform: (@MainActor @Sendable (_EffectDismissal) -> Void)?

  /// The store and presentations of the effect (see ``_EffectContext``).
  nonisolated let effectContext: _EffectContext?

  nonisolated init(
    effectContext: _EffectContext? = nil,
    perform: @escaping @MainActor @Sendable (_EffectDismissal) -> Void
  ) {
    self.effectContext = effectContext
    self.perform = perform
  }

  /// A child that is not presented itself (a row): dismissing dismisses `outer`, the
  /// presentation around it, if there is one.
  nonisolated init(effectContext: _EffectContext?, within outer: _EffectDismissal?) {
    self.effectContext = effectContext
    if let outer {
      self.perform = { @MainActor dismissal in
        outer.dismiss()
        dismissal.isDismissed = outer.isDismissed
      }
    } else {
      self.perform = nil
    }
  }

  /// Whether calling `\.dismiss` here dismisses anything.
  var canDismiss: Bool { perform != nil }

  func dismiss() { perform?(self) }
}

/// The presentation whose effect is running, bound by `forEach`/`ifLet`.
///
/// Kept outside the main-actor class: binding a task-local that belongs to the main actor would
/// hop to it, an extra scheduling step that changes how effects interleave.
@usableFromInline
enum _DismissContext {
  @TaskLocal @usableFromInline static var current: _EffectDismissal?
}
