/// The state of a presented child feature (a sheet, a modal, a drill-down): present when
/// non-`nil`.
///
/// Declare it with the property wrapper and integrate the child with
/// ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)`` on its projected value:
///
/// ```swift
/// struct State: Equatable {
///   var count = 0
///   @PresentationState var primeModal: PrimeModal.State?
/// }
///
/// var body: some Reducer<State, Action> {
///   Reduce { state, action in … }
///     .ifLet(\.$primeModal, action: \.primeModal) { PrimeModal() }
/// }
/// ```
///
/// The value is stored in a copy-on-write box, so a state can present a child of its own type.
@propertyWrapper
public struct PresentationState<State> {
  // Inlinable so that reading a presentation on every action (as `ifLet` does) is specialized
  // for the app's types: unspecialized, each read looks up `Optional<State>`'s metadata.
  @usableFromInline var box: Box
  /// The child `ifLet` last saw presented here.
  ///
  /// When a reducer outside `ifLet` removes or replaces the child, the next action through
  /// `ifLet` cancels the old child's effects. Not part of the value (`==`, hashing and dumps
  /// ignore it).
  @usableFromInline var _presentedIdentity: _NavigationIdentity?

  @usableFromInline
  final class Box {
    // Read and written several times per action that reaches a presented child (its identity,
    // then the child itself), so Swift's dynamic exclusivity check on it (a begin and an end
    // access in the runtime's table each time) is switched off. Why no two accesses can overlap:
    // - It is written only by `wrappedValue`'s `set` and `_modify`, after
    //   `isKnownUniquelyReferenced(&box)` proved that the value being written is the box's only
    //   holder, or in a box just made. So while a write runs, the box is reachable only through
    //   that value, which Swift holds exclusively for the write (checked when it is compiled for
    //   a local variable or an `inout`, at run time for a class's property or a global; a
    //   store's root state, whose own check is off, stops the program when read while its
    //   reducer runs: `_RootCore.state`). Reads alone never conflict.
    // - Nothing hands the box out: `box` is internal, and no API returns it or a pointer into it.
    // `PresentationStorageTests` writes through every accessor against a copy taken before, and
    // writes copies on eight threads at once (under ThreadSanitizer in CI); with the uniqueness
    // check removed, all four of its tests fail.
    @usableFromInline @exclusivity(unchecked) var value: State?
    @inlinable init(_ value: State?) { self.value = value }
  }

  /// Creates the state, presented when `wrappedValue` is non-`nil`.
  @inlinable
  public init(wrappedValue: State?) {
    box = Box(wrappedValue)
  }

  /// The presented child's state, or `nil`.
  @inlinable
  public var wrappedValue: State? {
    get { box.value }
    set {
      if isKnownUniquelyReferenced(&box) {
        box.value = newValue
      } else {
        box = Box(newValue)
      }
    }
    _modify {
      if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
      yield &box.value
    }
  }

  /// The identity of the presented child, or `nil` when nothing is presented; the value is
  /// looked at only when its type can differ in identity, and compared with the identity
  /// `ifLet` last saw here, which it keeps while it stays the same case (without an `id`) or
  /// keeps its `id`.
  @inlinable
  func _identity(_ reader: _IdentityReader<State>) -> _NavigationIdentity? {
    // Absent first: most actions pass an `ifLet` with nothing presented, and the reader may
    // look a conformance up at run time. The value is copied out only when it is read, and the
    // last identity seen is passed only then (passing it retains and releases it).
    guard box.value != nil else { return nil }
    guard reader.valuesCanChange, let value = box.value else { return reader.plain }
    return reader.identity(of: value, after: _presentedIdentity)
  }

  /// The wrapper itself, for `ifLet(\.$primeModal, …)`.
  @inlinable
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
    _modify { yield &self }
  }
}

extension PresentationState where State: CasePathable {
  /// The presented value's payload when it is the case `keyPath`, else `nil`.
  ///
  /// A write changes the presented value only when it is that case: setting a payload replaces
  /// it, setting `nil` dismisses it. A write while another case (or nothing) is presented
  /// changes nothing and is reported as an issue ("Can't modify unrelated case"): the code
  /// meant a different destination. Present a case by assigning the whole value.
  ///
  /// ```swift
  /// state.$destination[case: \.counter]?.count += 1
  /// state.$destination[case: \.counter] = nil  // dismisses the counter, and only the counter
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The case, such as `\.counter`.
  ///   - fileID: The file ID of the write; a misuse is reported there.
  ///   - filePath: The path of the file of the write.
  ///   - line: The line of the write.
  ///   - column: The column of the write.
  public subscript<Case>(
    case keyPath: CaseKeyPath<State, Case>,
    fileID fileID: StaticString = #fileID,
    filePath filePath: StaticString = #filePath,
    line line: UInt = #line,
    column column: UInt = #column
  ) -> Case? {
    get { wrappedValue.flatMap { State.casePath(keyPath).extract(from: $0) } }
    set {
      let path = State.casePath(keyPath)
      guard let presented = wrappedValue, path.extract(from: presented) != nil else {
        let what =
          wrappedValue.map { "the presented value is \(_dump($0))" } ?? "nothing is presented"
        reportIssue(
          """
          Can't modify unrelated case: \(what), not the case holding \(_dump(Case.self)).

          A write through "[case:]" only changes a presented value that is already that case.
          """,
          fileID: fileID,
          filePath: filePath,
          line: line,
          column: column
        )
        return
      }
      wrappedValue = newValue.map(path.embed)
    }
  }
}

extension PresentationState: Equatable where State: Equatable {
  /// Equal when the presented values are equal.
  ///
  /// Two values that share storage (a copy compared with its original) are equal at once,
  /// without comparing what they present.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.box === rhs.box || lhs.wrappedValue == rhs.wrappedValue
  }
}

extension PresentationState: Hashable where State: Hashable {
  /// Hashes the presented value.
  public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}

// @unchecked Sendable is safe: the box is copy-on-write — it is only mutated after
// `isKnownUniquelyReferenced` proved no other value (on any thread) shares it
// (`PresentationStorageTests.copiesWrittenOnManyThreadsKeepTheirOwnValues`).
extension PresentationState: @unchecked Sendable where State: Sendable {}

extension PresentationState: _CustomDumpRepresentable {
  /// Dumps as the presented value (or `nil`).
  public var _dumpValue: Any { wrappedValue as Any }
}

/// The actions of a presented child: its own actions, or a dismissal.
///
/// ```swift
/// await store.send(.primeModal(.presented(.saveFavoritePrimeTapped))) { … }
/// await store.send(.primeModal(.dismiss)) { $0.primeModal = nil }
/// ```
public enum PresentationAction<Action> {
  /// The presented child was dismissed (by the user, or by the child's `await dismiss()`).
  case dismiss
  /// An action of the presented child.
  case presented(Action)
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}

extension PresentationAction: CasePathable {
  /// The case paths of `PresentationAction`.
  public struct AllCasePaths: Sendable {
    /// The dismissal.
    public let dismiss = AnyCasePath<PresentationAction, Void>(
      embed: { .dismiss },
      extract: { if case .dismiss = $0 { () } else { nil } }
    )
    /// The child's actions.
    public let presented = AnyCasePath<PresentationAction, Action>(
      embed: { .presented($0) },
      extract: { if case .presented(let action) = $0 { action } else { nil } }
    )
  }

  /// The case paths of `PresentationAction`.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

/// A ``PresentationAction``, as a case path sees it: what lets a path such as `\.sheet` go on
/// with the property `.presented`.
///
/// `PresentationAction` is the only type meant to conform.
public protocol _PresentationActionProtocol: CasePathable {
  /// The presented child's action.
  associatedtype _ChildAction
  /// The case of the presented child's actions.
  static var _presentedCasePath: AnyCasePath<Self, _ChildAction> { get }
}

extension PresentationAction: _PresentationActionProtocol {
  /// The case of the presented child's actions: `.presented`.
  public static var _presentedCasePath: AnyCasePath<Self, Action> { allCasePaths.presented }
}

extension AnyCasePath where Value: _PresentationActionProtocol {
  /// The presented child's actions, continuing a path such as `\.sheet.presented`.
  ///
  /// ```swift
  /// store.scope(state: \.primeModal, action: \.primeModal.presented)
  /// ```
  ///
  /// A property rather than a member found through dynamic member lookup, which is a subscript
  /// taking a key path: the key path runtime makes a key path with a subscript argument anew on
  /// every evaluation (resolving its generic types by name), and one made only of properties
  /// once, handing out the same object afterwards. A screen that shows a
  /// sheet scopes with this path on every render.
  public var presented: AnyCasePath<Root, Value._ChildAction> {
    appending(Value._presentedCasePath)
  }

  /// A case of the presented child's actions, reached without spelling `.presented`, as the
  /// Composable Architecture allows.
  ///
  /// ```swift
  /// await store.receive(\.destination.alert.confirmDeletion)
  /// await store.send(\.sheet.incrementButtonTapped)
  /// ```
  ///
  /// A subscript, so such a key path is made anew each time it is evaluated (see
  /// ``presented``): fine in a test, but a view that scopes on every render spells
  /// `.presented`.
  ///
  /// - Parameter keyPath: A case of the presented child's action, such as `\.alert`.
  /// - Returns: A case path from this root through `.presented` to that case's payload.
  public subscript<Child>(
    dynamicMember keyPath: KeyPath<
      Value._ChildAction.AllCasePaths, AnyCasePath<Value._ChildAction, Child>
    >
  ) -> AnyCasePath<Root, Child> where Value._ChildAction: CasePathable {
    presented.appending(Value._ChildAction.allCasePaths[keyPath: keyPath])
  }
}
