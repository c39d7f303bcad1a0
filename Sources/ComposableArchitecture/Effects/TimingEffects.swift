extension Effect where Action: Sendable {
  /// Runs this effect after `duration` of quiet: each new debounced effect with the same `id`
  /// cancels the one still waiting.
  ///
  /// ```swift
  /// case .searchQueryChanged(let query):
  ///   state.query = query
  ///   return .run { send in await send(.searchResponse(try await client.search(query))) }
  ///     .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
  /// ```
  ///
  /// Only the last of a burst runs, `duration` after it was returned. Tested with a
  /// `TestClock`: advance it by the duration and the effect runs.
  ///
  /// - Parameters:
  ///   - id: The cancellation id shared by the burst.
  ///   - duration: How long to wait for quiet.
  ///   - clock: The clock to wait on (`\.continuousClock` in a reducer).
  /// - Returns: The debounced effect.
  public func debounce<C: Clock>(
    id: some Hashable & Sendable,
    for duration: C.Duration,
    clock: C
  ) -> Self where C: Sendable {
    if isNone { return .none }
    return Effect<Action>.run { _ in try? await clock.sleep(for: duration) }
      .concatenate(with: self)
      .cancellable(id: id, cancelInFlight: true)
  }

  /// Lets at most one action through per `interval` for `id`: the first at once, then, within
  /// the interval, the latest (or the first) when the interval ends.
  ///
  /// ```swift
  /// case .scrolled(let offset):
  ///   return .send(.loadMore(offset))
  ///     .throttle(id: CancelID.loading, for: .seconds(1), clock: clock, latest: true)
  /// ```
  ///
  /// The time of the last action let through is kept by the store, per `id` (scoped like a
  /// cancellation id), so successive effects returned by the reducer are throttled together.
  /// Outside a store the effect runs unthrottled.
  ///
  /// > Note: The throttled effect runs as one unit: cancellation ids declared inside it are
  /// > not registered separately; cancel the whole with `id`.
  ///
  /// - Parameters:
  ///   - id: The id the throttled effects share.
  ///   - interval: The shortest time between two actions let through.
  ///   - clock: The clock to measure on (`\.continuousClock` in a reducer).
  ///   - latest: Within an interval, send the latest action (`true`) or the first (`false`).
  /// - Returns: The throttled effect.
  public func throttle<C: Clock>(
    id: some Hashable & Sendable,
    for interval: C.Duration,
    clock: C,
    latest: Bool
  ) -> Self where C: Sendable, C.Instant: Sendable {
    if isNone { return .none }
    return Effect<Action>.run { send in
      guard let context = _EffectContext.innermost else {
        await _runDetached { send($0) }
        return
      }
      let key = context.scoped(id)
      let host = context.host
      let delayed = _Waiting<Action, C.Instant>()
      await _runDetached { action in
        let now = clock.now
        guard let entry = host.throttles[key], let sentAt = entry.sentAt as? C.Instant else {
          host.throttles[key] = (sentAt: now, waiting: nil)
          send(action)
          return
        }
        let chosen = latest ? action : (entry.waiting as? Action ?? action)
        guard sentAt.duration(to: now) < interval else {
          host.throttles[key] = (sentAt: now, waiting: nil)
          send(chosen)
          return
        }
        host.throttles[key] = (sentAt: sentAt, waiting: chosen)
        delayed.value = (chosen, sentAt.advanced(by: interval))
      }
      guard let (action, deadline) = await delayed.take() else { return }
      do {
        try await clock.sleep(until: deadline, tolerance: nil)
      } catch {
        return
      }
      await MainActor.run {
        guard !Task.isCancelled else { return }
        host.throttles[key] = (sentAt: clock.now, waiting: nil)
        send(action)
      }
    }
    .cancellable(id: id, cancelInFlight: true)
  }
}

/// The action a throttle holds back, and when to send it.
@MainActor
final class _Waiting<Action: Sendable, Instant: Sendable>: Sendable {
  var value: (Action, Instant)?

  nonisolated init() {}

  func take() -> (Action, Instant)? {
    defer { value = nil }
    return value
  }
}

extension Effect where Action: Sendable {
  /// The actions this effect sends, in order, as an asynchronous sequence that ends when the
  /// effect's work is done.
  ///
  /// For testing an effect without a store:
  ///
  /// ```swift
  /// let effect = Counter().reduce(into: &state, action: .nthPrimeButtonTapped)
  /// var received: [Counter.Action] = []
  /// for await action in effect.actions { received.append(action) }
  /// #expect(received == [.nthPrimeResponse(17)])
  /// ```
  ///
  /// Effects run as they would in a store (`.merge` runs its members together, `.concatenate`
  /// one after another). Their cancellation ids are filed outside any store, one registry per
  /// test: `Task.cancel(id:)` called in the test, or a `.cancel(id:)` inside the effect,
  /// cancels them. Cancelling the iteration cancels the effect.
  ///
  /// ```swift
  /// let effect = Effect<Int>.run { send in … }.cancellable(id: "timer")
  /// let task = Task { for await tick in effect.actions { … } }
  /// Task.cancel(id: "timer")
  /// await task.value
  /// ```
  public var actions: AsyncStream<Action> {
    AsyncStream { continuation in
      let task = Task {
        let registry = await _EffectContext.detached()
        await _runDetached(registry: registry) { continuation.yield($0) }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}
