import ComposableArchitecture
import Foundation

/// A counter on a navigation stack: a timer that dismisses the counter at 100, and "load and
/// go" that asks the parent to push a new counter.
struct CounterFeature: Reducer {
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
struct NumberFactFeature: Reducer {
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
struct PrimeNumberFeature: Reducer {
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
struct RootFeature: Reducer {
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
      case counter(CounterFeature.State)
      case numberFact(NumberFactFeature.State)
      case primeNumber(PrimeNumberFeature.State)
    }

    enum Action: Equatable {
      case counter(CounterFeature.Action)
      case numberFact(NumberFactFeature.Action)
      case primeNumber(PrimeNumberFeature.Action)
    }

    var body: some Reducer<State, Action> {
      Scope(state: \.counter, action: \.counter) { CounterFeature() }
      Scope(state: \.numberFact, action: \.numberFact) { NumberFactFeature() }
      Scope(state: \.primeNumber, action: \.primeNumber) { PrimeNumberFeature() }
    }
  }

  var body: some Reducer<State, Action> {
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

// MARK: - Case paths (what @CasePathable would generate)

extension CounterFeature.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let delegate = AnyCasePath<CounterFeature.Action, CounterFeature.Action.Delegate>(
      embed: { .delegate($0) },
      extract: { if case .delegate(let delegate) = $0 { delegate } else { nil } }
    )
    let loadResponse = AnyCasePath<CounterFeature.Action, Void>(
      embed: { .loadResponse },
      extract: { if case .loadResponse = $0 { () } else { nil } }
    )
    let timerTick = AnyCasePath<CounterFeature.Action, Void>(
      embed: { .timerTick },
      extract: { if case .timerTick = $0 { () } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

extension CounterFeature.Action.Delegate: CasePathable {
  struct AllCasePaths: Sendable {
    let goToCounter = AnyCasePath<CounterFeature.Action.Delegate, Int>(
      embed: { .goToCounter($0) },
      extract: { if case .goToCounter(let count) = $0 { count } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

extension NumberFactFeature.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let factResponse = AnyCasePath<NumberFactFeature.Action, String>(
      embed: { .factResponse($0) },
      extract: { if case .factResponse(let fact) = $0 { fact } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

extension PrimeNumberFeature.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let primeIndexButtonTapped = AnyCasePath<PrimeNumberFeature.Action, Void>(
      embed: { .primeIndexButtonTapped },
      extract: { if case .primeIndexButtonTapped = $0 { () } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

extension RootFeature.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let path = AnyCasePath<
      RootFeature.Action, StackAction<RootFeature.Path.State, RootFeature.Path.Action>
    >(
      embed: { .path($0) },
      extract: { if case .path(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

extension RootFeature.Path.State: CasePathable {
  struct AllCasePaths: Sendable {
    let counter = AnyCasePath<RootFeature.Path.State, CounterFeature.State>(
      embed: { .counter($0) },
      extract: { if case .counter(let state) = $0 { state } else { nil } }
    )
    let numberFact = AnyCasePath<RootFeature.Path.State, NumberFactFeature.State>(
      embed: { .numberFact($0) },
      extract: { if case .numberFact(let state) = $0 { state } else { nil } }
    )
    let primeNumber = AnyCasePath<RootFeature.Path.State, PrimeNumberFeature.State>(
      embed: { .primeNumber($0) },
      extract: { if case .primeNumber(let state) = $0 { state } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

extension RootFeature.Path.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let counter = AnyCasePath<RootFeature.Path.Action, CounterFeature.Action>(
      embed: { .counter($0) },
      extract: { if case .counter(let action) = $0 { action } else { nil } }
    )
    let numberFact = AnyCasePath<RootFeature.Path.Action, NumberFactFeature.Action>(
      embed: { .numberFact($0) },
      extract: { if case .numberFact(let action) = $0 { action } else { nil } }
    )
    let primeNumber = AnyCasePath<RootFeature.Path.Action, PrimeNumberFeature.Action>(
      embed: { .primeNumber($0) },
      extract: { if case .primeNumber(let action) = $0 { action } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}
