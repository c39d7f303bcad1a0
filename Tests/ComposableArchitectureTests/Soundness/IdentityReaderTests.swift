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

  enum Destination {
    case counter(Int)
    case facts(String)
    case item(Item)
    case alert(AlertState<Int>)
  }

  struct Item: Identifiable {
    var id: Int
    var name = ""
  }

  /// The path every action through a presented destination takes: the same case, whose payload
  /// has no `id`, is the same child, and the identity seen before is handed back as it is.
  @Test func aDestinationThatStaysInItsCaseKeepsTheIdentitySeenBefore() {
    for reader in [_IdentityReader<Destination>.resolved, .unresolved] {
      let counter = reader.identity(of: .counter(1))
      #expect(reader.identity(of: .counter(2), after: counter) === counter)
      let facts = reader.identity(of: .facts("a"), after: counter)
      #expect(facts !== counter)
      #expect(facts != counter)
      #expect(reader.identity(of: .facts("b"), after: facts) === facts)
      #expect(reader.identity(of: .counter(1), after: facts) == counter)
    }
  }

  /// A case whose payload is `Identifiable` is read every time: another `id` is another child.
  @Test func aCaseWhosePayloadIsIdentifiableComparesItsID() {
    let reader = _IdentityReader<Destination>.resolved
    let first = reader.identity(of: .item(Item(id: 1)))
    #expect(reader.identity(of: .item(Item(id: 1, name: "renamed")), after: first) == first)
    #expect(reader.identity(of: .item(Item(id: 2)), after: first) != first)
    #expect(reader.identity(of: .counter(1), after: first) != first)
  }

  /// Whether the case holds an alert is learned when the case is read, and kept with it; each
  /// alert made is a child of its own (an alert is `Identifiable`), the same alert read again is
  /// the same child.
  @Test func anAlertCaseIsRecordedAsEphemeral() {
    let reader = _IdentityReader<Destination>.resolved
    let shown = AlertState<Int> { TextState("Delete?") }
    let alert = reader.identity(of: .alert(shown))
    #expect(alert.isEphemeral)
    #expect(reader.identity(of: .alert(shown), after: alert) == alert)
    let again = reader.identity(of: .alert(AlertState { TextState("Delete?") }), after: alert)
    #expect(again != alert)
    #expect(again.isEphemeral)
    #expect(!reader.identity(of: .counter(1), after: alert).isEphemeral)
  }

  /// Without the runtime's tag (never the case for an enum in practice), cases are told apart
  /// by `Mirror`'s labels.
  @Test func withoutATagReaderCasesAreToldApartByLabel() {
    let counter = _NavigationIdentity.reading(Destination.counter(1), tags: nil, ids: nil)
    #expect(_NavigationIdentity.reading(Destination.counter(2), tags: nil, ids: nil) == counter)
    #expect(_NavigationIdentity.reading(Destination.facts(""), tags: nil, ids: nil) != counter)
  }

  /// An `Identifiable` child that is not an enum keeps its identity while its `id` stays, and
  /// gets a new one, unequal and hashed apart, when its `id` changes.
  @Test func anIdentifiableChildKeepsItsIdentityWhileItsIDStays() {
    for reader in [_IdentityReader<Item>.resolved, .unresolved] {
      let first = reader.identity(of: Item(id: 1))
      #expect(reader.identity(of: Item(id: 1, name: "renamed"), after: first) === first)
      let second = reader.identity(of: Item(id: 2), after: first)
      #expect(second != first)
      #expect(second.hashValue != first.hashValue)
      let again = reader.identity(of: Item(id: 1))
      #expect(again !== first)
      #expect(again == first)
      #expect(again.hashValue == first.hashValue)
    }
  }
}
