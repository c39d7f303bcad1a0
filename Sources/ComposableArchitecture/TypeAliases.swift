/// The store of a feature: `StoreOf<Counter>` is `Store<Counter.State, Counter.Action>`.
///
/// ```swift
/// let store: StoreOf<Counter> = Store(initialState: Counter.State()) { Counter() }
/// ```
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>

/// The stack action of an element feature: `StackActionOf<Path>` is
/// `StackAction<Path.State, Path.Action>`.
///
/// ```swift
/// enum Action {
///   case path(StackActionOf<Path>)
/// }
/// ```
public typealias StackActionOf<R: Reducer> = StackAction<R.State, R.Action>
