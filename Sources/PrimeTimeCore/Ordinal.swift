/// Returns the English ordinal of `number`: "1st", "2nd", "3rd", "4th", "11th", "21st", "111th".
///
/// The suffix follows the last two digits: 11, 12 and 13 take "th"; otherwise a last digit of
/// 1, 2 or 3 takes "st", "nd" or "rd". Negative numbers keep their sign ("-1st").
///
/// ```swift
/// "The \(ordinal(7)) prime is 17"  // "The 7th prime is 17"
/// ```
///
/// - Parameter number: Any integer.
/// - Returns: The number followed by its ordinal suffix.
public func ordinal(_ number: Int) -> String {
  // `magnitude` is safe for Int.min, where `abs` would trap.
  let magnitude = number.magnitude
  let suffix: String
  switch (magnitude % 10, magnitude % 100) {
  case (_, 11...13): suffix = "th"
  case (1, _): suffix = "st"
  case (2, _): suffix = "nd"
  case (3, _): suffix = "rd"
  default: suffix = "th"
  }
  return "\(number)\(suffix)"
}
