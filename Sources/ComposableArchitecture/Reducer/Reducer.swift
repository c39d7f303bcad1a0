/// A feature's logic: how state changes for each action, and what effects run afterwards.
///
/// Conform with either `reduce(into:action:)` (a leaf feature) or `body` (a feature composed of
/// others with ``Scope``, ``Reduce`` and the operators such as ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)``).
/// Never both: a store would run `body` and a direct call the `reduce` (debug builds report such
/// a feature on its first action).
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementButtonTapped, decrementButtonTapped }
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     switch action {
///     case .incrementButtonTapped: state.count += 1
///     case .decrementButtonTapped: state.count -= 1
///     }
///     return .none
///   }
/// }
/// ```
///
/// A reducer is a value. Calling `reduce(into:action:)` directly computes `body` again on each
/// call; a ``Store`` instead builds the reducer once, when it is created, under its
/// dependencies, and keeps it (see `_reduceFunction()`). A child that contains a feature
/// already being built (a feature that contains itself) is built when an action first reaches
/// it instead, so recursion never builds forever. So a `body` must describe the feature from the reducer's own
/// properties and its dependencies only, never from state that changes while the store lives.
public protocol Reducer<State, Action> {
  /// The feature's state: plain values.
  associatedtype State
  /// What the user did or what came back from an effect.
  associatedtype Action
  /// The reducer this one is composed of; `Never` when `reduce(into:action:)` is written instead.
  associatedtype Body

  /// Applies `action` to `state` and returns the effect to run next.
  ///
  /// - Parameters:
  ///   - state: The state to change in place.
  ///   - action: What happened.
  /// - Returns: Work to do afterwards, or `.none`.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this feature is composed of, run in order for every action.
  @ReducerBuilder<State, Action>
  var body: Body { get }

  /// Builds the function a store runs for every action: this reducer with its `body` and its
  /// children built once (a child that contains a feature already being built, when an action
  /// first reaches it), and its key paths and case paths resolved once.
  ///
  /// Features never implement this: a feature written with `body` builds its body (once, when
  /// this is called), and one written with `reduce(into:action:)` is called as it is. The
  /// library's operators (``Scope``, `ifLet`, `forEach`, …) build their children.
  ///
  /// A ``Store`` calls this once, under its dependencies; a `TestStore` again each time the test
  /// changes its `dependencies`. A `@Dependency` is still read when it is used, at reduce time.
  ///
  /// - Returns: A function that does what `reduce(into:action:)` does.
  func _reduceFunction() -> _ReduceFunction<State, Action>
}

/// What a built reducer is: the state to change in place, the action, and the effect to run.
public typealias _ReduceFunction<State, Action> = (inout State, Action) -> Effect<Action>

extension Reducer {
  /// A reducer written with `reduce(into:action:)` runs as it is.
  @inlinable
  public func _reduceFunction() -> _ReduceFunction<State, Action> {
    { self.reduce(into: &$0, action: $1) }
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// A reducer written with `body` builds its body once and runs that.
  ///
  /// A feature that writes a `reduce(into:action:)` of its own as well still has its `body`
  /// run by a store (the Composable Architecture runs that `reduce` instead): Swift cannot tell
  /// which one a type wrote without calling it, and calling it would run the feature's code on
  /// the store's state. Write one of the two.
  @inlinable
  public func _reduceFunction() -> _ReduceFunction<State, Action> {
    body._reduceFunction()
  }
}

extension Reducer where Body == Never {
  /// A reducer that implements `reduce(into:action:)` has no body.
  ///
  /// > Note: The library never reads this property of such a reducer; reading it directly is a
  /// > programming error and stops the program.
  public var body: Body {
    fatalError("\(Self.self) implements reduce(into:action:) and has no body to read.")
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs ``body``.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

/// "A reducer of this feature's state and action": the protocol with both types fixed, as a
/// feature's `body` names it.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Reduce { state, action in … }
/// }
///
/// let reducer: any ReducerOf<Counter> = Counter()
/// ```
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>
