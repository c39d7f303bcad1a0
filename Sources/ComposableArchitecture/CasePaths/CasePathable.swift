/// An enum that offers a case path for each of its cases, so call sites can name a case with a
/// key path: `Scope(state: \.counter, action: \.counter)`, `store.receive(\.timerTick)`.
///
/// This is what the Composable Architecture's `@CasePathable` macro generates. This package
/// has no macros, so an enum opts in by writing it once, next to the enum: a struct of
/// ``AnyCasePath`` constants, one per case, and a static instance of it.
///
/// ```swift
/// enum Action {
///   case counter(Counter.Action)
///   case incrementButtonTapped
/// }
///
/// extension Action: CasePathable {
///   struct AllCasePaths: Sendable {
///     let counter = AnyCasePath<Action, Counter.Action>(
///       embed: { .counter($0) },
///       extract: { if case .counter(let action) = $0 { action } else { nil } }
///     )
///     let incrementButtonTapped = AnyCasePath<Action, Void>(
///       embed: { .incrementButtonTapped },
///       extract: { if case .incrementButtonTapped = $0 { () } else { nil } }
///     )
///   }
///   static let allCasePaths = AllCasePaths()
/// }
/// ```
///
/// The key path `\.counter` then points at a stored constant, which Swift instantiates once
/// and which is cheap to read: cheap enough for `Scope` to use on every action.
/// Chains such as `\.counter.incrementButtonTapped` work when the payload is `CasePathable` too.
///
/// > Note: Generic enums (where a `static let` is not allowed) write
/// > `static var allCasePaths: AllCasePaths { AllCasePaths() }`; with closures that capture
/// > nothing that costs no allocation either. Constrain their generic parameters to `Sendable`
/// > (the closures are `@Sendable` and name the payload type). `Optional` and `Result` come
/// > with case paths: write none for them.
public protocol CasePathable {
  /// The type holding one ``AnyCasePath`` per case.
  associatedtype AllCasePaths: Sendable
  /// The case paths of this enum.
  static var allCasePaths: AllCasePaths { get }
}

/// A key path that names an enum case: `\.counter` resolves to the enum's case path for `counter`.
///
/// ```swift
/// let path: CaseKeyPath<Action, Counter.Action> = \.counter
/// Action.allCasePaths[keyPath: path].extract(from: .counter(.incrementButtonTapped))
/// ```
public typealias CaseKeyPath<Root: CasePathable, Value> = KeyPath<
  Root.AllCasePaths, AnyCasePath<Root, Value>
>

extension CasePathable {
  /// Resolves a case key path to the case path it names.
  ///
  /// - Parameter keyPath: A key path such as `\.counter`.
  /// - Returns: The case path, which embeds and extracts the case's payload.
  @inlinable
  public static func casePath<Value>(_ keyPath: CaseKeyPath<Self, Value>) -> AnyCasePath<
    Self, Value
  > {
    allCasePaths[keyPath: keyPath]
  }

  /// ``casePath(_:)`` for code that resolves a case path on every action: a direct
  /// `reduce(into:action:)` of an operator.
  ///
  /// Applying a key path goes through the runtime (mostly a metadata lookup); a case path
  /// stored in `AllCasePaths` sits at the byte offset `MemoryLayout.offset(of:)` reports, and
  /// reading it there is a fraction of that. A store does not need this: it resolves each case
  /// path once, when it builds its reducer, with ``casePath(_:)``, which the optimizer can fold
  /// to the case path itself when it sees the key path literal (reading by offset would hide
  /// the case path from it).
  @inlinable @inline(never)
  static func _casePathByOffset<Value>(_ keyPath: CaseKeyPath<Self, Value>) -> AnyCasePath<
    Self, Value
  > {
    _casePath(keyPath, atOffset: _casePathOffset(keyPath))
  }

  /// Where the case path `keyPath` names sits in `AllCasePaths`.
  ///
  /// `nil` when it cannot be read by offset (a chain or a computed case path). Finding it walks
  /// the key path (most of what ``_casePathByOffset(_:)`` costs); the answer depends on the key
  /// path alone.
  @inlinable
  static func _casePathOffset<Value>(_ keyPath: CaseKeyPath<Self, Value>) -> Int? {
    MemoryLayout<AllCasePaths>.offset(of: keyPath)
  }

  /// The case path `keyPath` names, read at `offset` (which ``_casePathOffset(_:)`` gave for
  /// this key path), or through the key path when `offset` is `nil`.
  @inlinable
  static func _casePath<Value>(
    _ keyPath: CaseKeyPath<Self, Value>,
    atOffset offset: Int?
  ) -> AnyCasePath<Self, Value> {
    guard let offset else {
      return allCasePaths[keyPath: keyPath]  // a chain or a computed case path
    }
    // Safe: `offset` is what `offset(of:)` gave for this key path (callers either just asked,
    // or kept the answer beside this very key path object, which cannot change or be replaced
    // by another at its address while held). `offset(of:)` is non-nil only for a path of stored
    // properties of structs, and then it is where the stored `AnyCasePath<Self, Value>` (the key
    // path's value type) lives inside `AllCasePaths`; the pointer is read within the closure
    // and does not escape. `ResolvedCasePathTests` compares both ways for every payload layout.
    return withUnsafePointer(to: allCasePaths) { pointer in
      UnsafeRawPointer(pointer).advanced(by: offset)
        .assumingMemoryBound(to: AnyCasePath<Self, Value>.self).pointee
    }
  }

  /// Returns whether this value is the case named by `keyPath`.
  ///
  /// ```swift
  /// action.is(\.incrementButtonTapped)
  /// ```
  ///
  /// - Parameter keyPath: A key path such as `\.counter`.
  /// - Returns: `true` when the value is that case.
  public func `is`<Value>(_ keyPath: CaseKeyPath<Self, Value>) -> Bool {
    Self.casePath(keyPath).extract(from: self) != nil
  }

  /// Returns the payload of the case named by `keyPath`, or `nil` for another case.
  ///
  /// - Parameter keyPath: A key path such as `\.counter`.
  /// - Returns: The payload.
  public subscript<Value>(case keyPath: CaseKeyPath<Self, Value>) -> Value? {
    Self.casePath(keyPath).extract(from: self)
  }
}
