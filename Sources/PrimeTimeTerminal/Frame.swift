import Foundation
import PrimeTimeCore

/// Draws what the program shows: a header, the apps side by side (each with its log under it),
/// a status line that compares them, and the keys.
///
/// The same drawing serves the full-screen program (cut to the window) and the scripted mode
/// (plain text, as long as it needs).
@MainActor
public struct Frame {
  /// The smallest window the full-screen program draws in.
  public static let minimumWidth = 60
  /// The smallest window height the full-screen program draws in.
  public static let minimumHeight = 16

  /// How an activity's time is written.
  public var formatTime: (Date) -> String

  /// Creates a drawing.
  ///
  /// - Parameter formatTime: How an activity's time is written.
  public init(formatTime: @escaping (Date) -> String) {
    self.formatTime = formatTime
  }

  /// The full screen: exactly `height` lines of exactly `width` columns, each app's log
  /// showing its latest lines.
  ///
  /// - Parameters:
  ///   - controller: What to draw.
  ///   - width: The window's columns.
  ///   - height: The window's lines.
  /// - Returns: The lines.
  public func screen(_ controller: Controller, width: Int, height: Int) -> [String] {
    guard width >= Self.minimumWidth, height >= Self.minimumHeight else {
      let message = [
        "PrimeTime needs a window of at least \(Self.minimumWidth)×\(Self.minimumHeight);",
        "this one is \(width)×\(height). Make it larger, or press q to quit.",
      ]
      return (0..<max(0, height)).map { index in
        fit(index < message.count ? message[index] : "", to: max(0, width))
      }
    }
    let top = header(controller, width: width)
    let bottom = footer(controller, width: width)
    let body = height - top.count - bottom.count
    let panes = controller.isShowingHelp ? [help(controller)] : nil
    let columns =
      panes
      ?? controller.panes.map { pane in
        let screen = paneLines(pane, controller)
        let logHeight = max(2, body - 1 - screen.count)
        return screen + ["── log"] + pane.log.suffix(logHeight - 1)
      }
    return top + sideBySide(columns, width: width, height: body) + bottom
  }

  /// The frame a script prints after each step: as long as it needs, each app's log showing
  /// only what this step added.
  ///
  /// - Parameters:
  ///   - controller: What to draw.
  ///   - width: The columns.
  ///   - newLog: Each pane's log lines added by this step.
  /// - Returns: The lines, right-trimmed.
  public func text(_ controller: Controller, width: Int, newLog: [[String]]) -> [String] {
    let columns = zip(controller.panes, newLog).map { pane, log in
      paneLines(pane, controller) + ["── log"] + (log.isEmpty ? ["(nothing)"] : log)
    }
    let height = columns.map(\.count).max() ?? 0
    let lines =
      header(controller, width: width) + sideBySide(columns, width: width, height: height)
      + footer(controller, width: width)
    return lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
  }

  private func header(_ controller: Controller, width: Int) -> [String] {
    let tabs = Tab.allCases.map { tab in
      tab == controller.tab ? "[\(tab.rawValue) \(tab.title)]" : "\(tab.rawValue) \(tab.title)"
    }
    return [fit("PrimeTime  " + tabs.joined(separator: "  "), to: width)]
  }

  private func footer(_ controller: Controller, width: Int) -> [String] {
    let keys = Controller.keys(on: controller.tab).map { "\($0.key) \($0.label)" }
    return [
      fit(status(controller), to: width),
      fit(controller.hint ?? (keys + ["? help", "q quit"]).joined(separator: " · "), to: width),
    ]
  }

  /// Whether the apps show the same thing on every screen, or the first difference.
  func status(_ controller: Controller) -> String {
    guard controller.panes.count == 2 else { return "one app shown" }
    let (left, right) = (controller.panes[0], controller.panes[1])
    for tab in Tab.allCases {
      let a = left.lines(on: tab, selectedRow: controller.selectedRow, formatTime: formatTime)
      let b = right.lines(on: tab, selectedRow: controller.selectedRow, formatTime: formatTime)
      guard a != b else { continue }
      let index = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
      let shown = { (lines: [String]) in lines.indices.contains(index) ? "“\(lines[index])”" : "—" }
      return
        "✗ \(tab.title) differs at line \(index + 1): \(left.name) \(shown(a)), "
        + "\(right.name) \(shown(b))"
    }
    return "✓ both apps show the same on every screen"
  }

  private func paneLines(_ pane: any AppPane, _ controller: Controller) -> [String] {
    ["── \(pane.name)"]
      + pane.lines(on: controller.tab, selectedRow: controller.selectedRow, formatTime: formatTime)
  }

  private func help(_ controller: Controller) -> [String] {
    ["── keys on \(controller.tab.title)"]
      + Controller.keys(on: controller.tab).map {
        "  \(fit($0.key.description, to: 10))\($0.label)"
      }
      + ["", "── everywhere"]
      + Controller.globalKeys.map { "  \(fit($0.key, to: 10))\($0.label)" }
      + ["", "esc or ? closes this list"]
  }

  private func sideBySide(_ columns: [[String]], width: Int, height: Int) -> [String] {
    let separator = " │ "
    let count = max(1, columns.count)
    let columnWidth = (width - (count - 1) * separator.count) / count
    return (0..<height).map { row in
      let cells = columns.map { column in
        fit(column.indices.contains(row) ? column[row] : "", to: columnWidth)
      }
      return fit(cells.joined(separator: separator), to: width)
    }
  }
}
