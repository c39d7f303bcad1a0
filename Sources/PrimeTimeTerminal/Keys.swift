/// A key the user pressed.
public enum Key: Hashable, Sendable, CustomStringConvertible {
  /// A printable character, such as `+` or `p`.
  case character(Character)
  /// Return.
  case enter
  /// Escape.
  case escape
  /// Backspace (or delete).
  case backspace
  /// Tab.
  case tab
  /// The arrow up.
  case up
  /// The arrow down.
  case down
  /// Ctrl-C.
  case interrupt

  /// The names a script may use for the keys that are not one printable character.
  public static let names: [String: Key] = [
    "enter": .enter, "return": .enter, "esc": .escape, "escape": .escape,
    "backspace": .backspace, "tab": .tab, "up": .up, "down": .down, "space": .character(" "),
  ]

  /// The key as help and scripts spell it: the character itself, or its name.
  public var description: String {
    switch self {
    case .character(" "): "space"
    case .character(let character): String(character)
    case .enter: "enter"
    case .escape: "esc"
    case .backspace: "backspace"
    case .tab: "tab"
    case .up: "up"
    case .down: "down"
    case .interrupt: "ctrl-c"
    }
  }

  /// Decodes the bytes a terminal in raw mode sends for one read.
  ///
  /// Arrow keys arrive as escape sequences (`ESC [ A`); an escape alone is the Escape key.
  /// Sequences this program has no use for (function keys, the other arrows) are dropped.
  ///
  /// - Parameter bytes: What one read returned.
  /// - Returns: The keys, in order.
  public static func decode(_ bytes: [UInt8]) -> [Key] {
    var keys: [Key] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case 0x1B:
        guard index < bytes.count, bytes[index] == 0x5B || bytes[index] == 0x4F else {
          keys.append(.escape)
          continue
        }
        // A control sequence: parameters, then one final byte in 0x40...0x7E.
        var end = index + 1
        while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else { return keys }
        switch bytes[end] {
        case 0x41: keys.append(.up)
        case 0x42: keys.append(.down)
        default: break
        }
        index = end + 1
      case 0x0D, 0x0A: keys.append(.enter)
      case 0x7F, 0x08: keys.append(.backspace)
      case 0x09: keys.append(.tab)
      case 0x03: keys.append(.interrupt)
      case 0x00..<0x20: break
      default:
        // UTF-8: the lead byte says how many bytes the character takes.
        let length =
          byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        let end = min(bytes.count, index - 1 + length)
        if let text = String(validating: bytes[(index - 1)..<end], as: UTF8.self),
          let character = text.first
        {
          keys.append(.character(character))
        }
        index = end
      }
    }
    return keys
  }
}
