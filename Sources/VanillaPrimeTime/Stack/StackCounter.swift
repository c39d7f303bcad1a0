import Foundation
import Observation
import PrimeTimeCore

/// A counter on the navigation stack, as an observable model.
///
/// The timer and "load and go" are `Task`s on an injected clock. The model does not know it is
/// on a stack: to leave it calls `onDismiss` (a tick that reaches 100), to ask for a new counter
/// it calls `onGoToCounter`; the parent sets both when it pushes the model (a parent that forgets
/// one is reported when the counter calls it). Its tasks run until
/// ``cancelTasks()`` — the parent calls it on pop — or, for the timer, until the tick after the
/// model is released.
///
/// ```swift
/// let counter = CounterModel(count: 0, clock: ContinuousClock())
/// counter.toggleTimerButtonTapped()  // ticks every second
/// ```
@MainActor
@Observable
public final class CounterModel {
  /// The count.
  public var count: Int
  /// Whether the timer is running.
  public var isTimerOn = false
  /// Whether "load and go" is waiting.
  public var isLoading = false

  /// Called when the counter wants to leave its screen (set by the parent; until then, calling
  /// it reports that the parent forgot, see `UnwiredCallback`).
  @ObservationIgnored public var onDismiss: @MainActor () -> Void = unwired(
    "CounterModel.onDismiss"
  )
  /// Called when the counter asks for a new counter with this count (set by the parent; until
  /// then, calling it reports that the parent forgot).
  @ObservationIgnored public var onGoToCounter: @MainActor (Int) -> Void = unwired(
    "CounterModel.onGoToCounter"
  )

  @ObservationIgnored private let clock: any Clock<Duration>
  @ObservationIgnored private var timerTask: Task<Void, Never>?
  @ObservationIgnored private var loadTask: Task<Void, Never>?

  /// Creates a counter.
  ///
  /// - Parameters:
  ///   - count: The starting count.
  ///   - clock: The clock the timer and the loading delay sleep on.
  public init(count: Int = 0, clock: any Clock<Duration>) {
    self.count = count
    self.clock = clock
  }

  /// `+` tapped.
  public func incrementButtonTapped() {
    count += 1
  }

  /// `−` tapped.
  public func decrementButtonTapped() {
    count -= 1
  }

  /// The timer toggle tapped: ticks every second while on.
  public func toggleTimerButtonTapped() {
    isTimerOn.toggle()
    timerTask?.cancel()
    timerTask = nil
    guard isTimerOn else { return }
    let clock = clock
    timerTask = Task { [weak self] in
      await everySecond(on: clock) {
        // A model released without `cancelTasks()` ends its timer at the next tick instead
        // of waking every second forever for nobody.
        guard let self else { return false }
        self.timerTick()
        return true
      }
    }
  }

  /// One second passed on the timer; at 100 the counter dismisses itself.
  public func timerTick() {
    count += 1
    if count >= 100 {
      cancelTasks()
      onDismiss()
    }
  }

  /// "Load and go to counter" tapped: waits 2 s, then asks the parent for a new counter.
  public func loadAndGoToCounterButtonTapped() {
    isLoading = true
    loadTask?.cancel()
    loadTask = Task { [clock, weak self] in
      do {
        try await clock.sleep(for: .seconds(2))
      } catch {
        return
      }
      self?.loadResponse()
    }
  }

  /// The 2 s wait finished.
  public func loadResponse() {
    isLoading = false
    onGoToCounter(count)
  }

  /// Stops the timer and the loading delay (the parent calls this when the screen goes away).
  public func cancelTasks() {
    timerTask?.cancel()
    loadTask?.cancel()
    timerTask = nil
    loadTask = nil
    isTimerOn = false
  }
}

/// Calls `tick` every second on `clock`, until the task is cancelled or `tick` returns `false`.
///
/// On the grid, as the composable app's `clock.timer(interval:)` ticks (this module imports no
/// clock library): each deadline is a second after the previous deadline, not a second after
/// the previous tick was handled, so the time spent handling ticks does not add up; a deadline
/// that passed while a tick was handled is skipped, not made up late.
@MainActor
func everySecond<C: Clock<Duration>>(on clock: C, _ tick: () -> Bool) async {
  var deadline = clock.now
  while true {
    deadline = deadline.advanced(by: .seconds(1))
    let now = clock.now
    while deadline < now { deadline = deadline.advanced(by: .seconds(1)) }
    do {
      try await clock.sleep(until: deadline, tolerance: nil)
    } catch {
      return
    }
    guard tick() else { return }
  }
}
