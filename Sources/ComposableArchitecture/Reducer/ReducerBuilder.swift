/// Combines the reducers listed in a `body` into one that runs them in order.
///
/// Supports `if`, `if`/`else`, `switch`, optional reducers and `for` loops over reducers of one
/// type. Each reducer's effects are merged.
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   Scope(state: \.counter, action: \.counter) { Counter() }
///   if isLoggingEnabled {
///     Reduce { state, action in … }
///   }
/// }
/// ```
///
/// Every step takes its reducers `consuming`, as the operators (`ifLet`, `forEach`, …) take
/// `self`: each reducer is handed on, never copied, while a `body` is built. A store builds its
/// body once; a direct `reduce(into:action:)` builds it on every call, and there each copy would
/// be a retain and a release of every key path and closure the reducer holds.
@resultBuilder
public enum ReducerBuilder<State, Action> {
  /// An empty body does nothing.
  @inlinable
  public static func buildBlock() -> EmptyReducer<State, Action> { EmptyReducer() }

  /// Passes a reducer through unchanged.
  @inlinable
  public static func buildExpression<R: Reducer>(_ reducer: consuming R) -> R
  where R.State == State, R.Action == Action { reducer }

  /// The first reducer of a block.
  @inlinable
  public static func buildPartialBlock<R: Reducer>(first: consuming R) -> R
  where R.State == State, R.Action == Action { first }

  /// Appends the next reducer of a block.
  @inlinable
  public static func buildPartialBlock<R0: Reducer, R1: Reducer>(
    accumulated: consuming R0,
    next: consuming R1
  ) -> _Sequence<R0, R1> where R0.State == State, R0.Action == Action {
    _Sequence(first: accumulated, second: next)
  }

  /// An `if` without `else`: the reducer runs when the condition held.
  @inlinable
  public static func buildOptional<R: Reducer>(_ wrapped: consuming R?) -> R?
  where R.State == State, R.Action == Action { wrapped }

  /// The `if` branch of an `if`/`else` or the first `switch` case.
  @inlinable
  public static func buildEither<R0: Reducer, R1: Reducer>(first: consuming R0) -> _Conditional<
    R0, R1
  >
  where R0.State == State, R0.Action == Action { .first(first) }

  /// The `else` branch of an `if`/`else` or a later `switch` case.
  @inlinable
  public static func buildEither<R0: Reducer, R1: Reducer>(second: consuming R1) -> _Conditional<
    R0, R1
  >
  where R1.State == State, R1.Action == Action { .second(second) }

  /// A `for` loop: every reducer it produced, in order.
  @inlinable
  public static func buildArray<R: Reducer>(_ reducers: consuming [R]) -> _SequenceMany<R>
  where R.State == State, R.Action == Action { _SequenceMany(reducers: reducers) }

  /// An `if #available` block.
  @inlinable
  public static func buildLimitedAvailability<R: Reducer>(_ wrapped: consuming R) -> Reduce<
    State, Action
  >
  where R.State == State, R.Action == Action { Reduce(wrapped) }
}

/// Two reducers run one after the other; their effects are merged.
public struct _Sequence<R0: Reducer, R1: Reducer>: Reducer
where R0.State == R1.State, R0.Action == R1.Action {
  @usableFromInline let first: R0
  @usableFromInline let second: R1

  @inlinable
  init(first: R0, second: R1) {
    self.first = first
    self.second = second
  }

  @inlinable
  public func reduce(into state: inout R0.State, action: R0.Action) -> Effect<R0.Action> {
    let firstEffect = first.reduce(into: &state, action: action)
    let secondEffect = second.reduce(into: &state, action: action)
    return firstEffect.merge(with: secondEffect)
  }

  @inlinable
  public func _reduceFunction() -> _ReduceFunction<R0.State, R0.Action> {
    let first = first._reduceFunction()
    let second = second._reduceFunction()
    return { state, action in
      let firstEffect = first(&state, action)
      let secondEffect = second(&state, action)
      return firstEffect.merge(with: secondEffect)
    }
  }
}

/// Reducers of one type from a `for` loop, run in order.
public struct _SequenceMany<Element: Reducer>: Reducer {
  @usableFromInline let reducers: [Element]

  @inlinable
  init(reducers: [Element]) { self.reducers = reducers }

  @inlinable
  public func reduce(
    into state: inout Element.State,
    action: Element.Action
  ) -> Effect<Element.Action> {
    var effect = Effect<Element.Action>.none
    for reducer in reducers {
      effect = effect.merge(with: reducer.reduce(into: &state, action: action))
    }
    return effect
  }

  @inlinable
  public func _reduceFunction() -> _ReduceFunction<Element.State, Element.Action> {
    let functions = reducers.map { $0._reduceFunction() }
    return { state, action in
      var effect = Effect<Element.Action>.none
      for function in functions {
        effect = effect.merge(with: function(&state, action))
      }
      return effect
    }
  }
}

/// One of two reducers, chosen when the body was built (`if`/`else`, `switch`).
public enum _Conditional<First: Reducer, Second: Reducer>: Reducer
where First.State == Second.State, First.Action == Second.Action {
  case first(First)
  case second(Second)

  @inlinable
  public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    switch self {
    case .first(let first): first.reduce(into: &state, action: action)
    case .second(let second): second.reduce(into: &state, action: action)
    }
  }

  @inlinable
  public func _reduceFunction() -> _ReduceFunction<First.State, First.Action> {
    switch self {
    case .first(let first): first._reduceFunction()
    case .second(let second): second._reduceFunction()
    }
  }
}

extension Optional: Reducer where Wrapped: Reducer {
  /// Runs the wrapped reducer when there is one (an `if` without `else` in a body).
  @inlinable
  public func reduce(into state: inout Wrapped.State, action: Wrapped.Action) -> Effect<
    Wrapped.Action
  > {
    switch self {
    case .some(let wrapped): wrapped.reduce(into: &state, action: action)
    case .none: .none
    }
  }

  @inlinable
  public func _reduceFunction() -> _ReduceFunction<Wrapped.State, Wrapped.Action> {
    switch self {
    case .some(let wrapped): wrapped._reduceFunction()
    case .none: { _, _ in .none }
    }
  }
}
