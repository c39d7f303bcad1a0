/// What a button is for, which decides how it is shown.
public enum ButtonStateRole: Equatable, Hashable, Sendable {
  /// Cancels the alert; tapping it sends nothing (or its action, when it has one).
  case cancel
  /// Deletes or discards data.
  case destructive
}

/// A button of an alert or a confirmation dialog, as state: its label, its role, and the action
/// it sends when tapped.
///
/// ```swift
/// ButtonState(role: .destructive, action: .confirmDeletion) {
///   TextState("Delete")
/// }
/// ButtonState(role: .cancel) {
///   TextState("Cancel")
/// }
/// ```
public struct ButtonState<Action> {
  /// The button's role, if any.
  public let role: ButtonStateRole?
  /// The action tapping it sends, if any (a button with none only closes the alert).
  public let action: Action?
  /// The button's label.
  public let label: TextState

  /// A button.
  ///
  /// - Parameters:
  ///   - role: The button's role.
  ///   - action: The action tapping it sends; `nil` to only close the alert.
  ///   - label: The button's label.
  public init(role: ButtonStateRole? = nil, action: Action? = nil, label: () -> TextState) {
    self.role = role
    self.action = action
    self.label = label()
  }

  /// Calls `perform` with the button's action, as a view does when the button is tapped.
  ///
  /// - Parameter perform: Receives the action, or `nil` for a button that only closes.
  public func withAction(_ perform: (Action?) -> Void) {
    perform(action)
  }

  /// The same button sending `transform(action)`.
  ///
  /// - Parameter transform: Turns this button's action into another type's.
  /// - Returns: The button with the transformed action.
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> ButtonState<NewAction> {
    ButtonState<NewAction>(role: role, action: action.map(transform)) { label }
  }
}

extension ButtonState: Equatable where Action: Equatable {}
extension ButtonState: Hashable where Action: Hashable {}
extension ButtonState: Sendable where Action: Sendable {}

/// Collects the buttons of an alert or a dialog: `if`, `if`/`else` and `for` work inside.
@resultBuilder
public enum ButtonStateBuilder<Action> {
  /// One button.
  public static func buildExpression(_ button: ButtonState<Action>) -> [ButtonState<Action>] {
    [button]
  }

  /// Buttons made elsewhere, such as another alert's, mapped.
  public static func buildExpression(_ buttons: [ButtonState<Action>]) -> [ButtonState<Action>] {
    buttons
  }

  /// The buttons, in order.
  public static func buildBlock(_ components: [ButtonState<Action>]...) -> [ButtonState<Action>] {
    components.flatMap { $0 }
  }

  /// The buttons of an `if`, or none.
  public static func buildOptional(_ component: [ButtonState<Action>]?) -> [ButtonState<Action>] {
    component ?? []
  }

  /// The buttons of the `if` branch.
  public static func buildEither(first component: [ButtonState<Action>]) -> [ButtonState<Action>] {
    component
  }

  /// The buttons of the `else` branch.
  public static func buildEither(second component: [ButtonState<Action>]) -> [ButtonState<Action>] {
    component
  }

  /// The buttons of every pass of a `for` loop.
  public static func buildArray(_ components: [[ButtonState<Action>]]) -> [ButtonState<Action>] {
    components.flatMap { $0 }
  }
}
