extension Store where Action: CasePathable {
  /// Returns a store for each row of a list: one per element of an ``IdentifiedArray`` that
  /// ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)`` runs.
  ///
  /// What a list screen iterates to draw its rows (in SwiftUI, the collection a `ForEach` is
  /// given). Each row's store reads its element by ID and sends `.element(id:action:)` to this
  /// store, wrapped in `action`'s case:
  ///
  /// ```swift
  /// for row in store.scope(state: \.rows, action: \.rows) {
  ///   RowView(store: row)  // row.send(.nameChanged("x")) sends .rows(.element(id:, action:))
  /// }
  /// ```
  ///
  /// Making the collection inside an observation-tracking scope (a list screen's body)
  /// registers interest in which rows there are and in their order, not in what they hold:
  /// each row's screen observes that through the row's store, so a change inside one row
  /// redraws that row's screen alone. Either is observed while its store lives: while the
  /// screen holds the collection, or the row's store.
  ///
  /// The collection holds the rows as they are when it is made. A row keeps its store for as
  /// long as the store lives, wherever the row moves, so a screen that scopes on every render
  /// gets the same store for the same row. A row's store kept after the row is removed keeps the
  /// last state read from it (a row animating out draws what it drew last), and the actions it
  /// sends reach `forEach`, which reports them: the row is missing.
  ///
  /// Where the result is not used as a collection (`let rows = store.scope(…)`), the other
  /// `scope(state:action:)` is chosen, and returns one store of the whole list.
  ///
  /// - Parameters:
  ///   - state: The list's property, such as `\.rows`.
  ///   - action: The parent action's case for row actions, such as `\.rows`.
  /// - Returns: The rows' stores, in the list's order.
  @inlinable
  @_disfavoredOverload
  public func scope<ElementID: Hashable & Sendable, ElementState, ElementAction>(
    state: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action: CaseKeyPath<Action, IdentifiedAction<ElementID, ElementAction>>
  ) -> _StoreCollection<ElementID, ElementState, ElementAction> {
    _rows(state: state, action: action) { list in
      // The comparison, if the rows' state has one, is found once per list.
      let isEqual = _equality(of: ElementState.self)
      let rows = _RowStores<ElementID, ElementState, ElementAction>(isEquatable: isEqual != nil)
      rows.observeRows(of: list) { rows, list in
        // Without `==`, no row keeps what its screen read, so this comparison is never made.
        rows.notifyChangedRows(of: list, isEqual: isEqual ?? { _, _ in false })
      }
      return rows
    }
  }

  /// Returns a store for each row of a list whose rows' state is `Equatable`.
  ///
  /// The same as the overload above; chosen when the compiler can see the rows' `==`, which
  /// then compares a row with what its screen read without looking the conformance up.
  ///
  /// - Parameters:
  ///   - state: The list's property, such as `\.rows`.
  ///   - action: The parent action's case for row actions, such as `\.rows`.
  /// - Returns: The rows' stores, in the list's order.
  @inlinable
  @_disfavoredOverload
  public func scope<ElementID: Hashable & Sendable, ElementState: Equatable, ElementAction>(
    state: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action: CaseKeyPath<Action, IdentifiedAction<ElementID, ElementAction>>
  ) -> _StoreCollection<ElementID, ElementState, ElementAction> {
    _rows(state: state, action: action) { list in
      let rows = _RowStores<ElementID, ElementState, ElementAction>(isEquatable: true)
      rows.observeRows(of: list) { rows, list in
        rows.notifyChangedRows(of: list) { $0 == $1 }
      }
      return rows
    }
  }

  /// The rows' stores of the list at `state`, whose observation `makeRows` sets up (once per
  /// list; a later scope finds it made).
  @inlinable
  func _rows<ElementID: Hashable & Sendable, ElementState, ElementAction>(
    state: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action: CaseKeyPath<Action, IdentifiedAction<ElementID, ElementAction>>,
    makeRows: (
      Store<IdentifiedArray<ElementID, ElementState>, IdentifiedAction<ElementID, ElementAction>>
    ) -> _RowStores<ElementID, ElementState, ElementAction>
  ) -> _StoreCollection<ElementID, ElementState, ElementAction> {
    let list:
      Store<
        IdentifiedArray<ElementID, ElementState>, IdentifiedAction<ElementID, ElementAction>
      > = scope(state: state, action: action)
    return _StoreCollection(list, makeRows: makeRows)
  }
}

/// The rows' stores that `store.scope(state: \.rows, action: \.rows)` returns, in the list's
/// order as it was when the collection was made.
///
/// Read it on the main actor, where stores live (its conformance to `RandomAccessCollection`
/// is isolated to the main actor, so the compiler refuses a read from anywhere else).
@MainActor
public struct _StoreCollection<ID: Hashable & Sendable, State, Action> {
  @usableFromInline let store: Store<IdentifiedArray<ID, State>, IdentifiedAction<ID, Action>>
  @usableFromInline let rows: IdentifiedArray<ID, State>
  @usableFromInline let cache: _RowStores<ID, State, Action>

  // Inlinable, as the members below: specialized for the app's types, a row's lookup costs a
  // hash of its ID; unspecialized, it would look up the types' metadata for every row.
  @inlinable
  init(
    _ store: Store<IdentifiedArray<ID, State>, IdentifiedAction<ID, Action>>,
    makeRows: (Store<IdentifiedArray<ID, State>, IdentifiedAction<ID, Action>>) -> _RowStores<
      ID, State, Action
    >
  ) {
    self.store = store
    self.rows = store.withState { $0 }
    // Found once per collection, not once per row (a cast to a generic class type looks its
    // metadata up).
    if let cache = store.rowStores as? _RowStores<ID, State, Action> {
      self.cache = cache
    } else {
      let cache = makeRows(store)
      store.rowStores = cache
      self.cache = cache
    }
    // A screen drawing the list observes which rows there are, in which order: what each row
    // holds is observed by the screen that draws the row, through the row's own store.
    cache.observeIDs(rows.ids, of: store)
  }
}

extension _StoreCollection: @MainActor RandomAccessCollection {
  @inlinable public var startIndex: Int { rows.startIndex }
  @inlinable public var endIndex: Int { rows.endIndex }

  @inlinable
  public subscript(position: Int) -> Store<State, Action> {
    let id = rows.ids[position]
    if let row = cache.stores[id]?.store { return row }
    return makeRow(id: id, at: position)
  }

  /// Makes the store of the row at `position`, the first time a screen asks for it.
  ///
  /// Kept out of the subscript, so that the subscript stays small enough to be inlined where
  /// the rows are drawn.
  @inlinable @inline(never)
  func makeRow(id: ID, at position: Int) -> Store<State, Action> {
    let hint = _PositionHint(position)
    let row: Store<State, Action> = store._childKeepingItsLastState(
      rows[position],
      read: { list in
        // Copied out and back: the lookup compares IDs with the app's `==`.
        var position = hint.position
        defer { hint.position = position }
        return list.element(id: id, near: &position)
      },
      embed: { .element(id: id, action: $0) }
    )
    // Compared with the list's other rows (see `_RowStores.notifyChangedRows`), not on its own;
    // what its screen read is kept in its slot there.
    let observed = _ObservedValue<State>(of: row, isEquatable: cache.isEquatable) { false }
    observed.recordRead = { [weak cache] value, slot in cache?.read(value, inSlot: slot) }
    row.observation = observed
    cache.remember(row, observed: observed, id: id, at: position)
    return row
  }
}

/// The stores of a list's rows, by row ID, held weakly: a row's store keeps the list's store
/// alive, not the other way round.
@MainActor
@usableFromInline
final class _RowStores<ID: Hashable, State, Action> {
  /// A class, so that a lookup copies no weak reference (copying one calls into the runtime).
  @usableFromInline
  final class WeakStore {
    @usableFromInline weak var store: Store<State, Action>?
    /// What the row's screen observes (the store's own observation).
    @usableFromInline let observed: _ObservedValue<State>
    @usableFromInline
    init(store: Store<State, Action>, observed: _ObservedValue<State>) {
      self.store = store
      self.observed = observed
    }
  }

  /// What the comparison after an action reads of one row, kept side by side with the other
  /// rows' so that the walk reads one array.
  @usableFromInline
  struct Slot {
    /// The row's ID.
    @usableFromInline let id: ID
    /// Where the row was in the list when last looked for (a row rarely moves).
    @usableFromInline var position: Int
    /// Whether the row's screen has read its state since it was last notified.
    @usableFromInline var isWatched = false
    /// What the row's screen read, while it watches and the state can be compared.
    @usableFromInline var seen: State?
    /// The row's observation, which notifies its screen.
    @usableFromInline let observed: _ObservedValue<State>

    @usableFromInline
    init(id: ID, position: Int, observed: _ObservedValue<State>) {
      self.id = id
      self.position = position
      self.observed = observed
    }
  }

  /// The rows' stores by ID, to find a row's store.
  @usableFromInline var stores: [ID: WeakStore] = [:]
  /// One slot per row store made, in the order they were made; a row's observation knows its
  /// slot (``_ObservedValue/slot``).
  ///
  /// Read for every row after every action, so its dynamic exclusivity check is switched off.
  /// Every access is main-actor isolated and touches one field of one slot, and none runs the
  /// app's code: the walk copies what it passes to the app's `==` and looks a slot up again
  /// after each notification, and a value a slot lets go of is released after the write
  /// (``replaceSeen(inSlot:with:)``, and a sweep builds the new array before the old one goes),
  /// so no two accesses overlap. Only a sweep moves slots, and it renumbers every observation.
  @usableFromInline @exclusivity(unchecked) var slots: ContiguousArray<Slot> = []
  /// What a screen drawing the list observes: the rows' IDs, in order.
  @usableFromInline var idsObservation: _ObservedValue<[ID]>?
  /// How many slots may be held before those of stores that went away are swept out.
  @usableFromInline var sweepLimit = 16

  /// Whether a row's state has an `==`, so that a row keeps what its screen read.
  @usableFromInline let isEquatable: Bool

  @usableFromInline init(isEquatable: Bool) {
    self.isEquatable = isEquatable
  }

  /// Registers with the root one observation for all the rows of this list, which calls
  /// `notifyChanged` after each action (instead of each row reading the list through its own
  /// store).
  @inlinable
  func observeRows(
    of list: Store<IdentifiedArray<ID, State>, IdentifiedAction<ID, Action>>,
    notifyChanged:
      @escaping @MainActor (
        _RowStores, Store<IdentifiedArray<ID, State>, IdentifiedAction<ID, Action>>
      ) -> Void
  ) {
    let observation = _StoreObservation(of: list) { [weak self, weak list] in
      guard let self, let list else { return nil }
      notifyChanged(self, list)
      return false  // this observation has no observers of its own
    }
    // Always compared: whether a row is watched is looked at row by row.
    observation.isWatched = true
    list.core.observers.add(observation)
  }

  /// Reads the list once and compares each watched row with what its screen read, notifying
  /// the screens of the rows that changed.
  ///
  /// Always inlined into the caller that names `isEqual`, so that a row's `==`, when the caller
  /// can see it, is inlined into the walk.
  @inlinable @inline(__always)
  func notifyChangedRows(
    of store: Store<IdentifiedArray<ID, State>, IdentifiedAction<ID, Action>>,
    isEqual: (State, State) -> Bool
  ) {
    // The list is read once, and only when its IDs or a row are watched.
    let watchedIDs = idsObservation.flatMap { $0.isWatched ? $0 : nil }
    guard
      let first = slots.firstIndex(where: \.isWatched)
        ?? (watchedIDs == nil ? nil : slots.endIndex)
    else { return }
    let list = store.withState { $0 }
    if let watchedIDs, watchedIDs.seen != list.ids {
      watchedIDs.replaceSeen(with: nil)
      watchedIDs.notify()
    }
    // The list is this function's own copy, which no other code can reach while its buffers
    // are read here.
    list.ids.withUnsafeBufferPointer { ids in
      list.elements.withUnsafeBufferPointer { elements in
        var index = first
        // By index, checked on each turn: a screen told of a change may read a row's store for
        // the first time, which adds a slot (or sweeps the slots, which renumbers them).
        while index < slots.count {
          defer { index += 1 }
          guard slots[index].isWatched else { continue }
          let id = slots[index].id
          var position = slots[index].position
          if position >= ids.count || ids[position] != id {
            // The row moved, or is no longer in the list: then it keeps its last state, and
            // there is no change to show.
            guard let found = list.index(id: id) else { continue }
            position = found
            slots[index].position = found
          }
          if let seen = slots[index].seen, isEqual(seen, elements[position]) { continue }
          slots[index].isWatched = false
          let observed = slots[index].observed
          replaceSeen(inSlot: index, with: nil)
          // A store that went away has no screen left to tell.
          guard !observed.isGone else { continue }
          observed.notify()
        }
      }
    }
  }

  @inlinable
  func remember(
    _ store: Store<State, Action>,
    observed: _ObservedValue<State>,
    id: ID,
    at position: Int
  ) {
    // Released at the end, when `slots` is whole again (see `replaceSeen`).
    var dropped = ContiguousArray<Slot>()
    defer { extendLifetime(dropped) }
    if slots.count >= sweepLimit {
      // Rows come and go: the slots of stores that went away are dropped here, and the limit
      // doubles past what is left, so a long list costs amortized constant time per row.
      dropped = slots.filter { !$0.observed.isGone }
      swap(&dropped, &slots)
      for index in slots.indices { slots[index].observed.slot = index }
      stores = stores.filter { $0.value.store != nil }
      sweepLimit = max(16, 2 * slots.count)
    }
    // A row replaced here is of a store that went away; until it is swept out its slot stays,
    // not watched (no one can read a store that is gone), so it is never compared.
    if let old = stores[id]?.observed, slots.indices.contains(old.slot) {
      slots[old.slot].isWatched = false
      replaceSeen(inSlot: old.slot, with: nil)
    }
    stores[id] = WeakStore(store: store, observed: observed)
    observed.slot = slots.count
    slots.append(Slot(id: id, position: position, observed: observed))
  }

  /// Records that a screen read which rows there are, `ids`, and registers its interest.
  ///
  /// Compared after each action by this list's walk (``notifyChangedRows(of:isEqual:)``), which
  /// reads the list anyway, rather than by an observation of its own that would read it again.
  @inlinable
  func observeIDs(
    _ ids: [ID],
    of store: Store<IdentifiedArray<ID, State>, IdentifiedAction<ID, Action>>
  ) {
    if let idsObservation {
      idsObservation.read(ids)
      return
    }
    // Never asked whether the value changed (it is not in the root's list of observations):
    // the walk compares it.
    let made = _ObservedValue<[ID]>(of: store, isEquatable: true) { nil }
    idsObservation = made
    made.read(ids)
  }

  /// Records that the screen of the row in `slot` read `value`.
  @inlinable
  func read(_ value: State, inSlot slot: Int) {
    guard slots.indices.contains(slot) else { return }
    slots[slot].isWatched = true
    if isEquatable { replaceSeen(inSlot: slot, with: value) }
  }

  /// Writes what the row in `slot` read, releasing the value it held only once the write is
  /// done: a release can run a deinit of a class the app's state holds, and that code may read
  /// or make a row's store, which writes `slots` — it must never find `slots` mid-change.
  @inlinable
  func replaceSeen(inSlot slot: Int, with value: State?) {
    var old = value
    swap(&old, &slots[slot].seen)
    extendLifetime(old)
  }
}

extension Store {
  /// How many row stores this store remembers, alive or gone (for tests of the sweep).
  package var _rowStoreCount: Int {
    (rowStores as? any _RowStoreCounting)?.count ?? 0
  }
}

/// The number of entries of a `_RowStores`, whatever its types.
@MainActor
protocol _RowStoreCounting {
  var count: Int { get }
}

extension _RowStores: _RowStoreCounting {
  var count: Int { slots.count }
}

extension IdentifiedArray {
  /// The element with this ID, looked for first at `position` (no hashing when it is there),
  /// then by its ID, which updates `position`.
  @inlinable
  func element(id: ID, near position: inout Int) -> Element? {
    if ids.indices.contains(position), ids[position] == id { return elements[position] }
    guard let found = _positions[id] else { return nil }
    position = found
    return elements[found]
  }
}
