import Observation

/// A stand-in for SwiftUI's `@State`: a screen's own small piece of state, such as whether a
/// modal is shown.
///
/// It behaves as `@State` does. In a running app the screen is installed in a view hierarchy
/// (here: wrapped in a ``ViewHost``), and writes stick. A screen value that was never installed —
/// the one a unit test creates — keeps its initial value: writes are dropped, without an error.
/// A test that sets `isPrimeModalShown` and reads it back sees `false`, then `false` again.
/// Whatever a test must observe therefore belongs in the app's model, not here.
///
/// ```swift
/// struct CounterView {
///   @ViewState var isPrimeModalShown = false
///   func isPrimeButtonAction() { isPrimeModalShown = true }
/// }
///
/// let view = CounterView(state: AppState())
/// view.isPrimeButtonAction()
/// view.isPrimeModalShown                          // false: not installed
///
/// let hosted = ViewHost(rootView: CounterView(state: AppState())).rootView
/// hosted.isPrimeButtonAction()
/// hosted.isPrimeModalShown                        // true
/// ```
@MainActor
@propertyWrapper
public struct ViewState<Value> {
  @Observable
  final class Box {
    var value: Value
    @ObservationIgnored var isInstalled = false
    init(_ value: Value) { self.value = value }

    func write(_ newValue: Value) {
      guard isInstalled else { return }
      value = newValue
    }
  }

  private let box: Box

  /// Creates the state with its initial value.
  ///
  /// - Parameter wrappedValue: The value until the installed screen changes it.
  public init(wrappedValue: Value) {
    box = Box(wrappedValue)
  }

  /// The value; writes stick only once the screen is installed in a ``ViewHost``.
  public var wrappedValue: Value {
    get { box.value }
    nonmutating set { box.write(newValue) }
  }

  /// A binding to the value (`$isPrimeModalShown`), with the same rule for writes.
  public var projectedValue: Binding<Value> {
    let box = box
    return Binding(get: { box.value }, set: { box.write($0) })
  }
}

extension ViewState: _InstallableViewState {
  func _install() { box.isInstalled = true }
}

/// Storage a ``ViewHost`` switches on when it installs a screen.
@MainActor
protocol _InstallableViewState {
  func _install()
}
