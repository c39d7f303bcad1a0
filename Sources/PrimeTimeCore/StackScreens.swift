import Foundation

// MARK: - The navigation stack's screens' layouts

/// The layout of each screen of the navigation stack, shared by both apps: each app's stack view
/// passes its own values and wires its own methods (or actions) to the buttons.
extension Screen {
  /// One screen on the stack, as the stack's root lists it.
  public enum StackEntry: Equatable, Sendable {
    /// A counter, with whether its timer runs and whether "load and go" is waiting.
    case counter(count: Int, isTimerOn: Bool, isLoading: Bool)
    /// A number fact screen, with the fact once fetched.
    case numberFact(number: Int, fact: String?)
    /// A prime number screen.
    case primeNumber(number: Int)

    /// The entry as one line of the root's list, such as "Counter 3 (timer on)".
    public var label: String {
      switch self {
      case .counter(let count, let isTimerOn, let isLoading):
        "Counter \(count)" + (isTimerOn ? " (timer on)" : "") + (isLoading ? " (loading)" : "")
      case .numberFact(let number, _): "Number fact \(number)"
      case .primeNumber(let number): "Prime number \(number)"
      }
    }
  }

  /// The stack's root: the sum of the counters' counts, the screens on the stack (bottom first)
  /// and a button to push each kind of screen.
  ///
  /// - Parameters:
  ///   - entries: The screens on the stack, bottom first.
  ///   - sum: The sum of the counters' counts.
  ///   - pushCounter: What "Counter" does.
  ///   - pushNumberFact: What "Number fact" does.
  ///   - pushPrimeNumber: What "Prime number" does.
  /// - Returns: The screen.
  public static func stackRoot(
    entries: [StackEntry],
    sum: Int,
    pushCounter: @escaping @MainActor () -> Void,
    pushNumberFact: @escaping @MainActor () -> Void,
    pushPrimeNumber: @escaping @MainActor () -> Void
  ) -> Screen {
    Screen(
      title: "Navigation stack",
      items: [.text("Sum: \(sum)")] + entries.map { .row($0.label) } + [
        .button("Counter", isEnabled: true, action: pushCounter),
        .button("Number fact", isEnabled: true, action: pushNumberFact),
        .button("Prime number", isEnabled: true, action: pushPrimeNumber),
      ]
    )
  }

  /// A counter on the stack: − count +, the timer toggle, "Load and go to counter" (disabled
  /// while it waits) and links to the count's number fact and prime number screens.
  ///
  /// - Parameters:
  ///   - count: The count.
  ///   - isTimerOn: Whether the timer runs ("Stop timer" then, else "Start timer").
  ///   - isLoading: Whether "load and go" is waiting.
  ///   - decrement: What − does.
  ///   - increment: What + does.
  ///   - toggleTimer: What the timer button does.
  ///   - loadAndGo: What "Load and go to counter" does.
  ///   - showNumberFact: What "Number fact" does.
  ///   - showPrimeNumber: What "Prime number" does.
  /// - Returns: The screen.
  public static func stackCounter(
    count: Int,
    isTimerOn: Bool,
    isLoading: Bool,
    decrement: @escaping @MainActor () -> Void,
    increment: @escaping @MainActor () -> Void,
    toggleTimer: @escaping @MainActor () -> Void,
    loadAndGo: @escaping @MainActor () -> Void,
    showNumberFact: @escaping @MainActor () -> Void,
    showPrimeNumber: @escaping @MainActor () -> Void
  ) -> Screen {
    Screen(
      title: "Counter",
      items: [
        .button("-", isEnabled: true, action: decrement),
        .text("\(count)"),
        .button("+", isEnabled: true, action: increment),
        .button(isTimerOn ? "Stop timer" : "Start timer", isEnabled: true, action: toggleTimer),
        .button(
          isLoading ? "Loading…" : "Load and go to counter",
          isEnabled: !isLoading,
          action: loadAndGo
        ),
        .button("Number fact", isEnabled: true, action: showNumberFact),
        .button("Prime number", isEnabled: true, action: showPrimeNumber),
      ]
    )
  }

  /// A number fact screen: a stepper bound to the number, the fact once fetched, and "Get fact".
  ///
  /// - Parameters:
  ///   - number: The number.
  ///   - fact: The fact, once fetched.
  ///   - setNumber: The number's binding's setter, which the stepper calls.
  ///   - getFact: What "Get fact" does.
  /// - Returns: The screen.
  public static func numberFact(
    number: Int,
    fact: String?,
    setNumber: @escaping @MainActor (Int) -> Void,
    getFact: @escaping @MainActor () -> Void
  ) -> Screen {
    Screen(
      title: "Number fact",
      items: [.stepper("Number", value: number, set: setNumber)] + (fact.map { [.text($0)] } ?? [])
        + [
          .button("Get fact", isEnabled: true, action: getFact)
        ]
    )
  }

  /// A prime number screen: whether the number is prime and, if so, which prime it is.
  ///
  /// - Parameters:
  ///   - number: The number.
  ///   - primeIndex: Its position among the primes (1 for 2), or `nil` when it is not prime.
  /// - Returns: The screen.
  public static func primeNumber(number: Int, primeIndex: Int?) -> Screen {
    Screen(
      title: "Prime number",
      items: [
        .text(
          primeIndex.map { "\(number) is the \(ordinal($0)) prime" } ?? "\(number) is not prime"
        )
      ]
    )
  }
}
