/// A value a presentation can only be dismissed from: an alert or a confirmation dialog.
///
/// `ifLet` dismisses such a value after any of its buttons' actions (the parent sees the action
/// first), as the system does with an alert; it needs no reducer of its own.
public protocol _EphemeralState {}

/// An alert, as state: title, buttons and message, kept in a feature's state so that a test can
/// compare it and send its buttons' actions.
///
/// ```swift
/// struct State: Equatable {
///   @PresentationState var alert: AlertState<Action.Alert>?
/// }
/// enum Action {
///   case alert(PresentationAction<Alert>)
///   case deleteButtonTapped
///   enum Alert: Equatable { case confirmDeletion }
/// }
///
/// // In the reducer:
/// case .deleteButtonTapped:
///   state.alert = AlertState {
///     TextState("Delete all favourites?")
///   } actions: {
///     ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
///     ButtonState(role: .cancel) { TextState("Cancel") }
///   }
/// case .alert(.presented(.confirmDeletion)):
///   state.favoritePrimes = []
///
/// // In the body:
/// .ifLet(\.$alert, action: \.alert)
/// ```
///
/// Tapping a button sends `.alert(.presented(action))`; the alert is dismissed right after the
/// parent handles it. Swiping it away, or a button without an action, sends `.alert(.dismiss)`.
public struct AlertState<Action>: _EphemeralState {
  /// The title.
  public let title: TextState
  /// The message under the title, if any.
  public let message: TextState?
  /// The buttons, in order (none: the system shows a single OK that only closes).
  public let buttons: [ButtonState<Action>]

  /// An alert.
  ///
  /// - Parameters:
  ///   - title: The title.
  ///   - actions: The buttons.
  ///   - message: The message under the title.
  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.title = title()
    self.buttons = actions()
    self.message = message?()
  }

  /// The same alert with its buttons sending `transform(action)`.
  ///
  /// - Parameter transform: Turns a button's action into another type's.
  /// - Returns: The alert with the transformed actions.
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> AlertState<NewAction> {
    AlertState<NewAction>(
      title: { title },
      actions: { buttons.map { $0.map(transform) } },
      message: message.map { message in { message } }
    )
  }
}

extension AlertState: Equatable where Action: Equatable {}
extension AlertState: Hashable where Action: Hashable {}
extension AlertState: Sendable where Action: Sendable {}

/// Whether a confirmation dialog shows its title.
public enum ConfirmationDialogStateTitleVisibility: Equatable, Hashable, Sendable {
  /// The platform decides.
  case automatic
  /// The title is shown.
  case visible
  /// The title is hidden.
  case hidden
}

/// A confirmation dialog (an action sheet), as state: title, buttons and message.
///
/// ```swift
/// state.dialog = ConfirmationDialogState(titleVisibility: .visible) {
///   TextState("Share 7?")
/// } actions: {
///   ButtonState(action: .copy) { TextState("Copy") }
///   ButtonState(role: .cancel) { TextState("Cancel") }
/// }
/// ```
///
/// Presented, sent and dismissed like ``AlertState``.
public struct ConfirmationDialogState<Action>: _EphemeralState {
  /// Whether the title is shown.
  public let titleVisibility: ConfirmationDialogStateTitleVisibility
  /// The title.
  public let title: TextState
  /// The message under the title, if any.
  public let message: TextState?
  /// The buttons, in order.
  public let buttons: [ButtonState<Action>]

  /// A confirmation dialog.
  ///
  /// - Parameters:
  ///   - titleVisibility: Whether the title is shown.
  ///   - title: The title.
  ///   - actions: The buttons.
  ///   - message: The message under the title.
  public init(
    titleVisibility: ConfirmationDialogStateTitleVisibility = .automatic,
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.titleVisibility = titleVisibility
    self.title = title()
    self.buttons = actions()
    self.message = message?()
  }

  /// The same dialog with its buttons sending `transform(action)`.
  ///
  /// - Parameter transform: Turns a button's action into another type's.
  /// - Returns: The dialog with the transformed actions.
  public func map<NewAction>(
    _ transform: (Action) -> NewAction
  ) -> ConfirmationDialogState<NewAction> {
    ConfirmationDialogState<NewAction>(
      titleVisibility: titleVisibility,
      title: { title },
      actions: { buttons.map { $0.map(transform) } },
      message: message.map { message in { message } }
    )
  }
}

extension ConfirmationDialogState: Equatable where Action: Equatable {}
extension ConfirmationDialogState: Hashable where Action: Hashable {}
extension ConfirmationDialogState: Sendable where Action: Sendable {}

/// Whether a presented type is an alert or a dialog, decided for the type once; a destination
/// enum's case that holds one (`.alert(AlertState<…>)`) is known from the child's identity,
/// which records it when it reads the case (``_NavigationIdentity/isEphemeral``).
///
/// A built `ifLet` keeps one, so an ordinary presented feature pays a load and a check per
/// action. The fact is read from the type when the probe is made and never changes, so a read is
/// a plain load (a `var` here would pay Swift's run-time exclusivity check, about 80
/// instructions, on every action through `ifLet`).
@usableFromInline
final class _EphemeralProbe: Sendable {
  @usableFromInline let typeIsEphemeral: Bool

  @usableFromInline
  init(_ type: Any.Type) {
    self.typeIsEphemeral = type is any _EphemeralState.Type
  }

  /// Whether the presented child with `identity` goes away after any of its actions.
  @inlinable
  func isEphemeral(_ identity: _NavigationIdentity) -> Bool {
    typeIsEphemeral || identity.isEphemeral
  }
}
