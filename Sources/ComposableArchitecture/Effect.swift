/// Work a reducer asks the store to do after changing state, which may send actions back.
///
/// An effect is a description, not running work: the store starts it after the reducer
/// returns. `.none` is free; `.send` is handled synchronously, right after the action that
/// returned it; `.run` starts an asynchronous task.
///
/// ```swift
/// case .nthPrimeButtonTapped:
///   state.isNthPrimeButtonDisabled = true
///   return .run { [count = state.count] send in
///     await send(.nthPrimeResponse(await primeClient.nthPrime(count)))
///   }
/// ```
public struct Effect<Action> {
  @usableFromInline
  enum Operation {
    case none
    case send(Action)
    case run(TaskPriority?, IssueLocation?, @Sendable (Send<Action>) async -> Void)
    case merge([Effect<Action>])
    case concatenate([Effect<Action>])
    indirect case cancellable(id: _CancelID, cancelInFlight: Bool, Effect<Action>)
    case cancel(id: _CancelID)
  }

  /// The work, boxed; `nil` for `.none`, so the common case copies and destroys for free.
  @usableFromInline let storage: _EffectStorage<Action>?

  @inlinable
  init(operation: Operation) {
    if case .none = operation {
      storage = nil
    } else {
      storage = _EffectStorage(operation)
    }
  }

  @inlinable
  var operation: Operation { storage?.operation ?? .none }

  /// No work: the cheapest effect, and the common answer.
  @inlinable
  public static var none: Self { Self(storage: nil) }

  @inlinable
  init(storage: _EffectStorage<Action>?) {
    self.storage = storage
  }

  /// Sends `action` back into the store right after the current action, synchronously.
  ///
  /// Prefer calling a shared helper over sending actions to share logic; `.send` is for
  /// telling a parent something (a delegate action).
  ///
  /// - Parameter action: The action to send.
  /// - Returns: The effect.
  @inlinable
  public static func send(_ action: Action) -> Self { Self(operation: .send(action)) }

  /// Whether this effect is `.none` (a cheap check, for hot paths).
  @inlinable
  public var isNone: Bool { storage == nil }
}

extension Effect: Sendable where Action: Sendable {}

/// The boxed operation of a non-`.none` effect.
public final class _EffectStorage<Action> {
  @usableFromInline let operation: Effect<Action>.Operation

  @inlinable
  init(_ operation: Effect<Action>.Operation) {
    self.operation = operation
  }
}

// @unchecked Sendable is safe: the storage is immutable (a `let` set once at creation), so
// sharing it is sharing a value; it is Sendable exactly when the operation is.
extension _EffectStorage: @unchecked Sendable where Action: Sendable {}

extension Effect.Operation: Sendable where Action: Sendable {}

extension Effect {
  /// Starts asynchronous work that can send actions back with `send`.
  ///
  /// The operation runs with the dependencies that were in effect when the reducer returned the
  /// effect. Cancellation ends it quietly; any other error goes to `handler`, or — without one —
  /// is reported as an issue at the line that created the effect (an error nobody handles is a
  /// bug).
  ///
  /// ```swift
  /// return .run { send in
  ///   for await _ in clock.timer(interval: .seconds(1)) {
  ///     await send(.timerTick)
  ///   }
  /// } catch: { error, send in
  ///   await send(.failed(error.localizedDescription))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The task's priority.
  ///   - operation: The work; `send` delivers actions to the store on the main actor.
  ///   - handler: Receives errors other than cancellation.
  ///   - fileID: The file ID of the call; a failure is reported there.
  ///   - filePath: The path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  /// - Returns: The effect.
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    let dependencies = DependencyValues._current
    let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return Self(
      operation: .run(priority, location) { send in
        await DependencyValues.$_current.withValue(dependencies) {
          do {
            try await operation(send)
          } catch is CancellationError {
            return
          } catch  where Task.isCancelled {
            return
          } catch {
            if let handler {
              await handler(error, send)
            } else {
              reportIssue(
                """
                An "Effect.run" returned from "\(fileID):\(line)" threw an unhandled error. …

                  \(error)

                All non-cancellation errors must be explicitly handled via the "catch" \
                parameter on "Effect.run", or via a "do" block.
                """,
                fileID: fileID,
                filePath: filePath,
                line: line,
                column: column
              )
            }
          }
        }
      }
    )
  }

  /// Runs several effects at the same time.
  ///
  /// - Parameter effects: The effects; `.none` members cost nothing.
  /// - Returns: One effect that runs them all.
  @inlinable
  public static func merge(_ effects: Self...) -> Self {
    merge(effects)
  }

  /// Runs a sequence of effects at the same time.
  ///
  /// - Parameter effects: The effects.
  /// - Returns: One effect that runs them all.
  @inlinable
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    combining(Array(effects), as: .merge)
  }

  /// Runs this effect and `other` at the same time.
  ///
  /// - Parameter other: Another effect.
  /// - Returns: One effect that runs both; merging with `.none` returns the other unchanged.
  @inlinable
  public func merge(with other: Self) -> Self {
    // Most merges on the hot path have a `.none` side: these two checks are inlined into every
    // operator, and only two real effects pay for a call.
    if isNone { return other }
    if other.isNone { return self }
    return Self.combining(self, other, as: .merge)
  }

  /// Runs effects one after another: each starts when the previous one (and everything it
  /// started) has finished.
  ///
  /// - Parameter effects: The effects, in order.
  /// - Returns: One effect that runs them in sequence.
  @inlinable
  public static func concatenate(_ effects: Self...) -> Self {
    concatenate(effects)
  }

  /// Runs a sequence of effects one after another.
  ///
  /// - Parameter effects: The effects, in order.
  /// - Returns: One effect that runs them in sequence.
  @inlinable
  public static func concatenate(_ effects: some Sequence<Self>) -> Self {
    combining(Array(effects), as: .concatenate)
  }

  /// Runs `other` after this effect finishes.
  ///
  /// - Parameter other: The effect to run next.
  /// - Returns: One effect that runs both in order.
  @inlinable
  public func concatenate(with other: Self) -> Self {
    if isNone { return other }
    if other.isNone { return self }
    return Self.combining(self, other, as: .concatenate)
  }

  /// Transforms the actions this effect sends, such as a child effect into parent actions.
  ///
  /// - Parameter transform: Turns an action of this effect into another type.
  /// - Returns: The same work, sending transformed actions.
  @inlinable
  public func map<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    switch operation {
    case .none:
      return .none
    case .send(let action):
      return .send(transform(action))
    case .run(let priority, let location, let operation):
      return Effect<NewAction>(
        operation: .run(priority, location) { send in
          await operation(Send<Action> { action in send(transform(action)) })
        }
      )
    case .merge(let effects):
      return Effect<NewAction>(operation: .merge(effects.map { $0.map(transform) }))
    case .concatenate(let effects):
      return Effect<NewAction>(operation: .concatenate(effects.map { $0.map(transform) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Effect<NewAction>(
        operation: .cancellable(id: id, cancelInFlight: cancelInFlight, effect.map(transform))
      )
    case .cancel(let id):
      return Effect<NewAction>(operation: .cancel(id: id))
    }
  }
}

// MARK: - Combining

/// The two ways to combine effects into one (outside `Effect`, so that naming it needs no
/// generic metadata).
@usableFromInline
enum _Combination {
  case merge, concatenate
}

extension Effect {
  /// The most members a combination built a step at a time keeps side by side; past it, they
  /// are gathered into groups (see `balance(_:as:)`).
  @inlinable
  static var flatLimit: Int { 32 }

  /// `effects` combined into one, with `.none` members left out.
  ///
  /// Allocates only when two or more members are not `.none`: a list of cancellations with one
  /// entry, or a merge whose other members are `.none`, is that one effect.
  @inlinable
  static func combining(_ effects: [Self], as combination: _Combination) -> Self {
    var first = 0
    while first < effects.count, effects[first].isNone { first += 1 }
    var second = first + 1
    while second < effects.count, effects[second].isNone { second += 1 }
    if first >= effects.count { return .none }
    if second >= effects.count { return effects[first] }
    var members: [Self] = []
    members.reserveCapacity(effects.count - first)
    effects[first].appendMembers(as: combination, to: &members)
    for index in second..<effects.count {
      effects[index].appendMembers(as: combination, to: &members)
    }
    return Self(combining: members, as: combination)
  }

  /// Two effects that are not `.none` combined into one.
  @inlinable
  static func combining(_ first: Self, _ second: Self, as combination: _Combination) -> Self {
    var members: [Self] = []
    members.reserveCapacity(2)
    first.appendMembers(as: combination, to: &members)
    second.appendMembers(as: combination, to: &members)
    return Self(combining: members, as: combination)
  }

  /// One effect running `members`: `.none` for none, the member itself for one.
  @inlinable
  init(combining members: [Self], as combination: _Combination) {
    var members = members
    if members.count > Self.flatLimit {
      Self.balance(&members, as: combination)
    }
    switch members.count {
    case 0: self = .none
    case 1: self = members[0]
    default: self.init(operation: .combined(members, as: combination))
    }
  }

  /// Appends what this effect contributes to a combination: nothing for `.none`; its members
  /// when it is a combination of the same kind small enough to copy; itself otherwise.
  ///
  /// Running `a` and `b` together, and then with `c`, is running the three together; running
  /// `a` then `b`, and then `c`, is running the three in order: so a member of the same kind
  /// may be opened up or kept whole without changing what runs, or in what order.
  @inlinable
  func appendMembers(as combination: _Combination, to members: inout [Self]) {
    if isNone { return }
    if let inner = operation.members(as: combination), inner.count <= Self.flatLimit {
      members.append(contentsOf: inner)
    } else {
      members.append(self)
    }
  }

  /// Gathers a long list of members into few groups, so that a combination built one effect at
  /// a time (`effect = effect.merge(with: next)`, `effect = .concatenate(effect, next)`) stays
  /// shallow and cheap to extend.
  ///
  /// Opened up completely, such a chain copies all its members at every step (O(n²)); nested
  /// one level per step (as plain `[effect, next]` would), it is n levels deep, and mapping,
  /// running or releasing it recurses n times (10,000 steps overflow a debug build's stack).
  /// Here the loose members at the end become one group, and the last two groups become one
  /// while the last is at least half the size of the one before it, as a binary counter's
  /// digits carry. Group sizes then at least halve from first to last, so a chain of n effects
  /// is at most about log₂ n groups of loose members, two levels deep; each effect is copied
  /// O(log n) times in all, and a step copies at most `flatLimit` members plus the groups.
  @usableFromInline
  static func balance(_ members: inout [Self], as combination: _Combination) {
    var firstLoose = members.endIndex
    while firstLoose > members.startIndex,
      members[firstLoose - 1].operation.members(as: combination) == nil
    {
      firstLoose -= 1
    }
    if members.endIndex - firstLoose >= 2 {
      let group = Self(operation: .combined(Array(members[firstLoose...]), as: combination))
      members.removeSubrange(firstLoose...)
      members.append(group)
    }
    while members.count >= 2,
      let last = members[members.count - 1].operation.members(as: combination),
      let previous = members[members.count - 2].operation.members(as: combination),
      last.count * 2 >= previous.count
    {
      members.removeLast(2)
      members.append(Self(operation: .combined(previous + last, as: combination)))
    }
  }
}

extension Effect.Operation {
  /// The members, when this is a combination of the given kind.
  @inlinable
  func members(as combination: _Combination) -> [Effect]? {
    switch (combination, self) {
    case (.merge, .merge(let members)), (.concatenate, .concatenate(let members)): members
    default: nil
    }
  }

  /// A combination of `members`.
  @inlinable
  static func combined(_ members: [Effect], as combination: _Combination) -> Self {
    switch combination {
    case .merge: .merge(members)
    case .concatenate: .concatenate(members)
    }
  }
}
