import Foundation

/// An ordered collection of elements with unique IDs: read and change an element by its ID in
/// constant time, and keep the order of an array.
///
/// The state of a list of rows, each of which is a feature, is an `IdentifiedArrayOf<Row.State>`
/// and is integrated with ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)``,
/// which finds the row an action is for by its ID, not by its position (a position can point at
/// another row by the time an effect answers).
///
/// ```swift
/// struct Todo: Identifiable, Equatable { let id: Int; var title: String }
///
/// var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs")]
/// todos[id: 2]?.title = "Bread"   // changes the element in place
/// todos.remove(id: 1)             // removes it wherever it is
/// todos[id: 3] = Todo(id: 3, title: "Tea")  // appends a new ID
/// todos.ids                       // [2, 3]
/// ```
///
/// IDs stay unique whatever is done to the array. An operation that would break that — two
/// elements with one ID in ``init(uniqueElements:)``, a positional write that changes an
/// element's ID, `self[id: a] = element` where the element's ID is `b` — is a programming error:
/// it is reported as an issue and leaves the array as it was (``init(uniqueElements:)`` keeps the
/// first of the duplicates).
public struct IdentifiedArray<ID: Hashable, Element> {
  /// The ID of each element, in order.
  public private(set) var ids: [ID] = []
  /// The elements, in order.
  public private(set) var elements: [Element] = []
  @usableFromInline var _positions: [ID: Int] = [:]
  /// The IDs a `forEach` last saw in this array; not part of the value (see `_MountTracking`).
  @usableFromInline var _mounted: [ID] = []
  /// The path to an element's ID.
  public let id: KeyPath<Element, ID> & Sendable

  /// An empty array whose elements are identified by `id`.
  ///
  /// - Parameter id: The path to an element's ID, such as `\.id`.
  public init(id: KeyPath<Element, ID> & Sendable) {
    self.id = id
  }

  /// An array of `elements` identified by `id`; when two share an ID, the first is kept and
  /// the duplicate is reported as an issue.
  ///
  /// - Parameters:
  ///   - elements: The elements, in order.
  ///   - id: The path to an element's ID, such as `\.id`.
  public init(
    uniqueElements elements: some Sequence<Element>,
    id: KeyPath<Element, ID> & Sendable
  ) {
    self.init(id: id)
    append(uniqueElements: elements)
  }

  private mutating func append(uniqueElements newElements: some Sequence<Element>) {
    for element in newElements where !append(element).inserted {
      reportIssue(
        """
        IdentifiedArray(uniqueElements:) was given two elements with the ID \(element[keyPath: self.id]). \
        The first is kept; the second is dropped:

          \(_dump(element, indentingLinesAfterTheFirstBy: 2))
        """
      )
    }
  }

  /// The element with `id`, or `nil`.
  ///
  /// Setting an element for an ID that is not in the array appends it; setting `nil` removes
  /// the element. A write through it (`todos[id: 2]?.title = "x"`) reads the element, changes
  /// the copy and writes it back; `forEach` changes a row in place.
  public subscript(id id: ID) -> Element? {
    // Inlinable, so that a row store reading its row is specialized for the app's types.
    @inlinable get { _positions[id].map { elements[$0] } }
    set {
      switch (_positions[id], newValue) {
      case (let position?, let element):
        update(id: id, at: position, to: element)
      case (nil, let element?):
        guard sameID(id, element, where: "[id: \(id)]") else { return }
        append(element)
      case (nil, nil):
        break
      }
    }
  }

  private mutating func update(id: ID, at position: Int, to element: Element?) {
    guard let element else {
      remove(at: position)
      return
    }
    guard sameID(id, element, where: "[id: \(id)]") else { return }
    elements[position] = element
  }

  private func sameID(_ id: ID, _ element: Element, where place: String) -> Bool {
    let actual = element[keyPath: self.id]
    guard actual == id else {
      reportIssue(
        """
        An element with the ID \(actual) was written to IdentifiedArray\(place), where the ID \
        is \(id). An element's ID cannot change; the array is left as it was.
        """
      )
      return false
    }
    return true
  }

  /// The position of the element with `id`, or `nil`.
  ///
  /// - Parameter id: An ID.
  /// - Returns: Its position.
  public func index(id: ID) -> Int? { _positions[id] }

  /// Appends `element` unless an element with its ID is already in the array.
  ///
  /// - Parameter element: The element to append.
  /// - Returns: Whether it was appended, and the position of the element with its ID.
  @discardableResult
  public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
    insert(element, at: elements.count)
  }

  /// Appends each element whose ID is not in the array yet.
  ///
  /// - Parameter newElements: The elements to append.
  public mutating func append(contentsOf newElements: some Sequence<Element>) {
    for element in newElements { append(element) }
  }

  /// Inserts `element` at `index` unless an element with its ID is already in the array.
  ///
  /// - Parameters:
  ///   - element: The element to insert.
  ///   - index: Where to insert it (`0...count`).
  /// - Returns: Whether it was inserted, and the position of the element with its ID.
  @discardableResult
  public mutating func insert(_ element: Element, at index: Int) -> (inserted: Bool, index: Int) {
    let elementID = element[keyPath: id]
    if let existing = _positions[elementID] { return (false, existing) }
    ids.insert(elementID, at: index)
    elements.insert(element, at: index)
    reindex(from: index)
    return (true, index)
  }

  /// Replaces the element with the same ID, or appends `element` when its ID is new.
  ///
  /// - Parameter element: The element.
  /// - Returns: The element it replaced, if any.
  @discardableResult
  public mutating func updateOrAppend(_ element: Element) -> Element? {
    let elementID = element[keyPath: id]
    guard let position = _positions[elementID] else {
      append(element)
      return nil
    }
    defer { elements[position] = element }
    return elements[position]
  }

  /// Removes the element with `id`, wherever it is.
  ///
  /// - Parameter id: An ID.
  /// - Returns: The removed element, or `nil` when no element has that ID.
  @discardableResult
  public mutating func remove(id: ID) -> Element? {
    _positions[id].map { remove(at: $0) }
  }

  /// Removes the element at `index`.
  ///
  /// - Parameter index: A valid position.
  /// - Returns: The removed element.
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    _positions.removeValue(forKey: ids.remove(at: index))
    let element = elements.remove(at: index)
    reindex(from: index)
    return element
  }

  /// Removes the last element.
  ///
  /// The array must not be empty (as for `Array.removeLast()`); ``popLast()`` returns `nil`
  /// instead.
  ///
  /// - Returns: The removed element.
  @discardableResult
  public mutating func removeLast() -> Element {
    guard !isEmpty else {
      fatalError("IdentifiedArray.removeLast() was called on an empty array; use popLast().")
    }
    return remove(at: count - 1)
  }

  /// Removes the first element.
  ///
  /// The array must not be empty (as for `Array.removeFirst()`).
  ///
  /// - Returns: The removed element.
  @discardableResult
  public mutating func removeFirst() -> Element {
    guard !isEmpty else {
      fatalError("IdentifiedArray.removeFirst() was called on an empty array.")
    }
    return remove(at: 0)
  }

  /// Removes and returns the last element, or `nil` when the array is empty.
  ///
  /// - Returns: The removed element, if any.
  public mutating func popLast() -> Element? {
    isEmpty ? nil : remove(at: count - 1)
  }

  /// Removes the elements at `offsets` (as a list's swipe-to-delete reports them).
  ///
  /// - Parameter offsets: Valid positions.
  public mutating func remove(atOffsets offsets: IndexSet) {
    keep { position, _ in !offsets.contains(position) }
  }

  /// Removes every element for which `shouldBeRemoved` is `true`.
  ///
  /// - Parameter shouldBeRemoved: Decides for each element.
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    try keep { _, element in try !shouldBeRemoved(element) }
  }

  /// Removes every element.
  public mutating func removeAll() {
    ids.removeAll()
    elements.removeAll()
    _positions.removeAll()
  }

  /// Moves the elements at `source` to before the element at `destination`, as a list's drag
  /// to reorder reports it.
  ///
  /// - Parameters:
  ///   - source: The positions of the elements to move.
  ///   - destination: A position in the array before the move (`0...count`).
  public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
    let moved = source.map { (ids[$0], elements[$0]) }
    let before = source.count(in: 0..<destination)
    var remaining = zip(ids, elements).enumerated().filter { !source.contains($0.offset) }
      .map(\.element)
    remaining.insert(contentsOf: moved, at: destination - before)
    ids = remaining.map(\.0)
    elements = remaining.map(\.1)
    reindex(from: 0)
  }

  /// Sorts the elements in place; each keeps its ID.
  ///
  /// - Parameter areInIncreasingOrder: Whether the first argument goes before the second.
  public mutating func sort(
    by areInIncreasingOrder: (Element, Element) throws -> Bool
  ) rethrows {
    var pairs = Array(zip(ids, elements))
    try pairs.sort { try areInIncreasingOrder($0.1, $1.1) }
    ids = pairs.map(\.0)
    elements = pairs.map(\.1)
    reindex(from: 0)
  }

  /// The elements for which `isIncluded` is `true`, as an identified array.
  ///
  /// - Parameter isIncluded: Decides for each element.
  /// - Returns: The kept elements, in order.
  public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> Self {
    var result = self
    try result.keep { _, element in try isIncluded(element) }
    return result
  }

  private mutating func keep(_ isKept: (Int, Element) throws -> Bool) rethrows {
    var keptIDs: [ID] = []
    var keptElements: [Element] = []
    for (position, element) in elements.enumerated() where try isKept(position, element) {
      keptIDs.append(ids[position])
      keptElements.append(element)
    }
    guard keptIDs.count != ids.count else { return }
    ids = keptIDs
    elements = keptElements
    _positions = [:]
    reindex(from: 0)
  }

  private mutating func reindex(from start: Int) {
    for position in start..<ids.count { _positions[ids[position]] = position }
  }

  /// Runs `body` on the element with `id` in place; `nil` when no element has that ID.
  ///
  /// The element's ID must not change (the caller is the library's `forEach`, which passes it to
  /// a reducer whose state it is).
  @usableFromInline
  mutating func _modify<Result>(_ id: ID, _ body: (inout Element) -> Result) -> Result? {
    guard let position = _positions[id] else { return nil }
    return body(&elements[position])
  }
}

extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
  /// An empty array of identifiable elements.
  public init() {
    self.id = \Element.id
  }

  /// An array of `elements`; when two share an ID, the first is kept and the duplicate is
  /// reported as an issue.
  ///
  /// - Parameter elements: The elements, in order.
  public init(uniqueElements elements: some Sequence<Element>) {
    self.init()
    append(uniqueElements: elements)
  }
}

/// An ``IdentifiedArray`` of identifiable elements: `IdentifiedArrayOf<Todo>`.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>

extension IdentifiedArray: RandomAccessCollection, MutableCollection {
  /// The first position.
  public var startIndex: Int { 0 }
  /// One past the last position.
  public var endIndex: Int { elements.count }

  /// The element at a position; a write must keep the element's ID (else it is reported and
  /// ignored).
  public subscript(position: Int) -> Element {
    get { elements[position] }
    set {
      guard sameID(ids[position], newValue, where: "[\(position)]") else { return }
      elements[position] = newValue
    }
  }

  /// Swaps two elements, with their IDs.
  ///
  /// - Parameters:
  ///   - i: A valid position.
  ///   - j: A valid position.
  public mutating func swapAt(_ i: Int, _ j: Int) {
    guard i != j else { return }
    ids.swapAt(i, j)
    elements.swapAt(i, j)
    _positions[ids[i]] = i
    _positions[ids[j]] = j
  }
}

extension IdentifiedArray: ExpressibleByArrayLiteral
where Element: Identifiable, ID == Element.ID {
  /// An array of the listed elements, which must have unique IDs.
  public init(arrayLiteral elements: Element...) {
    self.init(uniqueElements: elements)
  }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  /// Equal when the elements are equal, in order.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.elements == rhs.elements
  }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  /// Hashes the elements.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(elements)
  }
}

extension IdentifiedArray: Sendable where ID: Sendable, Element: Sendable {}

extension IdentifiedArray: _MountTracking {}

extension IdentifiedArray: Encodable where Element: Encodable {
  /// Encodes the elements as an array.
  public func encode(to encoder: any Encoder) throws {
    try elements.encode(to: encoder)
  }
}

extension IdentifiedArray: Decodable
where Element: Decodable & Identifiable, ID == Element.ID {
  /// Decodes an array of elements; two elements with one ID are a `DecodingError` that names
  /// the ID and its position.
  public init(from decoder: any Decoder) throws {
    self.init()
    var container = try decoder.unkeyedContainer()
    while !container.isAtEnd {
      let element = try container.decode(Element.self)
      guard append(element).inserted else {
        throw DecodingError.dataCorruptedError(
          in: container,
          debugDescription:
            "Element \(container.currentIndex - 1) has the ID \(element.id), which element "
            + "\(_positions[element.id] ?? 0) already has."
        )
      }
    }
  }
}

extension IdentifiedArray: CustomStringConvertible {
  /// The elements, as an array prints them.
  public var description: String { elements.description }
}

extension IdentifiedArray: _CustomDumpRepresentable {
  /// Dumps as `[id: element, …]`.
  public var _dumpValue: Any {
    _DumpOrderedPairs(pairs: zip(ids, elements).map { ("\($0)", $1) })
  }
}
