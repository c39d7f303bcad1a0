/// A feature's logic: how state changes for each action, and what effects run afterwards.
///
/// Conform with either `reduce(into:action:)` (a leaf feature) or `body` (a feature composed of
/// others with ``Scope``, ``Reduce`` and the operators such as ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)``).
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
/// A reducer is a value: `body` is computed again for each action, so building it must be
/// cheap (the operators here store key paths and closures, nothing more).
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

/// A type-erased name for "a reducer of this feature's state and action".
///
/// ```swift
/// let reducer: ReducerOf<Counter> = Counter()
/// ```
public typealias ReducerOf<R: Reducer> = any Reducer<R.State, R.Action>
