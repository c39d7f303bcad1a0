import Testing

@testable import ComposableArchitecture

/// The case numbers `_EnumTag` reads, for enums of every layout.
///
/// It calls the runtime's `getEnumTag` witness through a function pointer read from a type's
/// value witness table: a wrong word or signature would read garbage or crash. These tests
/// compare its answer, for enums of each layout the compiler uses, with the case numbers
/// the runtime documents (payload cases first, in declaration order, then the others) and with
/// `Mirror`'s case labels.
@Suite(.timeLimit(.minutes(1)))
struct EnumTagTests {
  enum NoPayload: CaseIterable { case first, second, third }

  /// One payload case: the empty cases live in the payload's extra inhabitants.
  enum OnePayload {
    case empty
    case value(Int)
    case other
  }

  final class Object {}

  /// Payloads with spare bits (a class reference, a string): the tag lives in those bits.
  enum SpareBits {
    case object(Object)
    case nothing
    case text(String)
  }

  /// Payloads without spare bits: the tag takes an extra byte after the payload.
  enum ExtraTagByte {
    case small(UInt8)
    case large(Int)
    case none
  }

  enum Generic<Value> {
    case value(Value)
    case pair(Value, Value)
    case nothing
  }

  indirect enum Tree {
    case leaf(Int)
    case node(Tree, Tree)
  }

  struct Plain { var count = 0 }

  /// Checks each value's tag against `expected` and against `Mirror`'s label for it.
  func check<Value>(_ values: [(Value, Int)], sourceLocation: SourceLocation = #_sourceLocation) {
    guard let tags = _EnumTag<Value>() else {
      Issue.record("no tag reader for \(Value.self)", sourceLocation: sourceLocation)
      return
    }
    var labels: [UInt32: String] = [:]
    for (value, expected) in values {
      let tag = tags.tag(of: value)
      #expect(Int(tag) == expected, "\(value)", sourceLocation: sourceLocation)
      let label = Mirror(reflecting: value).children.first?.label ?? "\(value)"
      #expect(
        labels[tag, default: label] == label,
        "tag \(tag) read for two cases",
        sourceLocation: sourceLocation
      )
      labels[tag] = label
    }
  }

  @Test func casesWithoutPayloadsAreNumberedInOrder() {
    check([(NoPayload.first, 0), (.second, 1), (.third, 2)])
  }

  @Test func aSinglePayloadEnumNumbersItsPayloadCaseFirst() {
    check([
      (OnePayload.value(0), 0), (.value(-1), 0), (.value(.max), 0), (.empty, 1), (.other, 2),
    ])
  }

  @Test func payloadsWithSpareBits() {
    check([
      (SpareBits.object(Object()), 0), (.text(""), 1),
      (.text(String(repeating: "x", count: 99)), 1), (.nothing, 2),
    ])
  }

  @Test func payloadsWithAnExtraTagByte() {
    check([
      (ExtraTagByte.small(0), 0), (.small(.max), 0), (.large(0), 1), (.large(-1), 1),
      (.large(.min), 1), (.none, 2),
    ])
  }

  @Test func genericEnums() {
    check([(Generic<Int>.value(1), 0), (.pair(1, 2), 1), (.nothing, 2)])
    check([(Generic<String>.value("a"), 0), (.pair("a", "b"), 1), (.nothing, 2)])
    check([(Generic<Plain>.value(Plain()), 0), (.pair(Plain(), Plain()), 1), (.nothing, 2)])
    check([(Result<Int, any Error>.success(1), 0), (.failure(CancellationError()), 1)])
  }

  @Test func indirectCases() {
    check([(Tree.leaf(1), 0), (.node(.leaf(1), .leaf(2)), 1)])
  }

  @Test func typesThatAreNotEnumsHaveNoReader() {
    #expect(_EnumTag<Plain>() == nil)
    #expect(_EnumTag<Object>() == nil)
    #expect(_EnumTag<Int>() == nil)
    #expect(_EnumTag<NoPayload?>() == nil)  // `Optional` has a metadata kind of its own
  }
}
