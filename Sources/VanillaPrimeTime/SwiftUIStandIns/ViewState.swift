import Observation

/// A stand-in for SwiftUI's `@State`: a screen's own small piece of state, such as whether a
/// modal is shown.
///
/// Like `@State`, the value lives outside the screen struct, so a non-mutating method can
/// change it; unlike SwiftUI there is no view identity here, so a test keeps the same screen
/// value to see the change.
///
/// ```swift
/// struct CounterView {
///   @ViewState var isPrimeModalShown = false
///   func isPrimeButtonAction() { isPrimeModalShown = true }
/// }
/// ```
@MainActor
@propertyWrapper
public struct ViewState<Value> {
  @Observable
  final class Box {
    var value: Value
    init(_ value: Value) { self.value = value }
  }

  private let box: Box

  /// Creates the state with its initial value.
  public init(wrappedValue: Value) {
    box = Box(wrappedValue)
  }

  /// The value.
  public var wrappedValue: Value {
    get { box.value }
    nonmutating set { box.value = newValue }
  }

  /// A binding to the value (`$isPrimeModalShown`).
  public var projectedValue: Binding<Value> {
    let box = box
    return Binding(get: { box.value }, set: { box.value = $0 })
  }
}
