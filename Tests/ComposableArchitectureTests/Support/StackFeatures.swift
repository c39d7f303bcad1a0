import ComposableArchitecture
import Foundation

/// A counter on a navigation stack: a timer that dismisses the counter at 100, and "load and
/// go" that asks the parent to push a new counter.
struct StackCounter: Reducer {
  struct State: Equatable {
    var count = 0
    var isLoading = false
    var isTimerOn = false
  }

  enum Action: Equatable {
    case decrementButtonTapped
    case delegate(Delegate)
    case incrementButtonTapped
    case loadAndGoToCounterButtonTapped
    case loadResponse
    case timerTick
    case toggleTimerButtonTapped

    enum Delegate: Equatable {
      case goToCounter(Int)
    }
  }

  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .decrementButtonTapped:
      state.count -= 1
      return .none
    case .delegate:
      return .none
    case .incrementButtonTapped:
      state.count += 1
      return .none
    case .loadAndGoToCounterButtonTapped:
      state.isLoading = true
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(2))
        await send(.loadResponse)
      }
    case .loadResponse:
      state.isLoading = false
      return .send(.delegate(.goToCounter(state.count)))
    case .timerTick:
      state.count += 1
      return state.count >= 100 ? .run { [dismiss] _ in await dismiss() } : .none
    case .toggleTimerButtonTapped:
      state.isTimerOn.toggle()
      guard state.isTimerOn else { return .cancel(id: CancelID.timer) }
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.timerTick)
        }
      }
      .cancellable(id: CancelID.timer)
    }
  }
}

/// A number fact screen with a fact client.
struct StackNumberFact: Reducer {
  struct State: Equatable {
    var number: Int
    var fact: String?
  }

  enum Action: Equatable {
    case factButtonTapped
    case factResponse(String)
  }

  @Dependency(\.factClient) var factClient

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .factButtonTapped:
      return .run { [number = state.number, factClient] send in
        await send(.factResponse(await factClient.fetch(number)))
      }
    case .factResponse(let fact):
      state.fact = fact
      return .none
    }
  }
}

/// A prime number screen: whether the number is prime, and its index among the primes.
struct StackPrimeNumber: Reducer {
  struct State: Equatable {
    var number: Int
    var primeIndex: Int?
  }

  enum Action: Equatable {
    case primeIndexButtonTapped
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .primeIndexButtonTapped:
      func isPrime(_ n: Int) -> Bool { n >= 2 && (2..<n).allSatisfy { n % $0 != 0 } }
      state.primeIndex = isPrime(state.number) ? (2...state.number).filter(isPrime).count : nil
      return .none
    }
  }
}

/// The root: a stack of counters, number facts and primes, and the sum of the counters.
struct StackRoot: Reducer {
  struct State: Equatable {
    var path = StackState<Path.State>()

    /// Computed, so an exhaustive assertion never mentions it.
    var sum: Int {
      path.reduce(0) { sum, element in sum + (element[case: \.counter]?.count ?? 0) }
    }
  }

  enum Action: Equatable, Sendable {
    case path(StackAction<Path.State, Path.Action>)
  }

  struct Path: Reducer {
    enum State: Equatable {
      case counter(StackCounter.State)
      case numberFact(StackNumberFact.State)
      case primeNumber(StackPrimeNumber.State)
    }

    enum Action: Equatable {
      case counter(StackCounter.Action)
      case numberFact(StackNumberFact.Action)
      case primeNumber(StackPrimeNumber.Action)
    }

    var body: some Reducer<State, Action> {
      Scope(state: \.counter, action: \.counter) { StackCounter() }
      Scope(state: \.numberFact, action: \.numberFact) { StackNumberFact() }
      Scope(state: \.primeNumber, action: \.primeNumber) { StackPrimeNumber() }
    }
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .path(.element(id: _, action: .counter(.delegate(.goToCounter(let count))))):
        state.path.append(.counter(StackCounter.State(count: count)))
        return .none
      case .path:
        return .none
      }
    }
    .forEach(\.path, action: \.path) { Path() }
  }
}

// MARK: - Case paths (what @CasePathable would generate)

extension StackCounter.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let delegate = AnyCasePath<StackCounter.Action, StackCounter.Action.Delegate>(
      embed: { .delegate($0) },
      extract: { if case .delegate(let delegate) = $0 { delegate } else { nil } }
    )
    let loadResponse = AnyCasePath<StackCounter.Action, Void>(
      embed: { .loadResponse },
      extract: { if case .loadResponse = $0 { () } else { nil } }
    )
    let timerTick = AnyCasePath<StackCounter.Action, Void>(
      embed: { .timerTick },
      extract: { if case .timerTick = $0 { () } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

extension StackCounter.Action.Delegate: CasePathable {
  struct AllCasePaths: Sendable {
    let goToCounter = AnyCasePath<StackCounter.Action.Delegate, Int>(
      embed: { .goToCounter($0) },
      extract: { if case .goToCounter(let count) = $0 { count } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

extension StackNumberFact.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let factResponse = AnyCasePath<StackNumberFact.Action, String>(
      embed: { .factResponse($0) },
      extract: { if case .factResponse(let fact) = $0 { fact } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

extension StackPrimeNumber.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let primeIndexButtonTapped = AnyCasePath<StackPrimeNumber.Action, Void>(
      embed: { .primeIndexButtonTapped },
      extract: { if case .primeIndexButtonTapped = $0 { () } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

extension StackRoot.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let path = AnyCasePath<
      StackRoot.Action, StackAction<StackRoot.Path.State, StackRoot.Path.Action>
    >(
      embed: { .path($0) },
      extract: { if case .path(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

extension StackRoot.Path.State: CasePathable {
  struct AllCasePaths: Sendable {
    let counter = AnyCasePath<StackRoot.Path.State, StackCounter.State>(
      embed: { .counter($0) },
      extract: { if case .counter(let state) = $0 { state } else { nil } }
    )
    let numberFact = AnyCasePath<StackRoot.Path.State, StackNumberFact.State>(
      embed: { .numberFact($0) },
      extract: { if case .numberFact(let state) = $0 { state } else { nil } }
    )
    let primeNumber = AnyCasePath<StackRoot.Path.State, StackPrimeNumber.State>(
      embed: { .primeNumber($0) },
      extract: { if case .primeNumber(let state) = $0 { state } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

extension StackRoot.Path.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let counter = AnyCasePath<StackRoot.Path.Action, StackCounter.Action>(
      embed: { .counter($0) },
      extract: { if case .counter(let action) = $0 { action } else { nil } }
    )
    let numberFact = AnyCasePath<StackRoot.Path.Action, StackNumberFact.Action>(
      embed: { .numberFact($0) },
      extract: { if case .numberFact(let action) = $0 { action } else { nil } }
    )
    let primeNumber = AnyCasePath<StackRoot.Path.Action, StackPrimeNumber.Action>(
      embed: { .primeNumber($0) },
      extract: { if case .primeNumber(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}
