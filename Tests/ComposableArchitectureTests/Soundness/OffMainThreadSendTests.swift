import ComposableArchitecture
import Foundation
import Testing

/// A send from off the main actor stops the program with a message naming the mistake.
///
/// A store is isolated to the main actor. Swift 6 code cannot send to it from elsewhere, but
/// code compiled in Swift 5 mode can (after a warning); such a send stops before it touches the
/// store.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct OffMainThreadSendTests {
  @Test func aSendFromABackgroundThreadStopsWithAMessage() async {
    let result = await #expect(
      processExitsWith: .failure,
      observing: [\.standardErrorContent]
    ) {
      let store = await MainActor.run { Store(initialState: Tally.State()) { Tally() } }
      // What a Swift 5 caller compiles to: the same function, without the actor hop.
      let sendAnywhere = unsafeBitCast(
        { @MainActor in _ = store.send(.incrementButtonTapped) } as @MainActor () -> Void,
        to: (@Sendable () -> Void).self
      )
      await Task.detached { sendAnywhere() }.value
    }
    let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(stderr.contains("Store.send(incrementButtonTapped) was called off the main actor."))
  }

  @Test func aSendOnTheMainActorRuns() {
    let store = Store(initialState: Tally.State()) { Tally() }
    store.send(.incrementButtonTapped)
    #expect(store.state.count == 1)
  }
}
