/// How many terminal columns `text` takes: most characters take one, an emoji shown as a
/// picture (such as 🎉) takes two.
///
/// - Parameter text: One line of text.
/// - Returns: Its width in columns.
public func displayWidth(_ text: some StringProtocol) -> Int {
  text.reduce(0) { $0 + columns(of: $1) }
}

/// Cuts `text` to at most `width` columns (ending in "…" when cut) and pads it with spaces to
/// exactly `width`.
///
/// - Parameters:
///   - text: One line of text.
///   - width: The columns to fill.
/// - Returns: The line, exactly `width` columns wide.
public func fit(_ text: some StringProtocol, to width: Int) -> String {
  guard width > 0 else { return "" }
  var result = ""
  var used = 0
  let total = displayWidth(text)
  let limit = total > width ? width - 1 : width
  for character in text {
    let next = columns(of: character)
    if used + next > limit { break }
    result.append(character)
    used += next
  }
  if total > width {
    result.append("…")
    used += 1
  }
  return result + String(repeating: " ", count: max(0, width - used))
}

private func columns(of character: Character) -> Int {
  let scalars = character.unicodeScalars
  guard let first = scalars.first else { return 0 }
  if first.value < 0x20 { return 0 }
  if first.properties.isEmojiPresentation
    || scalars.contains(where: { $0.value == 0xFE0F })
  {
    return 2
  }
  return 1
}
