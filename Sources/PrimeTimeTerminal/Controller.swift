import Foundation
import PrimeTimeCore

/// What the program does with each key: the same user intent on every pane, and what to say
/// about it.
///
/// A key stands for a button's title on the screen in front of the user, as a UI test finds a
/// button: each pane looks for that title on its own screen (its alert first, then its sheet,
/// then the screen) and presses it. Neither app is special-cased; a key that one app's screen
/// does not offer presses nothing there.
@MainActor
public final class Controller {
  /// The apps, left to right.
  public let panes: [any AppPane]
  /// The screen shown.
  public private(set) var tab: Tab = .counter
  /// The favourites row that `d` deletes.
  public private(set) var selectedRow = 0
  /// Whether the keys are shown instead of the apps.
  public private(set) var isShowingHelp = false
  /// What to tell the user about their last key, if anything.
  public private(set) var hint: String?

  /// Creates the controller.
  ///
  /// - Parameter panes: The apps, left to right.
  public init(panes: [any AppPane]) {
    self.panes = panes
  }

  /// What pressing a key means on the screen shown.
  enum Intent {
    /// Press the first of these buttons the screen offers.
    case tap([String], prefix: Bool = false)
    /// Press the first of these buttons on the screen on top of the stack, else on its root.
    case tapOnStack([String])
    /// Swipe the sheet away.
    case dismissSheet
    /// Delete the selected favourites row.
    case deleteRow
    /// The back button of the navigation stack.
    case back
    /// Move the favourites selection by this many rows.
    case select(Int)
  }

  /// The keys of `tab`, each with what it does, in the order help lists them.
  static func keys(on tab: Tab) -> [(key: Key, label: String, intent: Intent)] {
    switch tab {
    case .counter:
      [
        (.character("+"), "+", .tap(["+"])),
        (.character("-"), "−", .tap(["-"])),
        (.character("p"), "Is this prime?", .tap(["Is this prime?"])),
        (.character("n"), "What is the nth prime?", .tap(["What is the "], prefix: true)),
        (.character("c"), "Cancel (while asking)", .tap(["Cancel"])),
        (
          .character("s"), "save / remove (modal)",
          .tap(["Save to favorite primes", "Remove from favorite primes"])
        ),
        (.character("x"), "close the modal", .dismissSheet),
        (.enter, "Ok (alert)", .tap(["Ok"])),
      ]
    case .favorites:
      [
        (.up, "select the row above", .select(-1)),
        (.down, "select the row below", .select(1)),
        (.character("d"), "delete the selected row", .deleteRow),
        (.character("s"), "Save", .tap(["Save"])),
        (.character("l"), "Load", .tap(["Load"])),
        (.enter, "Ok (alert)", .tap(["Ok"])),
      ]
    case .stack:
      [
        (.character("c"), "push a counter", .tapOnStack(["Counter"])),
        (.character("f"), "number fact", .tapOnStack(["Number fact"])),
        (.character("r"), "prime number", .tapOnStack(["Prime number"])),
        (.character("+"), "+", .tapOnStack(["+"])),
        (.character("-"), "−", .tapOnStack(["-"])),
        (.character("t"), "start / stop the timer", .tapOnStack(["Start timer", "Stop timer"])),
        (.character("g"), "load and go to counter", .tapOnStack(["Load and go to counter"])),
        (.character("a"), "get the fact", .tapOnStack(["Get fact"])),
        (.character("b"), "back", .back),
      ]
    }
  }

  /// The keys every screen has.
  static let globalKeys: [(key: String, label: String)] = [
    ("1 2 3", "counter, favourites, stack"), ("tab", "next screen"), ("?", "keys"),
    ("q", "quit"),
  ]

  /// Handles one key.
  ///
  /// - Parameter key: The key.
  /// - Returns: `false` when the key quits the program.
  public func handle(_ key: Key) -> Bool {
    hint = nil
    switch key {
    case .character("q"), .interrupt: return false
    case .character("?"):
      isShowingHelp.toggle()
      return true
    case .character(let digit) where digit.wholeNumberValue.flatMap(Tab.init(rawValue:)) != nil:
      tab = digit.wholeNumberValue.flatMap(Tab.init(rawValue:)) ?? tab
      isShowingHelp = false
      return true
    case .tab:
      tab = Tab(rawValue: tab.rawValue % Tab.allCases.count + 1) ?? .counter
      isShowingHelp = false
      return true
    case .escape where isShowingHelp:
      isShowingHelp = false
      return true
    default:
      break
    }
    let keys = Self.keys(on: tab)
    // Escape closes the modal, and backspace goes back, as on a device.
    let pressed = key == .escape ? .character("x") : key == .backspace ? .character("b") : key
    guard let entry = keys.first(where: { $0.key == pressed }) else {
      hint = "“\(key)” does nothing on \(tab.title) — press ? for the keys"
      return true
    }
    if case .select(let delta) = entry.intent {
      let rows = panes.map { $0.favoritesScreen.rows.count }.max() ?? 0
      selectedRow = max(0, min(rows - 1, selectedRow + delta))
      return true
    }
    let outcomes = panes.map { perform(entry.intent, on: $0) }
    if let refusal = outcomes.compactMap({ $0 }).first {
      hint = refusal
    }
    let rows = panes.map { $0.favoritesScreen.rows.count }.max() ?? 0
    selectedRow = max(0, min(selectedRow, rows - 1))
    return true
  }

  /// Performs `intent` on one pane.
  ///
  /// - Returns: Why nothing was pressed, or `nil` when something was.
  private func perform(_ intent: Intent, on pane: any AppPane) -> String? {
    switch intent {
    case .tap(let titles, let prefix):
      return press(titles, prefix: prefix, on: screen(of: pane), pane: pane)
    case .tapOnStack(let titles):
      if let top = pane.stackTopScreen, find(titles, prefix: false, on: top) != nil {
        return press(titles, prefix: false, on: top, pane: pane)
      }
      return press(titles, prefix: false, on: pane.stackRootScreen, pane: pane)
    case .dismissSheet:
      let screen = screen(of: pane)
      guard screen.alert == nil, let sheet = screen.sheet else {
        return "there is no sheet to close on \(tab.title)"
      }
      pane.willTap("swipe the sheet away", on: tab)
      sheet.dismiss()
      pane.noteChanges()
      return nil
    case .deleteRow:
      let screen = screen(of: pane)
      guard screen.alert == nil, let onDelete = screen.onDelete,
        screen.rows.indices.contains(selectedRow)
      else { return "there is no row to delete" }
      pane.willTap("delete row \(selectedRow)", on: tab)
      onDelete(IndexSet(integer: selectedRow))
      pane.noteChanges()
      return nil
    case .select:
      return nil
    case .back:
      guard pane.stackTopScreen != nil else { return "the stack is empty: nothing to go back from" }
      pane.stackBack()
      return nil
    }
  }

  private func screen(of pane: any AppPane) -> Screen {
    switch tab {
    case .counter: pane.counterScreen
    case .favorites: pane.favoritesScreen
    case .stack: pane.stackTopScreen ?? pane.stackRootScreen
    }
  }

  /// Presses the first of `titles` that `screen` shows: on its alert when one is up, else on
  /// its sheet (or the sheet's sheet), else on the screen.
  private func press(
    _ titles: [String],
    prefix: Bool,
    on screen: Screen,
    pane: any AppPane
  ) -> String? {
    guard let (title, isEnabled, action) = find(titles, prefix: prefix, on: screen) else {
      if screen.alert ?? screen.topmost.alert != nil {
        return "an alert is up: press enter for Ok"
      }
      let wanted = titles.map { prefix ? "\($0)…" : $0 }.joined(separator: "” or “")
      return "no “\(wanted)” on this screen"
    }
    guard isEnabled else { return "“\(title)” is disabled right now" }
    pane.willTap(title, on: tab)
    action()
    pane.noteChanges()
    return nil
  }

  private func find(_ titles: [String], prefix: Bool, on screen: Screen)
    -> (String, Bool, @MainActor () -> Void)?
  {
    func matches(_ candidate: String) -> Bool {
      titles.contains { prefix ? candidate.hasPrefix($0) : candidate == $0 }
    }
    if let alert = screen.alert ?? screen.topmost.alert {
      return alert.buttons.first { matches($0.title) }.map { ($0.title, true, $0.action) }
    }
    for item in screen.topmost.items {
      switch item {
      case .button(let title, let isEnabled, let action) where matches(title):
        return (title, isEnabled, action)
      // A stepper's − and + write one less or one more through its binding.
      case .stepper(let label, let value, let set) where matches("+"):
        return ("\(label) +", true, { set(value + 1) })
      case .stepper(let label, let value, let set) where matches("-"):
        return ("\(label) -", true, { set(value - 1) })
      default:
        continue
      }
    }
    return nil
  }

  /// Whether every pane has finished the work its last key started (timers aside).
  public var isIdle: Bool { panes.allSatisfy(\.isIdle) }

  /// Notes what tasks and callbacks changed since the last look, in every pane's log.
  public func noteChanges() {
    for pane in panes { pane.noteChanges() }
  }
}
