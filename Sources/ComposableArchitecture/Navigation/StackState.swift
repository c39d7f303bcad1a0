/// The state of a navigation stack: an ordered collection of elements, each with a
/// ``StackElementID``.
///
/// Read it positionally like an array; change it by ID (`path[id: id] = …`), `append`,
/// `pop(from:)` and `popLast()`. A feature integrates a stack with
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
  public private(set) var ids: [StackElementID] = []
  private var elements: [Element] = []
  private var positions: [StackElementID: Int] = [:]

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
  public subscript(id id: StackElementID) -> Element? {
    get { positions[id].map { elements[$0] } }
    set {
      switch (positions[id], newValue) {
      case (let position?, let element?):
        elements[position] = element
      case (.some, nil):
        remove(id: id)
      case (nil, let element?):
        ids.append(id)
        positions[id] = elements.count
        elements.append(element)
      case (nil, nil):
        break
      }
    }
  }

  /// The payload of element `id` when it is the case `keyPath`, or `nil`.
  ///
  /// ```swift
  /// state.path[id: 0, case: \.counter]?.count = 2
  /// ```
  public subscript<Case>(
    id id: StackElementID,
    case keyPath: CaseKeyPath<Element, Case>
  ) -> Case? where Element: CasePathable {
    get { self[id: id].flatMap { Element.casePath(keyPath).extract(from: $0) } }
    set {
      guard let newValue, self[id: id].flatMap(Element.casePath(keyPath).extract(from:)) != nil
      else { return }
      self[id: id] = Element.casePath(keyPath).embed(newValue)
    }
  }

  /// Pushes an element with a new ID from the `\.stackElementID` dependency.
  ///
  /// - Parameter element: The element to push.
  public mutating func append(_ element: Element) {
    @Dependency(\.stackElementID) var nextID
    self[id: nextID()] = element
  }

  /// Pops the element `id` and every element above it.
  ///
  /// - Parameter id: The lowest element to pop.
  public mutating func pop(from id: StackElementID) {
    guard let position = positions[id] else { return }
    for removed in ids[position...] { positions.removeValue(forKey: removed) }
    ids.removeSubrange(position...)
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
  mutating func remove(id: StackElementID) {
    guard let position = positions.removeValue(forKey: id) else { return }
    ids.remove(at: position)
    elements.remove(at: position)
    for later in ids[position...] { positions[later, default: 0] -= 1 }
  }

  /// Runs `body` on element `id` in place (no copy).
  @usableFromInline
  mutating func _modify<Result>(
    _ id: StackElementID,
    _ body: (inout Element) -> Result
  ) -> Result? {
    guard let position = positions[id] else { return nil }
    return body(&elements[position])
  }
}

extension StackState: RandomAccessCollection {
  /// The first position.
  public var startIndex: Int { 0 }
  /// One past the last position.
  public var endIndex: Int { elements.count }
  /// The element at a position, bottom (0) to top.
  public subscript(position: Int) -> Element { elements[position] }
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

extension StackState: _CustomDumpRepresentable {
  /// Dumps as `[#0: element, #1: element]`.
  public var _dumpValue: Any {
    _DumpOrderedPairs(pairs: zip(ids, elements).map { ("\($0)", $1) })
  }
}
