import Testing

@testable import ComposableArchitecture

/// The identity of a presented child whose type cannot differ in identity is one shared instance.
///
/// An `ifLet` reads its child's identity on every action. `_IdentityReader` keeps that shared
/// instance as an unretained reference (so that copying a reader retains nothing) and hands it
/// out retained on each read. A read that handed it out without retaining it would let the
/// caller's release free the instance that every presentation compares against (this suite then
/// crashes).
@Suite(.timeLimit(.minutes(1)))
struct IdentityReaderTests {
  struct Plain: Equatable { var count = 0 }

  @Test func readingThePlainIdentityKeepsTheSharedInstanceAlive() {
    weak let shared = _NavigationIdentity.plain
    let reader = _IdentityReader<Plain>.resolved
    var sameEveryTime = true
    for count in 0..<1_000 {
      // Each read is released when the next replaces it.
      let identity = reader.identity(of: Plain(count: count))
      sameEveryTime = sameEveryTime && identity === shared
    }
    #expect(shared != nil)
    #expect(sameEveryTime)
    // The reader made for a direct call hands out the same instance.
    #expect(_IdentityReader<Plain>.unresolved.identity(of: Plain()) === shared)
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
