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

  /// Run in a process of its own: tests running in parallel read presented children too, and
  /// each of their reads retains and releases the shared instance, so its count is steady only
  /// where nothing else runs.
  @Test func readingThePlainIdentityRetainsWhatItHandsOut() async {
    // What the child process records comes back to this test; a read that released the shared
    // instance one time too often frees it within the thousand reads, and the child crashes.
    await #expect(processExitsWith: .success) {
      let changes = IdentityReaderTests.retainCountChangesAfterReadingThePlainIdentity()
      #expect(changes.isEmpty, "\(changes)")
    }
  }

  /// What reading the plain identity did to the shared instance's reference count, one line per
  /// read that left it changed; empty when every read retained what it handed out.
  nonisolated static func retainCountChangesAfterReadingThePlainIdentity() -> [String] {
    let shared = _NavigationIdentity.plain
    let before = _getRetainCount(shared)
    var changes: [String] = []
    for (name, reader) in [
      ("resolved", _IdentityReader<Plain>.resolved), ("unresolved", .unresolved),
    ] {
      do {
        // Released at the end of this scope, as any caller releases what a read returned.
        let identity = reader.identity(of: Plain())
        if identity !== shared { changes.append("the \(name) reader handed out another instance") }
      }
      let after = _getRetainCount(shared)
      if after != before {
        changes.append("one read through the \(name) reader: retain count \(before) → \(after)")
      }
    }
    guard changes.isEmpty else { return changes }
    for count in 0..<1_000 {
      let identity = _IdentityReader<Plain>.resolved.identity(of: Plain(count: count))
      if identity !== shared { return ["read \(count) handed out another instance"] }
    }
    let after = _getRetainCount(shared)
    if after != before {
      changes.append("1,000 reads through the resolved reader: retain count \(before) → \(after)")
    }
    return changes
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
