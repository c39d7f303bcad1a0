/// A path to a part of a value that an operator reads and changes on every action.
@usableFromInline
protocol _WritablePath<Root, Value> {
  associatedtype Root
  associatedtype Value
  /// Runs `body` on the part, in place.
  func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result
  /// Runs `body` on the part, without copying it out of `root` where the path allows.
  func read<Result>(_ root: Root, _ body: (borrowing Value) -> Result) -> Result
  /// Runs `body` on the part of a `root` held in place, without writing it back: reaching the
  /// part by its offset copies neither the root nor the part, and a path without one is read
  /// through its getter, so no setter or `didSet` runs.
  func peek<Result>(_ root: inout Root, _ body: (borrowing Value) -> Result) -> Result
}

extension WritableKeyPath: _WritablePath {
  @inlinable
  func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
    body(&root[keyPath: self])
  }

  @inlinable
  func read<Result>(_ root: Root, _ body: (borrowing Value) -> Result) -> Result {
    body(root[keyPath: self])
  }

  @inlinable
  func peek<Result>(_ root: inout Root, _ body: (borrowing Value) -> Result) -> Result {
    body(root[keyPath: self])
  }
}

/// A writable key path resolved once, when a store builds its reducer.
///
/// Applying a key path goes through the runtime on every use (a computed property's getter and
/// setter, found through the key path's components). When the path names stored properties of a struct, all the way down,
/// the part lives at a fixed byte offset inside the value, and `MemoryLayout.offset(of:)`
/// reports it; the part is then reached by pointer arithmetic, as the compiler itself would
/// for `state.child`. Any other path (a computed property such as a property wrapper's `$`
/// projection, a subscript, a class) is applied as a key path.
@usableFromInline
struct _ResolvedKeyPath<Root, Value>: _WritablePath {
  @usableFromInline let keyPath: WritableKeyPath<Root, Value>
  @usableFromInline let offset: Int?

  @inlinable
  init(_ keyPath: WritableKeyPath<Root, Value>) {
    self.keyPath = keyPath
    self.offset = MemoryLayout<Root>.offset(of: keyPath)
  }

  @inlinable
  func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
    guard let offset else { return body(&root[keyPath: keyPath]) }
    // Safe: `root` is held exclusively for the call, `offset` is where the stored `Value` sits
    // inside it (memory bound to a struct is bound to its stored properties' types), and the
    // pointer does not escape `body`.
    return withUnsafeMutablePointer(to: &root) { pointer in
      let part = UnsafeMutableRawPointer(pointer).advanced(by: offset)
      return body(&part.assumingMemoryBound(to: Value.self).pointee)
    }
  }

  @inlinable
  func peek<Result>(_ root: inout Root, _ body: (borrowing Value) -> Result) -> Result {
    guard let offset else { return body(root[keyPath: keyPath]) }
    // Safe for the reasons given in `modify`; the part is only read, and only for the call.
    return withUnsafeMutablePointer(to: &root) { pointer in
      let part = UnsafeRawPointer(pointer).advanced(by: offset)
      return body(part.assumingMemoryBound(to: Value.self).pointee)
    }
  }

  /// Runs `body` on the part in place: a copy of the part would retain every reference it
  /// holds (a presentation's box and identity), only to release them again.
  @inlinable
  func read<Result>(_ root: Root, _ body: (borrowing Value) -> Result) -> Result {
    _readPart(of: root, at: offset, else: keyPath, body)
  }
}

/// Runs `body` on the part of `root` at `offset`, borrowed in place; without an offset, on the
/// part that `keyPath` reads.
@inlinable
func _readPart<Root, Value, Result>(
  of root: Root,
  at offset: Int?,
  else keyPath: KeyPath<Root, Value>,
  _ body: (borrowing Value) -> Result
) -> Result {
  guard let offset else { return body(root[keyPath: keyPath]) }
  // Safe for the reasons given in `_ResolvedKeyPath.modify`; the part is only borrowed, while
  // `root` is held for the call.
  return withUnsafePointer(to: root) { pointer in
    let part = UnsafeRawPointer(pointer).advanced(by: offset)
    return body(part.assumingMemoryBound(to: Value.self).pointee)
  }
}

/// A key path that a child store reads its state through, resolved once, when the store is
/// made: by its byte offset when it names stored properties of a struct all the way down (see
/// ``_ResolvedKeyPath``), else through the key path.
@usableFromInline
struct _ResolvedReadPath<Root, Value> {
  @usableFromInline let keyPath: KeyPath<Root, Value>
  @usableFromInline let offset: Int?

  @inlinable
  init(_ keyPath: KeyPath<Root, Value>) {
    self.keyPath = keyPath
    self.offset = MemoryLayout<Root>.offset(of: keyPath)
  }

  /// The part of `root` the path names.
  @inlinable
  func get(_ root: Root) -> Value {
    _readPart(of: root, at: offset, else: keyPath) { copy $0 }
  }
}
