import Foundation

extension Reducer {
  /// Prints each action and how it changed the state, for debugging.
  ///
  /// ```swift
  /// Store(initialState: AppFeature.State()) {
  ///   AppFeature()._printChanges()
  /// }
  /// // received action:
  /// //   AppFeature.Action.counter(.incrementButtonTapped)
  /// //     AppFeature.State(
  /// //   −   count: 0,
  /// //   +   count: 1,
  /// //     )
  /// ```
  ///
  /// - Parameter output: Where to write each report; standard output by default.
  /// - Returns: A reducer that runs this one and reports what it did.
  public consuming func _printChanges(
    to output: @escaping @Sendable (String) -> Void = { print($0) }
  ) -> _PrintChangesReducer<Self> {
    _PrintChangesReducer(base: self, output: output)
  }
}

/// The reducer returned by ``Reducer/_printChanges(to:)``.
public struct _PrintChangesReducer<Base: Reducer>: Reducer {
  let base: Base
  let output: @Sendable (String) -> Void

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    // A closure, not `base.reduce(into:action:)`: a method reference is an escaping closure,
    // and passing one allocates its context on every direct call.
    report(&state, action, base: { base.reduce(into: &$0, action: $1) })
  }

  public func _reduceFunction() -> _ReduceFunction<Base.State, Base.Action> {
    let base = base._reduceFunction()
    return { state, action in report(&state, action, base: base) }
  }

  private func report(
    _ state: inout Base.State,
    _ action: Base.Action,
    base: _ReduceFunction<Base.State, Base.Action>
  ) -> Effect<Base.Action> {
    let before = _dump(state)
    let effect = base(&state, action)
    let after = _dump(state)
    let indentedAction = _dump(action, indentingLinesAfterTheFirstBy: 2)
    var report = "received action:\n  \(indentedAction)\n"
    if let diff = _diff(expected: before, actual: after) {
      report += diff.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
    } else {
      report += "  (No state changes)"
    }
    output(report)
    return effect
  }
}
