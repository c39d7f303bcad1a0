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
    @usableFromInline var value: State?
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
  /// Setting a payload presents that case; setting `nil` dismisses the presented value if it is
  /// that case (and leaves another case alone).
  ///
  /// ```swift
  /// state.$destination[case: \.counter]?.count += 1
  /// ```
  public subscript<Case>(case keyPath: CaseKeyPath<State, Case>) -> Case? {
    get { wrappedValue.flatMap { State.casePath(keyPath).extract(from: $0) } }
    set {
      let path = State.casePath(keyPath)
      if let newValue {
        wrappedValue = path.embed(newValue)
      } else if let presented = wrappedValue, path.extract(from: presented) != nil {
        wrappedValue = nil
      }
    }
  }
}

extension PresentationState: Equatable where State: Equatable {
  /// Equal when the presented values are equal.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.wrappedValue == rhs.wrappedValue }
}

extension PresentationState: Hashable where State: Hashable {
  /// Hashes the presented value.
  public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}

// @unchecked Sendable is safe: the box is copy-on-write — it is only mutated after
// `isKnownUniquelyReferenced` proved no other value (on any thread) shares it.
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
