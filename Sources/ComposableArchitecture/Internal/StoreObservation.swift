import Observation

/// What a screen that read a store registered interest in, and what notifies it when, after an
/// action, the value it read is no longer what it was.
///
/// A store makes one the first time its `state` is read (and a list's store another for the
/// IDs of its rows), and its root compares each after every action (see `_ObservedStores`).
/// Reading the state of one row of a list thus registers interest in that row's state only: an
/// action that changes another row, or nothing, notifies no one who drew this row.
///
/// Observers registered through `withObservationTracking` (as SwiftUI's are) are notified once
/// and then read again when they redraw. So once notified, an observation waits, comparing
/// nothing and holding no value, until the next read (see `_ValueObservation.read(_:)`).
@MainActor
@usableFromInline
class _StoreObservation: Observable {
  private let registrar = ObservationRegistrar()
  /// Whether the store has gone away: then it is compared no more.
  private(set) var isGone = false

  /// What observers register on: one member standing for the whole observed value.
  private var value: Void { () }
  /// Formed once: forming a key path into a class at run time is not free.
  private static let valueKeyPath: KeyPath<_StoreObservation, Void> = \.value

  /// Registers interest (a read inside `withObservationTracking`).
  final func registerAccess() {
    registrar.access(self, keyPath: Self.valueKeyPath)
  }

  /// Whether the observed value changed since observers read it.
  ///
  /// `nil` once the store has gone away. Overridden for each type of value.
  func valueChanged() -> Bool? { nil }

  /// Notifies the observers if the value changed; returns `false` once the store has gone
  /// away.
  final func notifyIfChanged() -> Bool {
    guard let changed = valueChanged() else {
      isGone = true
      return false
    }
    if changed {
      registrar.willSet(self, keyPath: Self.valueKeyPath)
      registrar.didSet(self, keyPath: Self.valueKeyPath)
    }
    return true
  }
}

/// The observation of one value of a store: its state, or the IDs of a list's rows.
@usableFromInline
final class _ValueObservation<Value>: _StoreObservation {
  /// The value now, or `nil` once the store has gone away (the store is held weakly).
  private let current: @MainActor () -> Value?
  private let isEqual: ((Value, Value) -> Bool)?
  /// Whether an observer has read the value since the last notification.
  private var isWatched = false
  /// The value observers read, kept only while they wait and only when it can be compared.
  private var seen: Value?

  init(current: @escaping @MainActor () -> Value?, isEqual: ((Value, Value) -> Bool)?) {
    self.current = current
    self.isEqual = isEqual
  }

  /// Records that an observer read `value`, and registers its interest.
  @usableFromInline
  func read(_ value: Value) {
    isWatched = true
    if isEqual != nil { seen = value }
    registerAccess()
  }

  override func valueChanged() -> Bool? {
    guard let now = current() else { return nil }
    guard isWatched else { return false }
    // A value that cannot be compared counts as changed by every action.
    if let isEqual, let seen, isEqual(seen, now) { return false }
    // Notified observers read again when they redraw; until then there is no one to tell.
    isWatched = false
    seen = nil
    return true
  }
}

/// The observations of a root store and of every store scoped from it, compared after each
/// action the root runs.
///
/// Each is compared once per action, so an action costs one comparison per store whose state a
/// screen is watching (one that read it and was not notified since); a store nobody read costs
/// nothing.
@MainActor
@usableFromInline
final class _ObservedStores {
  private var observations: [_StoreObservation] = []
  /// Whether any store of this root has been observed (checked on every action).
  ///
  /// A plain flag, main-actor isolated, read and written by single operations that run no code
  /// of the app's, so no two accesses overlap: its dynamic exclusivity check is switched off.
  @usableFromInline @exclusivity(unchecked) var isEmpty = true

  @usableFromInline init() {}

  func add(_ observation: _StoreObservation) {
    observations.append(observation)
    isEmpty = false
  }

  /// Notifies the observers of every value the last action changed, and forgets the stores
  /// that went away.
  @usableFromInline
  func notifyChanged() {
    // A copy: an observer may read a store for the first time (adding to the list) or send an
    // action (which waits for this one) while the list is walked.
    let current = observations
    var gone = false
    for observation in current where !observation.notifyIfChanged() { gone = true }
    guard gone else { return }
    observations.removeAll { $0.isGone }
    isEmpty = observations.isEmpty
  }
}

extension Store {
  /// Observes `value`, read from this store now through `read`: made on the first read, then
  /// kept in `observation` for the next ones.
  @usableFromInline
  func observe<Value>(
    _ value: Value,
    in observation: inout _ValueObservation<Value>?,
    isEqual: ((Value, Value) -> Bool)?,
    read: @escaping @MainActor (State) -> Value
  ) {
    if let observation {
      observation.read(value)
      return
    }
    let made = _ValueObservation<Value>(
      current: { [weak self] in self.map { read($0.core.currentState) } },
      isEqual: isEqual
    )
    observation = made
    core.observers.add(made)
    made.read(value)
  }
}

/// The `==` of `Value` when it is `Equatable`, found at run time, or `nil`: a store compares its
/// state without asking its feature for `Equatable`.
func _equality<Value>(of type: Value.Type) -> ((Value, Value) -> Bool)? {
  guard let equatable = type as? any Equatable.Type else { return nil }
  return { lhs, rhs in equatable._isEqual(lhs, rhs) }
}

extension Equatable {
  /// `lhs == rhs`, for two values whose type is `Self` at run time.
  fileprivate static func _isEqual<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
    guard let lhs = lhs as? Self, let rhs = rhs as? Self else { return false }
    return lhs == rhs
  }
}
