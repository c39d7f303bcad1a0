/// A write to one field of a feature's state, sent by a screen's control (a text field, a
/// toggle) and applied by ``BindingReducer``.
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
///   case submitButtonTapped
/// }
///
/// var body: some ReducerOf<Self> {
///   BindingReducer()
///   Reduce { state, action in
///     switch action {
///     case .binding(\.query):       // after the query changed
///       return .send(.search)
///     case .binding:
///       return .none
///     …
///     }
///   }
/// }
///
/// // In a test:
/// await store.send(\.binding.query, "prime") { $0.query = "prime" }
/// await store.send(.binding(.set(\.query, "prime"))) { $0.query = "prime" }
/// ```
public struct BindingAction<Root>: Sendable {
  /// The field written.
  public let keyPath: PartialKeyPath<Root> & Sendable
  /// The value written, for comparisons and messages.
  let value: any Sendable
  let apply: @Sendable (inout Root) -> Void
  let valueEquals: @Sendable (Any) -> Bool

  /// Writes `value` to the field at `keyPath`.
  ///
  /// - Parameters:
  ///   - keyPath: The field.
  ///   - value: Its new value.
  /// - Returns: The action.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value> & Sendable,
    _ value: Value
  ) -> Self {
    Self(
      keyPath: keyPath,
      value: value,
      apply: { $0[keyPath: keyPath] = value },
      valueEquals: { ($0 as? Value) == value }
    )
  }

  /// Applies the write to `root`.
  ///
  /// - Parameter root: The state to change.
  public func apply(to root: inout Root) {
    apply(&root)
  }

  /// Matches a binding action by the field it writes: `case .binding(\.query):`.
  public static func ~= <Value>(keyPath: WritableKeyPath<Root, Value>, action: Self) -> Bool {
    action.keyPath as AnyKeyPath == keyPath as AnyKeyPath
  }
}

extension BindingAction: Equatable {
  /// Two writes are equal when they write the same field with equal values.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.keyPath as AnyKeyPath == rhs.keyPath as AnyKeyPath && lhs.valueEquals(rhs.value)
  }
}

extension BindingAction: CustomStringConvertible, _CustomDumpRepresentable {
  public var description: String {
    "set(\(keyPath), \(_dump(value, indentingLinesAfterTheFirstBy: 0)))"
  }

  /// A dump shows the write as `set(keyPath, value)`.
  public var _dumpValue: Any { _DumpedBinding(description: description) }
}

/// How a binding action reads in a dump: the write, as code would spell it.
private struct _DumpedBinding: CustomStringConvertible {
  let description: String
}

extension BindingAction: CasePathable {
  /// The case paths of a binding action: one per writable field of `Root`, so that
  /// `\.binding.query` names the write to `query` (`store.send(\.binding.query, "prime")`).
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    /// The case path of writes to the field at `keyPath`.
    public subscript<Value: Equatable & Sendable>(
      dynamicMember keyPath: WritableKeyPath<Root, Value> & Sendable
    ) -> AnyCasePath<BindingAction, Value> {
      AnyCasePath(
        embed: { .set(keyPath, $0) },
        extract: { $0.keyPath as AnyKeyPath == keyPath as AnyKeyPath ? $0.value as? Value : nil }
      )
    }
  }

  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

/// An action with a case for binding actions: `case binding(BindingAction<State>)`.
///
/// The case itself satisfies ``binding(_:)``; ``binding`` has a default that reads the case.
public protocol BindableAction {
  /// The state the binding actions write.
  associatedtype State
  /// The action for a binding action (the enum case).
  static func binding(_ action: BindingAction<State>) -> Self
  /// The binding action, when this is one.
  var binding: BindingAction<State>? { get }
}

extension BindableAction {
  /// The payload of the `binding` case, when this action is one.
  public var binding: BindingAction<State>? {
    Mirror(reflecting: self).children.first { $0.label == "binding" }?.value
      as? BindingAction<State>
  }
}

extension Store where Action: BindableAction, Action.State == State {
  /// Reads a field of the state, and writes it by sending its binding action: what a screen's
  /// binding to a form field does.
  ///
  /// ```swift
  /// store.email = "blob@example.com"  // sends .binding(.set(\.email, "blob@example.com"))
  /// ```
  ///
  /// In SwiftUI, `$store.email` (with `@Bindable var store`) is a binding over this subscript.
  /// The state changes only through the reducer, which sees the write as any other action.
  @inlinable
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, Value> & Sendable
  ) -> Value {
    get { state[keyPath: keyPath] }
    set { send(.binding(.set(keyPath, newValue))) }
  }
}
