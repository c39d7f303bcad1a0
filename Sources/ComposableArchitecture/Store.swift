import Observation

/// The runtime of a feature: holds its state, runs its reducer for each action, and runs the
/// effects the reducer returns.
///
/// A UI reads ``state`` and calls ``send(_:)``; child screens get a ``scope(state:action:)->Store<ChildState,ChildAction>``
/// of the store. The store is observable: reading `state` inside `withObservationTracking`
/// (or a SwiftUI view body) registers interest, and an action that changes that store's state
/// notifies (see ``state``).
///
/// ```swift
/// let store = Store(initialState: Counter.State()) {
///   Counter()
/// } withDependencies: {
///   $0.primeClient = PrimeClient(nthPrime: { _ in 17 })  // or leave the live default
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
  @usableFromInline let core: _Core
  var children: [_ScopeID: _WeakChild] = [:]
  /// The child stores of scopes to optional state, by scope, held weakly: apart from the others,
  /// so that a screen whose optional child is absent finds at once that there is nothing to
  /// forget (see `_forgetChild`).
  var presentedChildren: [_ScopeID: _WeakChild] = [:]
  /// The last few scopes asked for, found by the identity of their key paths (see
  /// `_cachedChild`).
  var recentChildren: [_RecentChild] = []
  /// The stores of the rows of a list (a `_RowStores`), made the first time this store's rows
  /// are scoped to; only a store of an `IdentifiedArray` has them.
  @usableFromInline var rowStores: AnyObject?
  /// What observers of ``state`` register on, made when the state is first read.
  ///
  /// Read on every read of the state, so its dynamic exclusivity check is switched off: it is
  /// main-actor isolated, written once (when the state is first read, or when a list makes a
  /// row's store) and otherwise only read, each access a single load or store of a reference
  /// that runs no code of the app's, so no two accesses overlap.
  @usableFromInline @exclusivity(unchecked) var observation: _ObservedValue<State>?

  /// Where state lives and actions go: the root itself, or functions into the parent that were
  /// specialized where the scope was created.
  @usableFromInline
  enum _Core {
    case root(_RootCore<State, Action>)
    case scoped(
      state: @MainActor () -> State,
      observers: _ObservedStores,
      send: @MainActor (Action) -> StoreTask
    )
  }

  @usableFromInline
  init(core: _Core) {
    self.core = core
  }

  /// Creates a root store.
  ///
  /// - Parameters:
  ///   - initialState: The feature's starting state.
  ///   - reducer: The feature's reducer.
  ///   - prepareDependencies: Overrides dependencies for everything this store runs, effects
  ///     included, on top of the dependencies in effect where the store is created.
  @inlinable
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    let dependencies = DependencyValues._storeDependencies(prepareDependencies)
    // The reducer tree is built here, once, under the store's dependencies (see
    // `Reducer._reduceFunction()`), not again for every action.
    let (state, reduce) = DependencyValues.$_current.withValue(dependencies ?? ._current) {
      (initialState(), reducer()._reduceFunction())
    }
    self.init(
      core: .root(_RootCore(initialState: state, reduce: reduce, dependencies: dependencies))
    )
  }

  /// The current state.
  ///
  /// Reading it inside an observation-tracking scope registers interest in this store's state:
  /// the observer is notified after an action that leaves the state different from what it
  /// was, compared with its `==` (a state that is not `Equatable` notifies after every action).
  /// An action that changes another store's state — a sibling, another row of a list, a part
  /// of the parent this store does not hold — notifies no observer of this one.
  @inlinable
  public var state: State {
    let value = core.currentState
    if let observation {
      observation.read(value)
    } else {
      startObserving(from: value)
    }
    return value
  }

  /// Makes the observation of this store's state, starting from `value`, and registers
  /// interest in it.
  @inlinable
  func startObserving(from value: State) {
    observe(value, in: &observation, isEqual: _equality(of: State.self)) { $0 }
  }

  /// Calls `body` with the current state, without registering observation.
  ///
  /// For code that reads the state once, when it runs (a UIKit action, a log line, a test),
  /// rather than a view that must update when the state changes: ``state`` read inside an
  /// observation-tracking scope registers interest; this does not.
  ///
  /// ```swift
  /// let count = store.withState(\.count)
  /// ```
  ///
  /// - Parameter body: What to read from the state.
  /// - Returns: What `body` returned.
  @inlinable
  public func withState<Value>(_ body: (_ state: State) throws -> Value) rethrows -> Value {
    try body(core.currentState)
  }

  /// Sends an action: runs the reducer now, then starts the effect it returned.
  ///
  /// - Parameter action: What the user did.
  /// - Returns: The started effects, to await with `finish()` or `cancel()`.
  @inlinable
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    switch core {
    case .root(let root): root.send(action)
    case .scoped(_, _, let send): send(action)
    }
  }

  /// Reads a value from the state (`store.count` for `store.state.count`).
  @inlinable
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    state[keyPath: keyPath]
  }
}

extension Store {
  /// Cancels every effect the root of this store is running (a test store that was dismissed).
  package func _cancelAllEffects() {
    if case .root(let root) = core { root.effects.cancelAll() }
  }

  /// How many observations the root of this store holds, alive or gone (for tests of the
  /// sweep).
  package var _observationCount: Int { core.observers.count }

  /// How many effects the root of this store is running now (a program that drives a store
  /// from a script waits until the only ones left are asleep on its clock).
  package var _runningEffectCount: Int {
    guard case .root(let root) = core else { return 0 }
    return root.effects.count
  }

  /// Waits until the root of this store runs no effect, those that running effects start included.
  ///
  /// What a UI test's "wait for the screen to update" does. An effect that never ends (a timer)
  /// makes this wait forever.
  package func _finishAllEffects() async {
    guard case .root(let root) = core else { return }
    while let task = root.effects.anyRunning { await task.value }
  }
}

/// Identifies a scope for the child-store cache: the two key paths and the type of child store.
///
/// The type tells apart the two scopes one pair of key paths can make: to optional state as it
/// is (a store of `Child?`) and to the presented child (a store of `Child`).
///
/// Hashing a key path walks all its components, so the hash is computed once, when the ID is
/// made: a lookup followed by an insertion (a child made for the first time) hashes once.
struct _ScopeID: Hashable {
  let state: AnyKeyPath
  let action: AnyKeyPath
  let kind: ObjectIdentifier
  private let hash: Int

  init(state: AnyKeyPath, action: AnyKeyPath, kind: ObjectIdentifier) {
    self.state = state
    self.action = action
    self.kind = kind
    var hasher = Hasher()
    hasher.combine(state)
    hasher.combine(action)
    hasher.combine(kind)
    self.hash = hasher.finalize()
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.hash == rhs.hash && lhs.kind == rhs.kind && lhs.state == rhs.state
      && lhs.action == rhs.action
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }
}

extension DependencyValues {
  /// The dependencies a new store runs every action under: the current ones changed by
  /// `prepare` (in a test, with a stack-ID counter of the store's own), or `nil` for the
  /// defaults, which the hot path then need not bind.
  @usableFromInline
  static func _storeDependencies(
    _ prepare: ((inout DependencyValues) -> Void)?
  ) -> DependencyValues? {
    var values = _current
    prepare?(&values)
    if values.context == .test { values._ensureStackElementIDGenerator() }
    return prepare != nil || !values.isDefault ? values : nil
  }
}
