import Foundation

/// A value a presentation can only be dismissed from: an alert or a confirmation dialog.
///
/// `ifLet` dismisses such a value after any of its buttons' actions (the parent sees the action
/// first), as the system does with an alert; it needs no reducer of its own.
public protocol _EphemeralState {
  /// The type of its buttons' actions: an action of a destination enum whose case carries a
  /// value of this type is one of its buttons' (see ``_EphemeralProbe``).
  static var _actionType: Any.Type { get }
}

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
public struct AlertState<Action>: _EphemeralState, Identifiable {
  /// What makes this alert a presentation of its own.
  ///
  /// Each alert made is a new one, even with the same text, so an alert replaced from its own
  /// button's action stays presented. Not compared by `==`, not hashed, not dumped.
  public let id: UUID
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
    self.init(id: UUID(), title: title(), buttons: actions(), message: message?())
  }

  init(id: UUID, title: TextState, buttons: [ButtonState<Action>], message: TextState?) {
    self.id = id
    self.title = title
    self.buttons = buttons
    self.message = message
  }

  /// The same alert (the same presentation) with its buttons sending `transform(action)`.
  ///
  /// - Parameter transform: Turns a button's action into another type's.
  /// - Returns: The alert with the transformed actions.
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> AlertState<NewAction> {
    AlertState<NewAction>(
      id: id,
      title: title,
      buttons: buttons.map { $0.map(transform) },
      message: message
    )
  }

  public static var _actionType: Any.Type { Action.self }
}

extension AlertState: Equatable where Action: Equatable {
  /// Equal when they show the same text and buttons, whichever presentation each is.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}
extension AlertState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}
extension AlertState: Sendable where Action: Sendable {}

extension AlertState: CustomReflectable {
  /// Title, message and buttons, without the `id` (which differs between equal alerts).
  public var customMirror: Mirror {
    Mirror(
      self,
      children: ["title": title, "message": message as Any, "buttons": buttons],
      displayStyle: .struct
    )
  }
}

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
public struct ConfirmationDialogState<Action>: _EphemeralState, Identifiable {
  /// What makes this dialog a presentation of its own, as ``AlertState/id`` does an alert's.
  public let id: UUID
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
    self.init(
      id: UUID(),
      titleVisibility: titleVisibility,
      title: title(),
      buttons: actions(),
      message: message?()
    )
  }

  init(
    id: UUID,
    titleVisibility: ConfirmationDialogStateTitleVisibility,
    title: TextState,
    buttons: [ButtonState<Action>],
    message: TextState?
  ) {
    self.id = id
    self.titleVisibility = titleVisibility
    self.title = title
    self.buttons = buttons
    self.message = message
  }

  /// The same dialog (the same presentation) with its buttons sending `transform(action)`.
  ///
  /// - Parameter transform: Turns a button's action into another type's.
  /// - Returns: The dialog with the transformed actions.
  public func map<NewAction>(
    _ transform: (Action) -> NewAction
  ) -> ConfirmationDialogState<NewAction> {
    ConfirmationDialogState<NewAction>(
      id: id,
      titleVisibility: titleVisibility,
      title: title,
      buttons: buttons.map { $0.map(transform) },
      message: message
    )
  }

  public static var _actionType: Any.Type { Action.self }
}

extension ConfirmationDialogState: Equatable where Action: Equatable {
  /// Equal when they show the same text and buttons, whichever presentation each is.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.titleVisibility == rhs.titleVisibility && lhs.title == rhs.title
      && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}
extension ConfirmationDialogState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(titleVisibility)
    hasher.combine(title)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}
extension ConfirmationDialogState: Sendable where Action: Sendable {}

extension ConfirmationDialogState: CustomReflectable {
  /// Visibility, title, message and buttons, without the `id`.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "titleVisibility": titleVisibility, "title": title, "message": message as Any,
        "buttons": buttons,
      ],
      displayStyle: .struct
    )
  }
}

/// Whether a presented type is an alert or a dialog, decided for the type once; a destination
/// enum's case that holds one (`.alert(AlertState<…>)`) is known from the child's identity,
/// which records its buttons' action type when it reads the case
/// (``_NavigationIdentity/ephemeralActionType``).
///
/// A built `ifLet` keeps one, so an ordinary presented feature pays a load and a check per
/// action. The fact is read from the type when the probe is made and never changes, so a read is
/// a plain load (a `var` here would pay Swift's run-time exclusivity check on every action
/// through `ifLet`).
@usableFromInline
final class _EphemeralProbe: Sendable {
  @usableFromInline let typeIsEphemeral: Bool

  @usableFromInline
  init(_ type: Any.Type) {
    self.typeIsEphemeral = type is any _EphemeralState.Type
  }

  /// Whether the payload of the enum case `action` is of type `actionType`: an action for the
  /// alert case of a destination enum, whose alert's buttons send `actionType` (the slow path:
  /// only while an alert case is presented).
  ///
  /// - Parameters:
  ///   - pointer: The address of the action, a value of type `type`, valid for the call.
  ///   - type: The action's type.
  ///   - actionType: The alert's buttons' action type.
  @usableFromInline @inline(never)
  static func payloadType(
    at pointer: UnsafeRawPointer,
    of type: Any.Type,
    is actionType: Any.Type
  ) -> Bool {
    // Safe: the caller passes the address of a live value of `type`, and it is only copied.
    func load<Action>(_: Action.Type) -> Any {
      pointer.assumingMemoryBound(to: Action.self).pointee
    }
    let action = _openExistential(type, do: load)
    return Mirror(reflecting: action).children.first.map { Swift.type(of: $0.value) == actionType }
      ?? false
  }
}
