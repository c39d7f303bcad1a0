import Observation

/// What a screen that read a store registered interest in, and what notifies it when, after an
/// action, the value it read is no longer what it was.
///
/// A store makes one the first time its `state` is read, and its root compares each after every
/// action (see `_ObservedStores`); a list's store makes another for the IDs of its rows, which
/// the walk over its rows compares (see `_RowStores`).
/// Reading the state of one row of a list thus registers interest in that row's state only: an
/// action that changes another row, or nothing, notifies no one who drew this row.
///
/// Observers registered through `withObservationTracking` (as SwiftUI's are) are notified once
/// and then read again when they redraw. So once notified, an observation is not watched: it
/// compares nothing and holds no value until the next read (see `_ObservedValue.read(_:)`).
///
/// An observation of a value whose type is known is an `_ObservedValue`, which also keeps the
/// value read: one object per observed store, so that comparing it after an action reaches its
/// flag and its value without going from one object to another.
@MainActor
@usableFromInline
class _StoreObservation: Observable {
  private final let registrar = ObservationRegistrar()
  /// Whether an observer has read the value since the last notification.
  ///
  /// Read for every observed store after every action, so its dynamic exclusivity check is
  /// switched off: a plain flag, main-actor isolated, read and written by single operations that
  /// run no code of the app's, so no two accesses overlap.
  @usableFromInline @exclusivity(unchecked) final var isWatched = false
  /// The store whose value this is, held weakly: once it has gone away, the observation is
  /// compared no more and is dropped from its root's list.
  private final weak var store: AnyObject?
  /// Whether the observed value changed since it was read, forgetting the value read when it did.
  ///
  /// `nil` once the store has gone away. Made where the value's type is known.
  private final let valueChanged: @MainActor () -> Bool?

  @usableFromInline
  init(of store: AnyObject, valueChanged: @escaping @MainActor () -> Bool?) {
    self.store = store
    self.valueChanged = valueChanged
  }

  /// Whether the store has gone away.
  @usableFromInline final var isGone: Bool { store == nil }

  /// What observers register on: one member standing for the whole observed value.
  private final var value: Void { () }
  /// Formed once: forming a key path into a class at run time is not free.
  private static let valueKeyPath: KeyPath<_StoreObservation, Void> = \.value

  /// Registers interest (a read inside `withObservationTracking`).
  @usableFromInline
  final func registerAccess() {
    registrar.access(self, keyPath: Self.valueKeyPath)
  }

  /// Notifies the observers if they are watching and the value changed; returns `false` when
  /// it finds the store gone.
  final func notifyIfChanged() -> Bool {
    guard isWatched else { return true }
    guard let changed = valueChanged() else { return false }
    if changed { notify() }
    return true
  }

  /// Notifies the observers that the value changed.
  @usableFromInline
  final func notify() {
    // Notified observers read again when they redraw; until then there is no one to tell.
    isWatched = false
    registrar.willSet(self, keyPath: Self.valueKeyPath)
    registrar.didSet(self, keyPath: Self.valueKeyPath)
  }
}

/// One observed value of a store — its state, or the IDs of a list's rows — and the value its
/// observers read, kept while they watch when it can be compared.
@MainActor
@usableFromInline
final class _ObservedValue<Value>: _StoreObservation {
  @usableFromInline final let isEquatable: Bool
  /// The value the observers read, while they watch and it can be compared.
  ///
  /// Read for every watched store after every action, so its dynamic exclusivity check is
  /// switched off. Every access is main-actor isolated and runs no code of the app's: a value it
  /// lets go of is released only after the write (``replaceSeen(with:)``). A plain assignment
  /// would destroy the old value in place first, and its release can run a deinit of a class the
  /// app's state holds, which may read this store and so write this property mid-assignment
  /// (`aDeinitInTheStateThatReadsTheStoreRunsAfterTheComparison` crashes that way).
  @usableFromInline @exclusivity(unchecked) final var seen: Value?

  @inlinable
  init(
    of store: AnyObject,
    isEquatable: Bool,
    valueChanged: @escaping @MainActor () -> Bool?
  ) {
    self.isEquatable = isEquatable
    super.init(of: store, valueChanged: valueChanged)
  }

  /// For the store of a row of a list: what records a read in the row's slot of its list's
  /// ``_RowStores``, which keeps what the rows' screens read side by side; `nil` for any other.
  ///
  /// Read on every read of a row's state, so its dynamic exclusivity check is switched off: it
  /// is main-actor isolated, set once, when the row's store is made, and otherwise only read,
  /// each access a single load or store that runs no code of the app's.
  @usableFromInline @exclusivity(unchecked) final var recordRead: (@MainActor (Value, Int) -> Void)?
  /// For the store of a row of a list: where its slot is.
  ///
  /// Read on every read of a row's state and written when the slots are swept, by single
  /// operations on a plain integer that run no code of the app's (main-actor isolated), so no
  /// two accesses overlap: its dynamic exclusivity check is switched off.
  @usableFromInline @exclusivity(unchecked) final var slot = 0

  /// Records that an observer read `value`, and registers its interest.
  @inlinable
  final func read(_ value: Value) {
    if let recordRead {
      recordRead(value, slot)
    } else {
      isWatched = true
      if isEquatable { replaceSeen(with: value) }
    }
    registerAccess()
  }

  /// Writes ``seen``, releasing the value it held only once the write is done.
  @inlinable
  final func replaceSeen(with value: Value?) {
    var old = value
    swap(&old, &seen)
    extendLifetime(old)
  }
}

/// The observations of a root store and of every store scoped from it, compared after each
/// action the root runs.
///
/// Each watched one (read since its last notification) is compared once per action, so an
/// action costs one comparison per store a screen is watching; a store nobody read costs
/// nothing.
@MainActor
@usableFromInline
final class _ObservedStores {
  private var observations: [_StoreObservation] = []
  /// How many observations the list may hold before those of stores that went away are swept
  /// out (a store that went away unwatched is never compared, so never found gone otherwise).
  private var sweepLimit = 16
  /// Whether any store of this root has been observed (checked on every action).
  ///
  /// A plain flag, main-actor isolated, read and written by single operations that run no code
  /// of the app's, so no two accesses overlap: its dynamic exclusivity check is switched off.
  @usableFromInline @exclusivity(unchecked) var isEmpty = true

  @usableFromInline init() {}

  /// How many observations the list holds, alive or gone (for tests of the sweep).
  var count: Int { observations.count }

  @usableFromInline
  func add(_ observation: _StoreObservation) {
    if observations.count >= sweepLimit {
      // Screens come and go: the limit doubles past what is left, so adding costs amortized
      // constant time and the list stays within twice the stores alive.
      observations.removeAll { $0.isGone }
      sweepLimit = max(16, 2 * observations.count)
    }
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
  /// kept in `observed` for the next ones.
  ///
  /// Inlinable, so that the comparison made here is specialized for the app's types: a generic
  /// one would look their metadata up on every action, for every watched store.
  @inlinable
  func observe<Value>(
    _ value: Value,
    in observed: inout _ObservedValue<Value>?,
    isEqual: ((Value, Value) -> Bool)?,
    read: @escaping @MainActor (State) -> Value
  ) {
    if let observed {
      observed.read(value)
      return
    }
    // Both held weakly: the store holds its observation, which the root's list holds until it
    // finds the store gone.
    weak var weakObserved: _ObservedValue<Value>?
    let made = _ObservedValue<Value>(of: self, isEquatable: isEqual != nil) { [weak self] in
      guard let self, let observed = weakObserved else { return nil }
      let now = read(self.core.currentState)
      if let isEqual, let seen = observed.seen, isEqual(seen, now) { return false }
      observed.replaceSeen(with: nil)
      return true
    }
    weakObserved = made
    observed = made
    core.observers.add(made)
    made.read(value)
  }
}

/// The `==` of `Value` when it is `Equatable`, found at run time, or `nil`: a store compares its
/// state without asking its feature for `Equatable`.
///
/// Inlinable, so that the comparison is specialized for `Value` where the store is: only the
/// call to `==` goes through the conformance found here.
@inlinable
func _equality<Value>(of type: Value.Type) -> ((Value, Value) -> Bool)? {
  guard let equatable = type as? any Equatable.Type,
    ObjectIdentifier(equatable) == ObjectIdentifier(type)
  else { return nil }
  return { lhs, rhs in
    withUnsafePointer(to: lhs) { lhs in
      withUnsafePointer(to: rhs) { rhs in
        equatable._isEqual(UnsafeRawPointer(lhs), UnsafeRawPointer(rhs))
      }
    }
  }
}

extension Equatable {
  /// `==` of the two values of type `Self` that `lhs` and `rhs` point at.
  ///
  /// Why reading them as `Self` is sound: `_equality(of:)` calls this only on an `Equatable`
  /// metatype that is the very type it was asked about (it checks that the two are one type:
  /// a cast of a metatype names the same type, and the check makes that explicit), with
  /// pointers to two values of that type, alive while the call runs. A cast of each value
  /// (`as? Self`) would need no proof, but copies both through the runtime on every
  /// comparison, for every watched store. `ObservationGranularityTests` compares states with
  /// their own `==`, states of one generic type in two specializations, optional states and
  /// states of a class type.
  @usableFromInline
  static func _isEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
    lhs.assumingMemoryBound(to: Self.self).pointee == rhs.assumingMemoryBound(to: Self.self).pointee
  }
}
