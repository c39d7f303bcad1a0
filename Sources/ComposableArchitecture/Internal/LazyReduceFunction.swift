import Foundation

/// A child reducer that is built the first time an action reaches it, and then kept.
///
/// The scoping operators (``Scope``, `ifLet`, `ifCaseLet`, `forEach`) hold a child this way
/// when it is a feature already being built further up (see `_childReduceFunction()`). A
/// feature may contain itself — a row whose body runs `forEach(\.rows) { Self() }`, a
/// screen presenting another of its kind — and building such a tree ahead of time would never
/// end. Built on first use, each level is built once, and only the levels an action reaches.
///
/// It is built under the dependencies in effect where the first action reaches it: the store's,
/// and those of any `.dependency` above it, the same values an eager build would have seen.
///
/// A built reducer belongs to one store and runs on that store's actor, so `built` is only ever
/// read and written from one isolation domain (the type is not `Sendable`, and the compiler
/// keeps it so).
@usableFromInline
final class _LazyReduceFunction<State, Action> {
  // Read on every action that reaches this child, so Swift's dynamic exclusivity check on it
  // (a begin and an end access per read) is switched off. Why no two accesses can overlap:
  // `run` copies the closure out and ends its read before calling it, and `buildAndRun` writes
  // once, after `build()` has returned. `build()` only constructs reducers (a child's `body`,
  // the boxes of its own children); it runs none, so it never reaches `run` on this box. A
  // recursive feature reaches a *new* box one level down, never this one while it is built.
  // `RecursionTests` runs every recursive shape through these paths.
  @usableFromInline @exclusivity(unchecked) var built: _ReduceFunction<State, Action>?
  @usableFromInline let build: () -> _ReduceFunction<State, Action>

  @inlinable
  init<R: Reducer>(_ reducer: R) where R.State == State, R.Action == Action {
    self.build = { reducer._reduceFunction() }
  }

  /// Runs the child, building it first if no action reached it before.
  @inlinable
  func run(_ state: inout State, _ action: Action) -> Effect<Action> {
    if let built { return built(&state, action) }
    return buildAndRun(&state, action)
  }

  /// The first action: builds the child (not the hot path).
  @usableFromInline
  func buildAndRun(_ state: inout State, _ action: Action) -> Effect<Action> {
    let function = build()
    built = function
    return function(&state, action)
  }
}

extension Reducer {
  /// This reducer as a child of an operator: built now, unless building it now could never end.
  ///
  /// A child whose type is already being built further up (a feature that contains itself, or
  /// two features that contain each other) is built when an action first reaches it, through a
  /// ``_LazyReduceFunction``; so is any child more than `_BuildPath.eagerDepthLimit` levels
  /// down. Every other child is built with its parent, once, and costs nothing extra per action
  /// (a lazy child costs a load, a check and a retain per action that reaches it).
  @inlinable
  func _childReduceFunction() -> _ReduceFunction<State, Action> {
    // Inlinable, so that the child is built by code specialized for its concrete type (built by
    // unspecialized generic code, every action through it would look types up at run time).
    guard _BuildPath.enter(ObjectIdentifier(Self.self)) else { return _lazyReduceFunction() }
    defer { _BuildPath.leave() }
    return _reduceFunction()
  }
}

extension Reducer {
  /// This reducer built when an action first reaches it (the recursive case).
  ///
  /// Not inlinable on purpose: specializing it at every operator would make the optimizer
  /// follow the recursion it exists to stop, and it then gives up specializing the whole tree.
  @usableFromInline
  func _lazyReduceFunction() -> _ReduceFunction<State, Action> {
    let lazy = _LazyReduceFunction(self)
    return { lazy.run(&$0, $1) }
  }
}

/// The reducer types being built, outermost first, on the current thread.
///
/// Kept per thread: two stores built at once on two threads never see each other's path.
@usableFromInline
enum _BuildPath {
  /// Deeper than this, children are built lazily whatever their types.
  static let eagerDepthLimit = 64

  private static let key = "ComposableArchitecture._BuildPath"

  private static var current: [ObjectIdentifier] {
    get { Thread.current.threadDictionary[key] as? [ObjectIdentifier] ?? [] }
    set { Thread.current.threadDictionary[key] = newValue }
  }

  /// Puts `type` on the path and returns `true`, or returns `false` (and changes nothing) when
  /// a child of `type` must wait for its first action: `type` is already being built further
  /// up, or the tree is already deeper than ``eagerDepthLimit``.
  @usableFromInline
  static func enter(_ type: ObjectIdentifier) -> Bool {
    let path = current
    guard path.count < eagerDepthLimit, !path.contains(type) else { return false }
    current = path + [type]
    return true
  }

  /// Takes the innermost type off the path (after a successful ``enter(_:)``).
  @usableFromInline
  static func leave() {
    current.removeLast()
  }
}
