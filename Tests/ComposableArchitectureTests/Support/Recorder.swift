import ComposableArchitecture

/// A feature whose actions carry an effect to return, recording every action it receives.
///
/// Lets a test describe an effect inline and observe, in `state`, the exact order in which the
/// store delivered the actions that effect sent.
struct Recorder: Reducer {
  enum Action: Sendable {
    case start(String, @Sendable () -> Effect<Action>)
    case record(String)
  }

  func reduce(into state: inout [String], action: Action) -> Effect<Action> {
    switch action {
    case .start(let name, let effect):
      state.append(name)
      return effect()
    case .record(let name):
      state.append(name)
      return .none
    }
  }
}
