import Testing

@testable import ComposableArchitecture

/// The identity of a presented child whose type cannot differ in identity is one shared instance.
///
/// An `ifLet` reads its child's identity on every action. `_IdentityReader` keeps that shared
/// instance as an unretained reference (so that copying a reader retains nothing) and hands it
/// out retained on each read. A read that handed it out without retaining it would let the
/// caller's release free the instance that every presentation compares against; its reference
/// count, read before and after, shows the imbalance before anything is freed.
@Suite(.timeLimit(.minutes(1)))
struct IdentityReaderTests {
  struct Plain: Equatable { var count = 0 }

  @Test func readingThePlainIdentityRetainsWhatItHandsOut() {
    let shared = _NavigationIdentity.plain
    let before = _getRetainCount(shared)
    for reader in [_IdentityReader<Plain>.resolved, .unresolved] {
      do {
        // Released at the end of this scope, as any caller releases what a read returned.
        let identity = reader.identity(of: Plain())
        #expect(identity === shared)
      }
      #expect(_getRetainCount(shared) == before)
    }
    guard _getRetainCount(shared) == before else { return }
    var sameEveryTime = true
    for count in 0..<1_000 {
      sameEveryTime =
        sameEveryTime
        && _IdentityReader<Plain>.resolved.identity(of: Plain(count: count)) === shared
    }
    #expect(sameEveryTime)
    #expect(_getRetainCount(shared) == before)
  }

  @Test func typesThatCanChangeIdentityAreReadEachTime() {
    enum Destination: Equatable {
      case counter(Int)
      case facts(String)
    }
    let reader = _IdentityReader<Destination>.resolved
    let counter = reader.identity(of: .counter(1))
    #expect(counter !== _NavigationIdentity.plain)
    #expect(counter == reader.identity(of: .counter(2)))
    #expect(counter != reader.identity(of: .facts("")))
  }
}
