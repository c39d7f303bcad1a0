import Foundation

/// What a screen shows and what can be tapped on it: the part of a SwiftUI `body` that a user,
/// a UI test or a terminal sees.
///
/// On Apple's platforms a screen's `body` builds SwiftUI views, and a unit test cannot look
/// inside it. Here each screen of both apps also describes itself as a `Screen`, built from the
/// same properties and methods its `body` would use; a UI-level test finds a button by its title
/// and taps it, as an XCUITest does in a running app, and reads only the texts on screen.
///
/// ```swift
/// let screen = counterView.screen
/// screen.texts                       // ["7", …]
/// screen.button("+")?.action()       // taps "+"
/// ```
@MainActor
public struct Screen {
  /// The navigation title.
  public var title: String
  /// What is shown, top to bottom.
  public var items: [Item]
  /// A sheet shown over the screen, if any.
  public var sheet: Sheet?
  /// An alert shown over everything, if any.
  public var alert: Alert?
  /// What deleting rows of the list does (SwiftUI's `onDelete`), if rows can be deleted.
  public var onDelete: (@MainActor (IndexSet) -> Void)?

  /// Creates a screen.
  ///
  /// - Parameters:
  ///   - title: The navigation title.
  ///   - items: What is shown, top to bottom.
  ///   - sheet: A sheet shown over the screen.
  ///   - alert: An alert shown over everything.
  ///   - onDelete: What deleting rows of the list does.
  public init(
    title: String,
    items: [Item],
    sheet: Sheet? = nil,
    alert: Alert? = nil,
    onDelete: (@MainActor (IndexSet) -> Void)? = nil
  ) {
    self.title = title
    self.items = items
    self.sheet = sheet
    self.alert = alert
    self.onDelete = onDelete
  }

  /// One element of a screen.
  public enum Item {
    /// A label.
    case text(String)
    /// A button, which does nothing while disabled.
    case button(String, isEnabled: Bool, action: @MainActor () -> Void)
    /// A navigation link to the screen with this title.
    case link(String)
    /// A row of a list (see ``Screen/onDelete``).
    case row(String)
    /// A stepper bound to a number (SwiftUI's `Stepper(value: $number)`): its label, the value
    /// it shows, and the binding's setter, which − and + call with one less or one more.
    case stepper(String, value: Int, set: @MainActor (Int) -> Void)
  }

  /// A screen presented modally over another, with what swiping it away does.
  public struct Sheet {
    /// The presented screen (boxed: a screen can present a screen).
    public var content: Screen { box.content }
    /// Swipes the sheet away.
    public let dismiss: @MainActor () -> Void
    private let box: Box

    /// Creates a sheet.
    ///
    /// - Parameters:
    ///   - content: The presented screen.
    ///   - dismiss: What swiping it away does.
    public init(_ content: Screen, dismiss: @escaping @MainActor () -> Void) {
      self.box = Box(content)
      self.dismiss = dismiss
    }

    private final class Box {
      let content: Screen
      init(_ content: Screen) { self.content = content }
    }
  }

  /// An alert: a title, an optional message and its buttons.
  public struct Alert {
    /// The title.
    public var title: String
    /// The message under the title.
    public var message: String?
    /// The buttons, each with its action.
    public var buttons: [(title: String, action: @MainActor () -> Void)]

    /// Creates an alert.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - message: The message under the title.
    ///   - buttons: The buttons, each with its action.
    public init(
      title: String,
      message: String? = nil,
      buttons: [(title: String, action: @MainActor () -> Void)]
    ) {
      self.title = title
      self.message = message
      self.buttons = buttons
    }
  }

  /// The screen a user sees on top: the alert's screen is still this one; a sheet covers it.
  public var topmost: Screen { sheet?.content.topmost ?? self }

  /// The labels and rows shown, top to bottom (buttons and links excluded).
  public var texts: [String] {
    items.compactMap {
      switch $0 {
      case .text(let text), .row(let text): text
      case .stepper(let label, let value, _): "\(label): \(value)"
      case .button, .link: nil
      }
    }
  }

  /// The rows of the list, top to bottom.
  public var rows: [String] {
    items.compactMap { if case .row(let text) = $0 { text } else { nil } }
  }

  /// The button titled `title`, with whether it is enabled and its action.
  ///
  /// - Parameter title: The button's title as shown.
  /// - Returns: The button, or `nil` when this screen shows no such button.
  public func button(_ title: String) -> (isEnabled: Bool, action: @MainActor () -> Void)? {
    for item in items {
      if case .button(title, let isEnabled, let action) = item { return (isEnabled, action) }
    }
    return nil
  }

  /// The stepper labelled `label`, with the value it shows and the binding's setter.
  ///
  /// - Parameter label: The stepper's label as shown.
  /// - Returns: The stepper, or `nil` when this screen shows no such stepper.
  public func stepper(_ label: String) -> (value: Int, set: @MainActor (Int) -> Void)? {
    for item in items {
      if case .stepper(label, let value, let set) = item { return (value, set) }
    }
    return nil
  }

  /// Whether the screen shows a link titled `title`.
  public func hasLink(_ title: String) -> Bool {
    items.contains { if case .link(title) = $0 { true } else { false } }
  }

  /// The screen as plain text, one element per line (buttons in brackets, disabled ones
  /// marked), with its sheet and alert under it.
  public var lines: [String] {
    var lines = ["# \(title)"]
    for item in items {
      switch item {
      case .text(let text): lines.append(text)
      case .button(let title, let isEnabled, _):
        lines.append(isEnabled ? "[\(title)]" : "[\(title)] (disabled)")
      case .link(let title): lines.append("> \(title)")
      case .row(let text): lines.append("- \(text)")
      case .stepper(let label, let value, _): lines.append("\(label): [-] \(value) [+]")
      }
    }
    if let sheet {
      lines.append("sheet:")
      lines += sheet.content.lines.map { "  " + $0 }
    }
    if let alert {
      lines.append("alert: \(alert.title)")
      if let message = alert.message { lines.append("  \(message)") }
      lines.append("  " + alert.buttons.map { "[\($0.title)]" }.joined(separator: " "))
    }
    return lines
  }
}

// MARK: - The PrimeTime screens' layouts

/// The layout of each PrimeTime screen, shared by both apps: each app's screen passes its own
/// labels and wires its own methods to the buttons (a wrong wire is that app's mistake).
extension Screen {
  /// The counter: − count +, "Is this prime?", "What is the nth prime?" (while a question is
  /// asked: disabled, with "Asking for the 7th prime…" and "Cancel" under it), the prime modal as
  /// a sheet and the nth-prime alert.
  ///
  /// - Parameters:
  ///   - count: The count, as the question's ordinal.
  ///   - countLabel: The label between − and +.
  ///   - isNthPrimeButtonEnabled: Whether a new nth-prime question can be asked.
  ///   - decrement: What − does.
  ///   - increment: What + does.
  ///   - isPrime: What "Is this prime?" does.
  ///   - nthPrime: What "What is the nth prime?" does.
  ///   - cancelNthPrime: What "Cancel" does while a question is asked.
  ///   - modal: The prime modal while it is shown, and what swiping it away does.
  ///   - alertTitle: The nth-prime alert's title while it is shown.
  ///   - dismissAlert: What the alert's Ok does.
  /// - Returns: The screen.
  public static func counter(
    count: Int,
    countLabel: String,
    isNthPrimeButtonEnabled: Bool,
    decrement: @escaping @MainActor () -> Void,
    increment: @escaping @MainActor () -> Void,
    isPrime: @escaping @MainActor () -> Void,
    nthPrime: @escaping @MainActor () -> Void,
    cancelNthPrime: @escaping @MainActor () -> Void,
    modal: Sheet?,
    alertTitle: String?,
    dismissAlert: @escaping @MainActor () -> Void
  ) -> Screen {
    var items: [Item] = [
      .button("-", isEnabled: true, action: decrement),
      .text(countLabel),
      .button("+", isEnabled: true, action: increment),
      .button("Is this prime?", isEnabled: true, action: isPrime),
      .button(
        "What is the \(ordinal(count)) prime?",
        isEnabled: isNthPrimeButtonEnabled,
        action: nthPrime
      ),
    ]
    if !isNthPrimeButtonEnabled {
      items.append(.text("Asking for the \(ordinal(count)) prime…"))
      items.append(.button("Cancel", isEnabled: true, action: cancelNthPrime))
    }
    return Screen(
      title: "Counter demo",
      items: items,
      sheet: modal,
      alert: alertTitle.map { Alert(title: $0, buttons: [("Ok", dismissAlert)]) }
    )
  }

  /// The prime modal: the verdict and, for a prime, "Save to favorite primes" or "Remove from
  /// favorite primes".
  ///
  /// - Parameters:
  ///   - message: The verdict, such as "7 is prime 🎉".
  ///   - isPrime: Whether the count is prime (only then is a button shown).
  ///   - isFavorite: Whether it is a favourite already (remove instead of save).
  ///   - save: What "Save to favorite primes" does.
  ///   - remove: What "Remove from favorite primes" does.
  /// - Returns: The screen.
  public static func primeModal(
    message: String,
    isPrime: Bool,
    isFavorite: Bool,
    save: @escaping @MainActor () -> Void,
    remove: @escaping @MainActor () -> Void
  ) -> Screen {
    var items: [Item] = [.text(message)]
    if isPrime {
      items.append(
        isFavorite
          ? .button("Remove from favorite primes", isEnabled: true, action: remove)
          : .button("Save to favorite primes", isEnabled: true, action: save)
      )
    }
    return Screen(title: "Is this prime?", items: items)
  }

  /// The favourites: one row per prime (swipe to delete), Save and Load, and the alert after a
  /// failed save or load.
  ///
  /// - Parameters:
  ///   - primes: The favourites, in order.
  ///   - delete: What deleting rows does.
  ///   - save: What Save does.
  ///   - load: What Load does.
  ///   - alertMessage: The alert's text while it is shown.
  ///   - dismissAlert: What the alert's Ok does.
  /// - Returns: The screen.
  public static func favoritePrimes(
    _ primes: [Int],
    delete: @escaping @MainActor (IndexSet) -> Void,
    save: @escaping @MainActor () -> Void,
    load: @escaping @MainActor () -> Void,
    alertMessage: String?,
    dismissAlert: @escaping @MainActor () -> Void
  ) -> Screen {
    Screen(
      title: "Favorite primes",
      items: primes.map { Item.row("\($0)") } + [
        .button("Save", isEnabled: true, action: save),
        .button("Load", isEnabled: true, action: load),
      ],
      alert: alertMessage.map { Alert(title: $0, buttons: [("Ok", dismissAlert)]) },
      onDelete: delete
    )
  }

  /// The root: a link to each screen.
  ///
  /// - Parameter links: The links' titles.
  /// - Returns: The screen.
  public static func root(links: [String]) -> Screen {
    Screen(title: "State management", items: links.map(Item.link))
  }
}
