import ComposableArchitecture

/// A counter on the navigation stack: `+`/`−`, a timer that dismisses the counter at 100, and
/// "load and go" that asks the parent (a delegate action) to push a new counter.
///
/// ```swift
/// await store.send(.toggleTimerButtonTapped) { $0.isTimerOn = true }
/// await clock.advance(by: .seconds(1))
/// await store.receive(\.timerTick) { $0.count = 1 }
/// ```
public struct CounterFeature: Reducer {
  /// The counter's state.
  public struct State: Equatable, Sendable {
    /// The count.
    public var count: Int
    /// Whether "load and go" is waiting.
    public var isLoading: Bool
    /// Whether the timer is running.
    public var isTimerOn: Bool

    /// Creates the state.
    public init(count: Int = 0, isLoading: Bool = false, isTimerOn: Bool = false) {
      self.count = count
      self.isLoading = isLoading
      self.isTimerOn = isTimerOn
    }
  }

  /// What the user did, or what came back.
  public enum Action: Equatable, Sendable {
    /// `−` tapped.
    case decrementButtonTapped
    /// A message to the parent.
    case delegate(Delegate)
    /// `+` tapped.
    case incrementButtonTapped
    /// "Load and go to counter" tapped.
    case loadAndGoToCounterButtonTapped
    /// The loading delay finished.
    case loadResponse
    /// One second passed on the timer.
    case timerTick
    /// The timer toggle tapped.
    case toggleTimerButtonTapped

    /// Messages to the parent.
    public enum Delegate: Equatable, Sendable {
      /// Push a new counter with this count.
      case goToCounter(Int)
    }
  }

  enum CancelID {
    case load
    case timer
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  /// Creates the reducer.
  public init() {}

  /// The counter's logic.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
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
      // A second tap restarts the wait (found by the differential fuzz: without this, two
      // taps pushed two counters where the vanilla app pushes one).
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(2))
        await send(.loadResponse)
      }
      .cancellable(id: CancelID.load, cancelInFlight: true)
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
        for await _ in clock.timer(interval: .seconds(1)) {
          await send(.timerTick)
        }
      }
      .cancellable(id: CancelID.timer)
    }
  }
}

extension CounterFeature.Action: CasePathable {
  /// The case paths of `CounterFeature.Action`.
  public struct AllCasePaths: Sendable {
    /// `.delegate`.
    public let delegate = AnyCasePath<CounterFeature.Action, CounterFeature.Action.Delegate>(
      embed: { .delegate($0) },
      extract: { if case .delegate(let delegate) = $0 { delegate } else { nil } }
    )
    /// `.loadResponse`.
    public let loadResponse = AnyCasePath<CounterFeature.Action, Void>(
      embed: { .loadResponse },
      extract: { if case .loadResponse = $0 { () } else { nil } }
    )
    /// `.timerTick`.
    public let timerTick = AnyCasePath<CounterFeature.Action, Void>(
      embed: { .timerTick },
      extract: { if case .timerTick = $0 { () } else { nil } }
    )
  }

  /// The case paths.
  public static let allCasePaths = AllCasePaths()
}

extension CounterFeature.Action.Delegate: CasePathable {
  /// The case paths of `CounterFeature.Action.Delegate`.
  public struct AllCasePaths: Sendable {
    /// `.goToCounter`.
    public let goToCounter = AnyCasePath<CounterFeature.Action.Delegate, Int>(
      embed: { .goToCounter($0) },
      extract: { if case .goToCounter(let count) = $0 { count } else { nil } }
    )
  }

  /// The case paths.
  public static let allCasePaths = AllCasePaths()
}
