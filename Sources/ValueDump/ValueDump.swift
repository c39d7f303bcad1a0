import Foundation

/// A value that prints itself in dumps and diffs (stack state, for example).
///
/// Conform a type whose stored properties would make a confusing dump; return the value to
/// print instead (often an array or dictionary of the interesting parts).
public protocol _CustomDumpRepresentable {
  /// The value to dump in place of `self`.
  var _dumpValue: Any { get }
}

/// Ordered `key: value` pairs, dumped like a dictionary literal but in the given order.
public struct _DumpOrderedPairs {
  let pairs: [(String, Any)]

  /// Creates the pairs.
  public init(pairs: [(String, Any)]) {
    self.pairs = pairs
  }
}

/// Renders a value the way Swift source would write it.
///
/// Structs print as `Type(field: value)`, enums as `Type.case(payload)`, arrays and
/// dictionaries one element per line, with two-space indentation. Dictionaries and sets are
/// sorted so that the output is stable. An `@Observable` class shows its tracked properties
/// only: not its observation registrar, nor its `@ObservationIgnored` properties.
///
/// ```
/// AppFeature.State(
///   count: 2,
///   favoritePrimes: [
///     [0]: 2,
///     [1]: 3,
///   ],
///   alertNthPrime: nil,
/// )
/// ```
package func _dump(_ value: Any) -> String {
  var dumper = _Dumper()
  return dumper.render(value, indent: "", context: .top)
}

/// `value` dumped as ``_dump(_:)`` does, with every line after the first indented by `spaces`,
/// to sit under a heading inside a failure message.
package func _dump(_ value: Any, indentingLinesAfterTheFirstBy spaces: Int) -> String {
  _indentLinesAfterTheFirst(_dump(value), by: spaces)
}

/// `text` with every line after the first indented by `spaces`.
package func _indentLinesAfterTheFirst(_ text: String, by spaces: Int) -> String {
  text.replacingOccurrences(of: "\n", with: "\n" + String(repeating: " ", count: spaces))
}

private struct _Dumper {
  enum Context {
    case top
    case enumPayload
  }

  var visited: Set<ObjectIdentifier> = []

  mutating func render(_ value: Any, indent: String, context: Context) -> String {
    if let custom = value as? any _CustomDumpRepresentable {
      return render(custom._dumpValue, indent: indent, context: context)
    }
    if let ordered = value as? _DumpOrderedPairs {
      let items = ordered.pairs.map {
        "\($0.0): " + render($0.1, indent: indent + "  ", context: .top)
      }
      return Self.block(open: "[", items, close: "]", indent: indent, empty: "[:]")
    }
    let mirror = Mirror(reflecting: value)
    // Before scalars: a dynamic cast such as `is Int` sees through `Optional`.
    if mirror.displayStyle == .optional {
      guard let wrapped = mirror.children.first?.value else { return "nil" }
      return render(wrapped, indent: indent, context: context)
    }
    if let scalar = Self.scalar(value) { return scalar }

    let inner = indent + "  "
    switch mirror.displayStyle {

    case .collection:
      let items = mirror.children.enumerated().map { index, child in
        "[\(index)]: " + render(child.value, indent: inner, context: .top)
      }
      return Self.block(open: "[", items, close: "]", indent: indent, empty: "[]")

    case .set:
      let items = mirror.children.map { render($0.value, indent: inner, context: .top) }.sorted()
      return Self.block(open: "Set([", items, close: "])", indent: indent, empty: "Set([])")

    case .dictionary:
      var pairs: [(key: String, value: String)] = []
      for child in mirror.children {
        let pair = Mirror(reflecting: child.value).children.map(\.value)
        guard pair.count == 2 else { continue }
        pairs.append(
          (
            render(pair[0], indent: inner, context: .top),
            render(pair[1], indent: inner, context: .top)
          )
        )
      }
      let items = pairs.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
      return Self.block(open: "[", items, close: "]", indent: indent, empty: "[:]")

    case .enum:
      let prefix = context == .enumPayload ? "" : Self.typeName(type(of: value))
      guard let payload = mirror.children.first else {
        return "\(prefix).\(Self.caseName(of: value))"
      }
      let caseName = payload.label ?? Self.caseName(of: value)
      let payloadMirror = Mirror(reflecting: payload.value)
      if payloadMirror.displayStyle == .tuple {
        let items = payloadMirror.children.map { child in
          Self.labeled(child.label, render(child.value, indent: inner, context: .enumPayload))
        }
        return Self.block(
          open: "\(prefix).\(caseName)(",
          items,
          close: ")",
          indent: indent,
          empty: "\(prefix).\(caseName)()"
        )
      }
      let rendered = render(payload.value, indent: indent, context: .enumPayload)
      return "\(prefix).\(caseName)(\(rendered))"

    case .tuple:
      let items = mirror.children.map { child in
        Self.labeled(child.label, render(child.value, indent: inner, context: .top))
      }
      return Self.block(open: "(", items, close: ")", indent: indent, empty: "()")

    case .class:
      let object = value as AnyObject
      let id = ObjectIdentifier(object)
      let name = Self.typeName(type(of: value))
      if visited.contains(id) { return "\(name)(↩︎)" }
      visited.insert(id)
      defer { visited.remove(id) }
      return renderFields(name: name, mirror: mirror, indent: indent)

    case .struct:
      return renderFields(name: Self.typeName(type(of: value)), mirror: mirror, indent: indent)

    default:
      return String(describing: value)
    }
  }

  private mutating func renderFields(name: String, mirror: Mirror, indent: String) -> String {
    var mirrors: [Mirror] = []
    var current: Mirror? = mirror
    while let next = current {
      mirrors.insert(next, at: 0)
      current = next.superclassMirror
    }
    let inner = indent + "  "
    var items: [String] = []
    for mirror in mirrors {
      let observable = mirror.children.contains { $0.label == "_$observationRegistrar" }
      for child in mirror.children {
        // An `@Observable` class stores each tracked property as `_name`; its registrar and
        // its `@ObservationIgnored` properties (tasks, clients, callbacks) are plumbing, not
        // state, and are left out.
        if observable {
          guard let label = child.label, label.hasPrefix("_"), !label.hasPrefix("_$") else {
            continue
          }
        }
        // Property wrappers store `_name`; show the property's own name.
        let label = child.label.map { $0.hasPrefix("_") ? String($0.dropFirst()) : $0 }
        items.append(Self.labeled(label, render(child.value, indent: inner, context: .top)))
      }
    }
    return Self.block(open: "\(name)(", items, close: ")", indent: indent, empty: "\(name)()")
  }

  private static func block(
    open: String,
    _ items: [String],
    close: String,
    indent: String,
    empty: String
  ) -> String {
    guard !items.isEmpty else { return empty }
    let inner = indent + "  "
    // Every item ends with a comma (valid Swift), so appending one changes one line in a diff.
    let body = items.map { inner + $0 + "," }.joined(separator: "\n")
    return "\(open)\n\(body)\n\(indent)\(close)"
  }

  private static func labeled(_ label: String?, _ text: String) -> String {
    guard let label, !label.hasPrefix(".") else { return text }
    return "\(label): \(text)"
  }

  private static func caseName(of value: Any) -> String {
    let description = String(describing: value)
    return String(description.prefix { $0 != "(" })
  }

  private static func scalar(_ value: Any) -> String? {
    switch value {
    case let string as String: return quoted(string)
    case let character as Character: return quoted(String(character))
    case let substring as Substring: return quoted(String(substring))
    case is Bool, is Int, is Int8, is Int16, is Int32, is Int64, is UInt, is UInt8, is UInt16,
      is UInt32, is UInt64, is Double, is Float:
      return String(describing: value)
    case let date as Date:
      let formatter = ISO8601DateFormatter()
      formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
      return "Date(\(formatter.string(from: date)))"
    case let uuid as UUID: return "UUID(\(uuid.uuidString))"
    case let url as URL: return "URL(\(url.absoluteString))"
    case let data as Data: return "Data(\(data.count) bytes)"
    case let indexSet as IndexSet:
      return "IndexSet([\(indexSet.map(String.init).joined(separator: ", "))])"
    case let duration as Duration: return "Duration(\(duration))"
    case let type as Any.Type: return typeName(type)
    default: return nil
    }
  }

  private static func quoted(_ string: String) -> String {
    var result = "\""
    for character in string {
      switch character {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default: result.append(character)
      }
    }
    return result + "\""
  }

  /// The type's name without its module: `Counter.State`, `Optional<Counter.State>`.
  static func typeName(_ type: Any.Type) -> String {
    var name = _typeName(type, qualified: true)
    // Local types: "Module.(unknown context at $1234).Foo" → "Foo".
    while let range = name.range(
      of: #"\(unknown context at \$[0-9a-f]+\)\."#,
      options: .regularExpression
    ) {
      name.removeSubrange(range)
    }
    // Drop the first component of every dotted path: qualified names start with the module.
    var result = ""
    var token = ""
    func flush() {
      let parts = token.split(separator: ".", omittingEmptySubsequences: false)
      result += parts.count > 1 ? parts.dropFirst().joined(separator: ".") : token
      token = ""
    }
    for character in name {
      if character.isLetter || character.isNumber || character == "_" || character == "." {
        token.append(character)
      } else {
        flush()
        result.append(character)
      }
    }
    flush()
    return result
  }
}
