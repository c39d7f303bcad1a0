extension Clock {
  /// Ticks every `interval`, as an asynchronous sequence of the instants the ticks were due.
  ///
  /// ```swift
  /// return .run { send in
  ///   for await _ in clock.timer(interval: .seconds(1)) {
  ///     await send(.timerTick)
  ///   }
  /// }
  /// ```
  ///
  /// The ticks are due at `start + interval`, `start + 2 × interval`, …, where `start` is when
  /// the first tick was asked for. Unlike a loop that sleeps `interval` after each tick, the time
  /// spent between ticks (sending an action, a reducer, anything the loop awaits) does not push
  /// the later ticks back: a sleep loop drifts, a timer does not. A tick that could not be
  /// delivered while the loop was busy past the next one is skipped, never bunched up.
  ///
  /// The sequence ends when the task iterating it is cancelled.
  ///
  /// - Parameter interval: The time between ticks (more than zero).
  /// - Returns: The ticks.
  public func timer(interval: Duration) -> AsyncTimerSequence<Self> {
    AsyncTimerSequence(clock: self, interval: interval)
  }
}

/// The ticks of `Clock.timer(interval:)`: the instants they were due, every `interval`.
public struct AsyncTimerSequence<C: Clock>: AsyncSequence {
  /// The instant a tick was due.
  public typealias Element = C.Instant

  let clock: C
  let interval: C.Duration

  /// Iterates the ticks.
  public struct AsyncIterator: AsyncIteratorProtocol {
    let clock: C
    let interval: C.Duration
    var due: C.Instant?

    /// Waits for the next tick; `nil` once the task is cancelled.
    public mutating func next() async -> C.Instant? {
      guard interval > .zero else { return nil }
      var deadline = (due ?? clock.now).advanced(by: interval)
      // Busy past one or more ticks: skip them, keeping to the grid.
      while deadline < clock.now { deadline = deadline.advanced(by: interval) }
      do {
        try await clock.sleep(until: deadline, tolerance: nil)
      } catch {
        return nil
      }
      guard !Task.isCancelled else { return nil }
      due = deadline
      return deadline
    }
  }

  /// An iterator whose first tick is due `interval` after its first `next()`.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(clock: clock, interval: interval, due: nil)
  }
}

extension AsyncTimerSequence: Sendable where C: Sendable {}

extension Clock<Swift.Duration> {
  /// ``timer(interval:)`` for a clock held as `any Clock<Duration>`, as a dependency such as
  /// `@Dependency(\.continuousClock)` is: the same ticks, each the instant it was due.
  ///
  /// ```swift
  /// @Dependency(\.continuousClock) var clock
  /// …
  /// for await _ in clock.timer(interval: .seconds(1)) { await send(.timerTick) }
  /// ```
  ///
  /// A concrete clock gets ``AsyncTimerSequence`` instead (this overload is the fallback).
  ///
  /// - Parameter interval: The time between ticks (more than zero).
  /// - Returns: The ticks.
  @_disfavoredOverload
  public func timer(interval: Swift.Duration) -> AnyClockTimerSequence {
    AnyClockTimerSequence(clock: self, interval: interval)
  }
}

/// The ticks of `timer(interval:)` on a clock whose type is not known statically.
public struct AnyClockTimerSequence: AsyncSequence, Sendable {
  /// The instant a tick was due.
  public typealias Element = any InstantProtocol<Duration>

  let clock: any Clock<Duration>
  let interval: Duration

  /// Iterates the ticks.
  public struct AsyncIterator: AsyncIteratorProtocol {
    let nextTick: () async -> (any InstantProtocol<Duration>)?

    /// Waits for the next tick; `nil` once the task is cancelled.
    public mutating func next() async -> (any InstantProtocol<Duration>)? {
      await nextTick()
    }
  }

  /// An iterator whose first tick is due `interval` after its first `next()`.
  public func makeAsyncIterator() -> AsyncIterator {
    func iterator<C: Clock<Duration>>(_ clock: C) -> AsyncIterator {
      let ticks = TimerIteratorBox(AsyncTimerSequence(clock: clock, interval: interval))
      return AsyncIterator { await ticks.next() }
    }
    return iterator(clock)
  }
}

/// The concrete clock's iterator, behind a reference, so the erased iterator can advance it.
private final class TimerIteratorBox<C: Clock> {
  var base: AsyncTimerSequence<C>.AsyncIterator

  init(_ sequence: AsyncTimerSequence<C>) {
    base = sequence.makeAsyncIterator()
  }

  func next() async -> C.Instant? {
    await base.next()
  }
}
