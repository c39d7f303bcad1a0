import Foundation
import PrimeTimeCore

/// A running app as a UI test sees it (the stand-in for XCUITest's `XCUIApplication`): screens
/// found by their titles, buttons tapped by their titles, and nothing but what is on screen.
///
/// The app is launched hosted, with its dependencies replaced, as a UI test launches an app with
/// test settings. A test cannot call a model's method or read a model's property through it: it
/// taps, swipes and reads labels. An alert blocks everything under it and a sheet covers its
/// screen, as on a device.
@MainActor
public final class UIApp {
  private let root: () -> Screen
  private let destinations: [String: () -> Screen]
  private let settle: () async -> Void
  /// The links followed from the root, in order.
  private var path: [String] = []

  /// Creates the app.
  ///
  /// - Parameters:
  ///   - root: The root screen, drawn afresh on every look.
  ///   - destinations: The screen each link of the root opens.
  ///   - settle: Waits until the work a tap started has finished (a UI test waits for the
  ///     screen to update).
  public init(
    root: @escaping () -> Screen,
    destinations: [String: () -> Screen],
    settle: @escaping () async -> Void
  ) {
    self.root = root
    self.destinations = destinations
    self.settle = settle
  }

  /// The screen on top of the navigation stack, as drawn now (with its sheet and alert).
  public var screen: Screen {
    path.last.flatMap { destinations[$0] }?() ?? root()
  }

  /// The screen a link of the root opens, as drawn now, without going there.
  ///
  /// - Parameter link: The link's title.
  /// - Returns: The screen.
  public func look(at link: String) throws -> Screen {
    guard let destination = destinations[link] else {
      throw UIError("there is no screen \"\(link)\"", on: root())
    }
    return destination()
  }

  /// Goes to the screen that the root's link `link` opens (back to the root first when needed).
  ///
  /// - Parameter link: The link's title, such as "Counter demo".
  public func show(_ link: String) throws {
    if path.last == link { return }
    try requireUncovered("go to \"\(link)\"")
    path.removeAll()
    let root = root()
    guard root.hasLink(link), destinations[link] != nil else {
      throw UIError("no link \"\(link)\"", on: root)
    }
    path.append(link)
  }

  /// Taps the button titled `title` (or, with `prefix`, the first whose title starts so), on
  /// the alert when one is shown, else on the sheet, else on the screen; then waits.
  ///
  /// - Parameters:
  ///   - title: The button's title.
  ///   - prefix: Match titles that start with `title`.
  public func tap(_ title: String, prefix: Bool = false) async throws {
    let screen = screen
    let matches = { (candidate: String) in
      prefix ? candidate.hasPrefix(title) : candidate == title
    }
    if let alert = screen.alert ?? screen.topmost.alert {
      guard let button = alert.buttons.first(where: { matches($0.title) }) else {
        throw UIError("an alert covers the screen and has no button \"\(title)\"", on: screen)
      }
      button.action()
    } else {
      let top = screen.topmost
      let button = top.items.lazy.compactMap { item -> (Bool, @MainActor () -> Void)? in
        guard case .button(let candidate, let isEnabled, let action) = item, matches(candidate)
        else { return nil }
        return (isEnabled, action)
      }.first
      guard let (isEnabled, action) = button else {
        throw UIError("no button \"\(title)\"", on: screen)
      }
      guard isEnabled else { throw UIError("the button \"\(title)\" is disabled", on: screen) }
      action()
    }
    await settle()
  }

  /// Swipes the sheet away.
  public func dismissSheet() async throws {
    let screen = screen
    guard screen.alert == nil, let sheet = screen.sheet else {
      throw UIError("no sheet to swipe away", on: screen)
    }
    sheet.dismiss()
    await settle()
  }

  /// Deletes the rows at `offsets` of the list on screen (edit mode, or one swipe per row).
  ///
  /// - Parameter offsets: The rows' positions.
  public func deleteRows(_ offsets: IndexSet) async throws {
    let screen = screen
    try requireUncovered("delete rows")
    guard let onDelete = screen.onDelete, offsets.allSatisfy(screen.rows.indices.contains) else {
      throw UIError("rows \(Array(offsets)) cannot be deleted", on: screen)
    }
    onDelete(offsets)
    await settle()
  }

  private func requireUncovered(_ what: String) throws {
    let screen = screen
    if screen.alert != nil || screen.sheet != nil {
      throw UIError("cannot \(what): a sheet or an alert covers the screen", on: screen)
    }
  }
}

/// A UI test step that could not be done, with what was on screen.
public struct UIError: Error, CustomStringConvertible {
  /// What went wrong and what the screen showed.
  public let description: String

  @MainActor
  init(_ problem: String, on screen: Screen) {
    description =
      "\(problem); on screen:\n" + screen.lines.map { "  " + $0 }.joined(separator: "\n")
  }
}
