import ComposableArchitecture
import Foundation

/// A client with no test value, to show the unimplemented-dependency failure.
struct FactClient: Sendable {
  var fetch: @Sendable (Int) async -> String
}

extension FactClient: DependencyKey {
  static let liveValue = FactClient { "\($0) is a number." }
}

extension DependencyValues {
  var factClient: FactClient {
    get { self[FactClient.self] }
    set { self[FactClient.self] = newValue }
  }
}

/// A feature with every kind of effect a TestStore test meets.
struct Feature: Reducer {
  struct State: Equatable {
    var count = 0
    var fact: String?
    var isTimerOn = false
  }

  enum Action: Equatable {
    case decrementButtonTapped
    case factButtonTapped
    case factResponse(String)
    case first
    case incrementButtonTapped
    case noopButtonTapped
    case second
    case sendTwoButtonTapped
    case sendTwoLaterButtonTapped
    case sleepButtonTapped
    case timerTick
    case toggleTimerButtonTapped
  }

  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.factClient) var factClient

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .decrementButtonTapped:
      state.count -= 1
      return .none
    case .factButtonTapped:
      return .run { [count = state.count, factClient] send in
        await send(.factResponse(await factClient.fetch(count)))
      }
    case .factResponse(let fact):
      state.fact = fact
      return .none
    case .first:
      state.count += 10
      return .none
    case .incrementButtonTapped:
      state.count += 1
      return .none
    case .noopButtonTapped:
      return .none
    case .second:
      state.count += 100
      return .none
    case .sendTwoButtonTapped:
      return .merge(.send(.first), .send(.second))
    case .sendTwoLaterButtonTapped:
      return .run { send in
        await send(.first)
        await send(.second)
      }
    case .sleepButtonTapped:
      return .run { [clock] _ in try await clock.sleep(for: .seconds(1)) }
    case .timerTick:
      state.count += 1
      // The timer stops itself at 3, so a test with an ImmediateClock ends cleanly.
      if state.count >= 3 {
        state.isTimerOn = false
        return .cancel(id: CancelID.timer)
      }
      return .none
    case .toggleTimerButtonTapped:
      state.isTimerOn.toggle()
      guard state.isTimerOn else { return .cancel(id: CancelID.timer) }
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.timerTick)
        }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: true)
    }
  }
}

extension Feature.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let factResponse = AnyCasePath<Feature.Action, String>(
      embed: { .factResponse($0) },
      extract: { if case .factResponse(let fact) = $0 { fact } else { nil } }
    )
    let timerTick = AnyCasePath<Feature.Action, Void>(
      embed: { .timerTick },
      extract: { if case .timerTick = $0 { () } else { nil } }
    )
    let first = AnyCasePath<Feature.Action, Void>(
      embed: { .first },
      extract: { if case .first = $0 { () } else { nil } }
    )
  }
  static let allCasePaths = AllCasePaths()
}

/// A callback API wrapped in a continuation that nothing resumes on cancellation: the effect
/// awaiting it keeps running after it is cancelled, until the callback comes.
final class CallbackIgnoringCancellation: Sendable {
  private struct Waiting {
    var continuation: CheckedContinuation<String, Never>?
    var early: String?
  }
  private let waiting = LockIsolated(Waiting())

  /// Waits for the callback (the answer at once if it came first).
  func answer() async -> String {
    await withCheckedContinuation { continuation in
      let early = waiting.withLock { waiting -> String? in
        if let early = waiting.early { return early }
        waiting.continuation = continuation
        return nil
      }
      if let early { continuation.resume(returning: early) }
    }
  }

  /// The callback comes: resumes the waiting effect, or keeps the answer for it.
  func callBack(with value: String) {
    let continuation = waiting.withLock { waiting in
      defer { waiting.continuation = nil }
      if waiting.continuation == nil { waiting.early = value }
      return waiting.continuation
    }
    continuation?.resume(returning: value)
  }
}
