import Observation

/// The runtime of a feature: holds its state, runs its reducer for each action, and runs the
/// effects the reducer returns.
///
/// A UI reads ``state`` and calls ``send(_:)``; child screens get a ``scope(state:action:)``
/// of the store. The store is observable: reading `state` inside `withObservationTracking`
/// (or a SwiftUI view body) registers interest, and every `send` notifies.
///
/// ```swift
/// let store = Store(initialState: Counter.State()) {
///   Counter()
/// } withDependencies: {
///   $0.primeClient = .live
/// }
/// store.send(.incrementButtonTapped)
/// store.state.count  // 1
/// ```
///
/// > Note: Sending a synchronous action whose effect is `.none` copies no state, allocates
/// > nothing and starts no task; its cost does not depend on the size of the state.
@MainActor
@dynamicMemberLookup
public final class Store<State, Action>: Observable {
  let core: _StoreCore<State, Action>
  var children: [_ScopeID: AnyObject] = [:]

  init(core: _StoreCore<State, Action>) {
    self.core = core
  }

  /// Creates a root store.
  ///
  /// - Parameters:
  ///   - initialState: The feature's starting state.
  ///   - reducer: The feature's reducer.
  ///   - prepareDependencies: Overrides dependencies for everything this store runs, effects
  ///     included, on top of the dependencies in effect where the store is created.
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    var dependencies = DependencyValues._current
    prepareDependencies?(&dependencies)
    let needsDependencies = prepareDependencies != nil || !dependencies.isDefault
    let (state, reducer) = DependencyValues.$_current.withValue(dependencies) {
      (initialState(), reducer())
    }
    self.init(
      core: _RootCore(
        initialState: state,
        reducer: reducer,
        dependencies: needsDependencies ? dependencies : nil
      )
    )
  }

  /// The current state.
  ///
  /// Reading it inside an observation-tracking scope registers interest.
  public var state: State {
    core.access()
    return core.state
  }

  /// Sends an action: runs the reducer now, then starts the effect it returned.
  ///
  /// - Parameter action: What the user did.
  /// - Returns: The started effects, to await with `finish()` or `cancel()`.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    core.send(action)
  }

  /// Reads a value from the state (`store.count` for `store.state.count`).
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    state[keyPath: keyPath]
  }
}

/// Identifies a scope for the child-store cache.
struct _ScopeID: Hashable {
  let state: AnyKeyPath
  let action: AnyKeyPath
}
