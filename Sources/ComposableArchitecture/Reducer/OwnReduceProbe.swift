#if DEBUG
  import Clocks

  /// Debug builds only: finds features that write both a `body` and their own
  /// `reduce(into:action:)`, and reports them.
  ///
  /// Such a feature has two answers to "what does an action do". The Composable Architecture
  /// runs its own `reduce` and never its `body` (its `@Reducer` macro warns about it at compile
  /// time); a store here runs the `body` it built when it was created, before any action, and
  /// Swift gives no way to ask which `reduce` a type has short of calling it. So a debug build
  /// calls it once, on the first action that reaches such a level of a store, with a probe bound:
  /// the library's own `reduce` for `body` features answers the probe and returns at once,
  /// without reading `body` or touching the state; a feature's own `reduce` knows nothing of the
  /// probe and leaves it unanswered.
  ///
  /// - Common case (no `reduce` of the feature's own): the probe costs one call that returns at
  ///   once, and the type is remembered, so later stores skip it.
  /// - A feature's own `reduce`: it ran once, on a copy of the state that is then thrown away
  ///   with the effect it returned, and the mistake is reported. The store goes on running the
  ///   `body`, in debug and release builds alike; only the report is debug-only.
  ///
  /// Release builds have none of this: no probe, no check in `reduce`, nothing per action.
  /// `ReducerBuildTests` shows the report for a feature at the root, in a child and in a test
  /// store, and its absence for a feature with a `body` alone.
  @usableFromInline
  final class _OwnReduceProbe: Sendable {
    /// The feature type being asked.
    let type: ObjectIdentifier
    private let answered = LockIsolated(false)

    @TaskLocal static var current: _OwnReduceProbe?

    /// Types known to have no `reduce` of their own (never a type that has one: each store of
    /// such a type reports it again, so a test that makes one always sees it).
    private static let checked = LockIsolated(Set<ObjectIdentifier>())

    private init(type: ObjectIdentifier) {
      self.type = type
    }

    /// Answers a probe asking about `type`, if one is bound.
    ///
    /// Called by the library's `reduce` for `body` features. Returns `true` when it answered
    /// (the caller then returns at once).
    @usableFromInline
    static func answer(for type: Any.Type) -> Bool {
      guard let probe = current, probe.type == ObjectIdentifier(type) else { return false }
      return probe.answered.withLock { answered in
        // Only the first call for the type answers: a feature's own `reduce` never reaches
        // the library's for the same type, so a second call cannot come from the probed one.
        if answered { return false }
        answered = true
        return true
      }
    }

    /// Whether a level of type `type` still needs asking.
    @usableFromInline
    static func needsCheck(_ type: Any.Type) -> Bool {
      !checked.withLock { $0.contains(ObjectIdentifier(type)) }
    }

    /// Calls `feature`'s `reduce(into:action:)` on a copy of `state` with a probe bound, and
    /// reports the feature when its own `reduce` ran.
    static func check<Feature: Reducer>(
      _ feature: Feature,
      state: Feature.State,
      action: Feature.Action
    ) {
      let type = ObjectIdentifier(Feature.self)
      guard needsCheck(Feature.self) else { return }
      let probe = _OwnReduceProbe(type: type)
      var copy = state
      _ = $current.withValue(probe) { feature.reduce(into: &copy, action: action) }
      if probe.answered.withLock({ $0 }) {
        checked.withLock { _ = $0.insert(type) }
        return
      }
      reportIssue(
        """
        \(Feature.self) writes both a "body" and its own "reduce(into:action:)". A store runs \
        the "body" and never that "reduce"; the Composable Architecture does the opposite (its \
        "@Reducer" macro warns that "body" is then never used), and so does a direct call of \
        "reduce(into:action:)". Keep one of the two: move the logic of "reduce(into:action:)" \
        into a "Reduce" in "body", or delete "body". (Checked in debug builds only, by calling \
        that "reduce" once on a copy of the state.)
        """
      )
    }
  }

  /// Whether the first action reaching one level of a store is still to be checked.
  private final class PendingCheck {
    // Read and written only by the one closure that holds it, which runs on its store's actor.
    var isPending = true
  }

  extension Reducer {
    /// Runs `built` (this feature's `body`, built) after a check on the first action.
    ///
    /// The check asks whether the feature also writes its own `reduce` (see
    /// ``_OwnReduceProbe``). Debug builds only.
    @usableFromInline
    func _checkingForOwnReduce(
      _ built: @escaping _ReduceFunction<State, Action>
    ) -> _ReduceFunction<State, Action> {
      guard _OwnReduceProbe.needsCheck(Self.self) else { return built }
      let pending = PendingCheck()
      return { state, action in
        if pending.isPending {
          pending.isPending = false
          _OwnReduceProbe.check(self, state: state, action: action)
        }
        return built(&state, action)
      }
    }
  }
#endif
