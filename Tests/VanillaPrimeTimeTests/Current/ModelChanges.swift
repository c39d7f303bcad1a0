import ExpectedFailures
import Foundation
import Testing

/// Every property Observation tracks in `model` and the models it holds, by dotted path,
/// rendered as text: what a screen can observe, and nothing else.
///
/// The `@Observable` macro stores a tracked property `count` as `_count`; a constant or an
/// `@ObservationIgnored` property keeps its name and is left out (a kept task, a client), but
/// models held that way are followed. Breadth first, so an object reachable by two paths (the
/// shared favourites) is always listed under the shorter one.
func observedProperties(of model: AnyObject) -> [String: String] {
  func object(in value: Any) -> AnyObject? {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .class { return value as AnyObject }
    guard mirror.displayStyle == .optional, let wrapped = mirror.children.first?.value else {
      return nil
    }
    return object(in: wrapped)
  }
  var properties: [String: String] = [:]
  var seen: Set<ObjectIdentifier> = []
  var queue: [(path: String, model: AnyObject)] = [("", model)]
  while !queue.isEmpty {
    let (path, model) = queue.removeFirst()
    guard seen.insert(ObjectIdentifier(model)).inserted else { continue }
    for case (let label?, let value) in Mirror(reflecting: model).children {
      let isTracked = label.hasPrefix("_") && label != "_$observationRegistrar"
      let name = isTracked ? String(label.dropFirst()) : label
      let childPath = path.isEmpty ? name : "\(path).\(name)"
      if let child = object(in: value) {
        if isTracked { properties[childPath] = "presented" }
        queue.append((childPath, child))
      } else if isTracked {
        properties[childPath] = String(reflecting: value)
      }
    }
  }
  return properties
}

/// Runs `change`, then fails unless exactly the properties named in `expected` changed,
/// anywhere in the model.
///
/// The values are checked by the test's own `#expect`s; this says that nothing else moved.
///
/// ```swift
/// await expectChanges(["counter.count"], in: app) { app.counter.incrementButtonTapped() }
/// #expect(app.counter.count == 3)
/// ```
@MainActor
func expectChanges(
  _ expected: Set<String>,
  in model: AnyObject,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  during change: () async -> Void
) async {
  let before = observedProperties(of: model)
  await change()
  let after = observedProperties(of: model)
  let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
  var problems: [String] = []
  for path in changed.subtracting(expected).sorted() {
    problems.append("  \(path) changed: \(before[path] ?? "absent") → \(after[path] ?? "absent")")
  }
  for path in expected.subtracting(changed).sorted() {
    problems.append("  \(path) was expected to change, but did not")
  }
  guard !problems.isEmpty else { return }
  recordFailure(
    "The model changed other than expected:\n" + problems.joined(separator: "\n"),
    fileID: fileID,
    filePath: filePath,
    line: line,
    column: column
  )
}
