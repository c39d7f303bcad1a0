/// A stand-in for a hosting controller (`UIHostingController`, `NSHostingView`): installs a
/// screen in a view hierarchy, after which its ``ViewState`` keeps what it is given.
///
/// A running app hosts its screens; a unit test does not, and then the screen's view state
/// cannot be driven (see ``ViewState``). A test that hosts the app and then goes only through
/// what is on screen (the screens' `screen`: titles to tap, labels to read) is a UI-level
/// test, the stand-in for an XCUITest: the drivers that play the same user intents on both apps
/// work that way.
///
/// ```swift
/// let counter = ViewHost(rootView: CounterView(state: state)).rootView
/// counter.isPrimeButtonAction()
/// counter.screen.sheet  // now presented
/// ```
@MainActor
public struct ViewHost<Content> {
  /// The installed screen.
  public let rootView: Content

  /// Installs `rootView`: every `@ViewState` property it declares starts keeping its writes.
  ///
  /// - Parameter rootView: The screen to install.
  public init(rootView: Content) {
    for child in Mirror(reflecting: rootView).children {
      (child.value as? any _InstallableViewState)?._install()
    }
    self.rootView = rootView
  }
}
