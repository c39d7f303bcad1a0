/// The `\.self` case key path: an operator's child whose actions are the parent's own.
///
/// A case key path names a stored case path of `AllCasePaths`, and that struct has no case
/// for the whole enum, so `\.self` there is a key path to the struct itself. The operators that
/// take a child's action path (`Scope`, `ifLet`, `ifCaseLet`, `store.scope`) accept this type
/// beside ``CaseKeyPath`` and treat it as the identity.
///
/// ```swift
/// Scope(state: \.settings, action: \.self) {
///   Settings()  // Settings.Action is the parent's Action
/// }
/// ```
public typealias _SelfCaseKeyPath<Root: CasePathable> = KeyPath<
  Root.AllCasePaths, Root.AllCasePaths
>

/// How an operator reaches its child's actions: through a case (`\.counter`) or, for `\.self`,
/// the parent's actions themselves.
@usableFromInline
enum _ChildActionPath<Root: CasePathable, Value> {
  case keyPath(CaseKeyPath<Root, Value>)
  /// `\.self`: `Value` is `Root`, and this is the identity case path.
  case whole(AnyCasePath<Root, Value>)

  /// The case path for a direct `reduce(into:action:)`, which resolves it on every action.
  @inlinable
  var direct: AnyCasePath<Root, Value> {
    switch self {
    case .keyPath(let keyPath): Root._casePathByOffset(keyPath)
    case .whole(let path): path
    }
  }

  /// The case path for a reducer a store builds once.
  @inlinable
  var resolved: AnyCasePath<Root, Value> {
    switch self {
    case .keyPath(let keyPath): Root.casePath(keyPath)
    case .whole(let path): path
    }
  }
}

extension _ChildActionPath where Value == Root {
  /// `\.self`.
  @inlinable
  static var whole: Self { .whole(.identity) }
}
