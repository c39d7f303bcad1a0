import ComposableArchitecture

/// The navigation-stack root: a stack of counters, number facts and prime numbers, and the sum
/// of the counters' counts.
///
/// ```swift
/// await store.send(.path(.push(.counter(CounterFeature.State())))) {
///   $0.path[id: 0] = .counter(CounterFeature.State())
/// }
/// ```
public struct RootFeature: Reducer {
  /// The root's state.
  public struct State: Equatable, Sendable {
    /// The stack, bottom to top.
    public var path: StackState<Path.State>
    /// Creates the state.
    public init(path: StackState<Path.State> = StackState()) {
      self.path = path
    }

    /// The sum of the counts of every counter on the stack.
    ///
    /// Computed, not stored: nothing can forget to update it, and an exhaustive test never
    /// mentions it — pushing, popping and ticking change only `path`.
    public var sum: Int {
      path.reduce(0) { sum, element in sum + (element[case: \.counter]?.count ?? 0) }
    }
  }

  /// What happened on the stack.
  public enum Action: Equatable, Sendable {
    /// A push, a pop, or a screen's action.
    case path(StackAction<Path.State, Path.Action>)
  }

  /// The screens a stack element can be.
  public struct Path: Reducer {
    /// A screen's state.
    public enum State: Equatable, Sendable {
      /// A counter.
      case counter(CounterFeature.State)
      /// A number fact.
      case numberFact(NumberFactFeature.State)
      /// A prime number (no actions).
      case primeNumber(PrimeNumberFeature.State)
    }

    /// A screen's action.
    public enum Action: Equatable, Sendable {
      /// A counter's action.
      case counter(CounterFeature.Action)
      /// A number fact's action.
      case numberFact(NumberFactFeature.Action)
    }

    /// Creates the reducer.
    public init() {}

    /// Each screen's reducer, for its case.
    public var body: some Reducer<State, Action> {
      Scope(state: \.counter, action: \.counter) { CounterFeature() }
      Scope(state: \.numberFact, action: \.numberFact) { NumberFactFeature() }
    }
  }

  /// Creates the reducer.
  public init() {}

  /// The root's logic: pushes a counter when one asks.
  public var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .path(.element(id: _, action: .counter(.delegate(.goToCounter(let count))))):
        state.path.append(.counter(CounterFeature.State(count: count)))
        return .none
      case .path:
        return .none
      }
    }
    .forEach(\.path, action: \.path) { Path() }
  }
}

extension RootFeature.Action: CasePathable {
  /// The case paths of `RootFeature.Action`.
  public struct AllCasePaths: Sendable {
    /// `.path`.
    public let path = AnyCasePath<
      RootFeature.Action, StackAction<RootFeature.Path.State, RootFeature.Path.Action>
    >(
      embed: { .path($0) },
      extract: { if case .path(let action) = $0 { action } else { nil } }
    )
  }

  /// The case paths.
  public static let allCasePaths = AllCasePaths()
}

extension RootFeature.Path.State: CasePathable {
  /// The case paths of `RootFeature.Path.State`.
  public struct AllCasePaths: Sendable {
    /// `.counter`.
    public let counter = AnyCasePath<RootFeature.Path.State, CounterFeature.State>(
      embed: { .counter($0) },
      extract: { if case .counter(let state) = $0 { state } else { nil } }
    )
    /// `.numberFact`.
    public let numberFact = AnyCasePath<RootFeature.Path.State, NumberFactFeature.State>(
      embed: { .numberFact($0) },
      extract: { if case .numberFact(let state) = $0 { state } else { nil } }
    )
    /// `.primeNumber`.
    public let primeNumber = AnyCasePath<RootFeature.Path.State, PrimeNumberFeature.State>(
      embed: { .primeNumber($0) },
      extract: { if case .primeNumber(let state) = $0 { state } else { nil } }
    )
  }

  /// The case paths.
  public static let allCasePaths = AllCasePaths()
}

extension RootFeature.Path.Action: CasePathable {
  /// The case paths of `RootFeature.Path.Action`.
  public struct AllCasePaths: Sendable {
    /// `.counter`.
    public let counter = AnyCasePath<RootFeature.Path.Action, CounterFeature.Action>(
      embed: { .counter($0) },
      extract: { if case .counter(let action) = $0 { action } else { nil } }
    )
    /// `.numberFact`.
    public let numberFact = AnyCasePath<RootFeature.Path.Action, NumberFactFeature.Action>(
      embed: { .numberFact($0) },
      extract: { if case .numberFact(let action) = $0 { action } else { nil } }
    )
  }

  /// The case paths.
  public static let allCasePaths = AllCasePaths()
}
