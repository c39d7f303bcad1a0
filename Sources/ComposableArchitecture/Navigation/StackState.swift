/// The state of a navigation stack: an ordered collection of elements, each with a
/// ``StackElementID``.
///
/// Read it positionally like an array; change it by ID (`path[id: id] = …`), `append`,
/// `pop(from:)`, `popLast()`, or any `RangeReplaceableCollection` method (`removeAll()`,
/// `insert(_:at:)`, …) — new elements get new IDs from the `\.stackElementID` dependency. There
/// is no positional write, on purpose: see `subscript(position:)`. A feature integrates a stack with
/// ``Reducer/forEach(_:action:destination:fileID:filePath:line:column:)``.
///
/// ```swift
/// struct State: Equatable {
///   var path = StackState<Path.State>()
///   var sum: Int {
///     path.reduce(0) { sum, element in sum + (element[case: \.counter]?.count ?? 0) }
///   }
/// }
/// ```
public struct StackState<Element> {
  /// The IDs of the elements, bottom to top.
  @inlinable public var ids: [StackElementID] { _ids }

  // The storage is internal (not private) only so that what a navigation stack does on every
  // push, pop and element action can be inlined and specialized for the app's element type:
  // unspecialized, each of those looked the stack's type metadata up at run time. Nothing
  // outside this file uses it.
  @usableFromInline var _ids: [StackElementID] = []
  @usableFromInline var elements: [Element] = []
  @usableFromInline var positions: [StackElementID: Int] = [:]
  /// One past the highest generation this value has held: the next ID when no store's
  /// generator is in scope, so a popped ID is not handed out again.
  @usableFromInline var highWater = 0
  /// The IDs a `forEach` last saw in this stack; not part of the value (see `_MountTracking`).
  @usableFromInline var _mounted: [StackElementID] = []

  /// An empty stack.
  public init() {}

  /// A stack of `elements`, with IDs from the `\.stackElementID` dependency.
  ///
  /// - Parameter elements: The elements, bottom to top.
  public init(_ elements: some Sequence<Element>) {
    for element in elements { append(element) }
  }

  /// The element with `id`, or `nil`; setting `nil` removes it, setting a value for a new ID
  /// appends it.
  @inlinable
  public subscript(id id: StackElementID) -> Element? {
    get { _position(of: id).map { elements[$0] } }
    set {
      switch (_position(of: id), newValue) {
      case (let position?, let element?):
        elements[position] = element
      case (.some, nil):
        remove(id: id)
      case (nil, let element?):
        _ids.append(id)
        positions[id] = elements.count
        elements.append(element)
        highWater = Swift.max(highWater, id.generation + 1)
      case (nil, nil):
        break
      }
    }
  }

  /// The payload of element `id` when it is the case `keyPath`, or `nil`.
  ///
  /// Setting a payload replaces the element's payload; setting `nil` removes the element.
  /// Writing to an element that is another case (or to a missing ID) changes nothing and is
  /// reported as an issue: the code meant a different element.
  ///
  /// ```swift
  /// state.path[id: 0, case: \.counter]?.count = 2
  /// state.path[id: 0, case: \.counter] = nil  // pops just that element
  /// ```
  public subscript<Case>(
    id id: StackElementID,
    case keyPath: CaseKeyPath<Element, Case>,
    fileID fileID: StaticString = #fileID,
    filePath filePath: StaticString = #filePath,
    line line: UInt = #line,
    column column: UInt = #column
  ) -> Case? where Element: CasePathable {
    get { self[id: id].flatMap { Element.casePath(keyPath).extract(from: $0) } }
    set {
      let path = Element.casePath(keyPath)
      guard let element = self[id: id], path.extract(from: element) != nil else {
        let what =
          self[id: id].map { "element \(id) is \(_dump($0))" } ?? "there is no element \(id)"
        reportIssue(
          """
          Can't modify unrelated case: \(what), not the case holding \(_dump(Case.self)).

          A write through "[id:case:]" only changes an element that is already that case.
          """,
          fileID: fileID,
          filePath: filePath,
          line: line,
          column: column
        )
        return
      }
      self[id: id] = newValue.map(path.embed)
    }
  }

  /// Pushes an element with a new ID from the `\.stackElementID` dependency.
  ///
  /// - Parameter element: The element to push.
  @inlinable
  public mutating func append(_ element: Element) {
    self[id: newID()] = element
  }

  /// Pops the element `id` and every element above it.
  ///
  /// - Parameter id: The lowest element to pop.
  @inlinable
  public mutating func pop(from id: StackElementID) {
    guard let position = _position(of: id) else { return }
    for removed in _ids[position...] { positions.removeValue(forKey: removed) }
    _ids.removeSubrange(position...)
    elements.removeSubrange(position...)
  }

  /// Pops the top element, if any.
  ///
  /// - Returns: The popped element.
  @discardableResult
  public mutating func popLast() -> Element? {
    guard let id = ids.last else { return nil }
    let element = elements.last
    pop(from: id)
    return element
  }

  /// Removes the element `id` wherever it is.
  @inlinable
  mutating func remove(id: StackElementID) {
    guard let position = positions.removeValue(forKey: id) else { return }
    _ids.remove(at: position)
    elements.remove(at: position)
    for later in _ids[position...] { positions[later, default: 0] -= 1 }
  }

  /// Where element `id` is, or `nil`.
  ///
  /// The top element is found without hashing: it is the screen the user sees, so most element
  /// actions (and a pop by the screen's own back button) are for it. Any other is looked up in
  /// `positions`. Sound because `_ids` and `positions` always agree: `positions[_ids[i]] == i`
  /// for every position `i` (each change to one changes the other in the same method);
  /// `StackPositionTests.theTopElementIsFoundWhereTheTableWouldFindIt` checks the two answers agree
  /// after pushes, pops, inserts and removals anywhere.
  @inlinable
  func _position(of id: StackElementID) -> Int? {
    if let top = _ids.last, top == id { return _ids.count - 1 }
    return positions[id]
  }

  /// A fresh ID: the store's generator (skipping IDs this stack already holds), or, with no
  /// generator in scope, one past the highest this stack has held.
  @inlinable
  func newID() -> StackElementID {
    StackElementID._fresh(after: highWater) { positions[$0] != nil }
  }

  /// Runs `body` on element `id` in place (no copy).
  @inlinable
  mutating func _modify<Result>(
    _ id: StackElementID,
    _ body: (inout Element) -> Result
  ) -> Result? {
    guard let position = _position(of: id) else { return nil }
    return body(&elements[position])
  }
}

extension StackState: RandomAccessCollection, RangeReplaceableCollection {
  /// The first position.
  public var startIndex: Int { 0 }
  /// One past the last position.
  public var endIndex: Int { elements.count }

  /// The element at a position, bottom (0) to top; read-only: change an element by its ID.
  ///
  /// A position is not an identity. A feature's effect that remembered "the element at 1"
  /// would, after a pop and a push, write into another element; its ID never points anywhere
  /// else (`path[id: id]` is then `nil`, and `forEach` reports an action for it).
  public subscript(position: Int) -> Element {
    elements[position]
  }

  /// Replaces the elements at `subrange`: the removed elements' IDs are gone for good, and each
  /// new element gets a new ID from the `\.stackElementID` dependency.
  ///
  /// This is what `removeAll()`, `removeLast()`, `insert(_:at:)`, `append(contentsOf:)` and the
  /// other collection methods call.
  ///
  /// - Parameters:
  ///   - subrange: The positions to replace.
  ///   - newElements: The elements to put there.
  public mutating func replaceSubrange(
    _ subrange: Range<Int>,
    with newElements: some Collection<Element>
  ) {
    for removed in _ids[subrange] { positions.removeValue(forKey: removed) }
    var newIDs: [StackElementID] = []
    for _ in newElements {
      let id = newID()
      newIDs.append(id)
      positions[id] = -1  // reserved, so the next fresh ID skips it
      highWater = Swift.max(highWater, id.generation + 1)
    }
    _ids.replaceSubrange(subrange, with: newIDs)
    elements.replaceSubrange(subrange, with: newElements)
    for position in subrange.lowerBound..<_ids.count { positions[_ids[position]] = position }
  }

  /// Removes every element, in place: the stack still knows the IDs it handed out (none is
  /// handed out again) and what `forEach` saw in it, so the removed elements' effects end.
  ///
  /// (The collection protocol's own version starts a new, empty stack, which remembers neither.)
  ///
  /// - Parameter keepCapacity: Whether to keep the storage for as many elements.
  public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    for removed in _ids { positions.removeValue(forKey: removed) }
    _ids.removeAll(keepingCapacity: keepCapacity)
    elements.removeAll(keepingCapacity: keepCapacity)
  }
}

extension StackState: ExpressibleByArrayLiteral {
  /// A stack of the listed elements.
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension StackState: Equatable where Element: Equatable {
  /// Equal when the IDs and elements are equal, in order.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.ids == rhs.ids && lhs.elements == rhs.elements
  }
}

extension StackState: Hashable where Element: Hashable {
  /// Hashes the IDs and elements.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ids)
    hasher.combine(elements)
  }
}

extension StackState: Sendable where Element: Sendable {}

extension StackState: _MountTracking {}

extension StackState: _CustomDumpRepresentable {
  /// Dumps as `[#0: element, #1: element]`.
  public var _dumpValue: Any {
    _DumpOrderedPairs(pairs: zip(ids, elements).map { ("\($0)", $1) })
  }
}
