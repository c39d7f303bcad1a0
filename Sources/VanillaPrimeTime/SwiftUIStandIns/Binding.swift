/// A stand-in for SwiftUI's `Binding`: read and write access to a value owned elsewhere.
///
/// SwiftUI is not available on Linux, so this module carries the part of it the screens use,
/// with the same shape: screens declare `@Binding var favoritePrimes: [Int]`, a parent passes
/// `Binding(state, \.favoritePrimes)`, and `$favoritePrimes` is the binding itself.
///
/// ```swift
/// let state = AppState()
/// let view = FavoritePrimesView(
///   favoritePrimes: Binding(state, \.favoritePrimes),
///   activityFeed: Binding(state, \.activityFeed)
/// )
/// view.favoritePrimes = [2, 3]  // writes state.favoritePrimes
/// ```
@MainActor
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
  private let get: () -> Value
  private let set: (Value) -> Void

  /// Creates a binding from a getter and a setter.
  ///
  /// - Parameters:
  ///   - get: Reads the value.
  ///   - set: Writes the value.
  public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
    self.get = get
    self.set = set
  }

  /// A binding to a property of an object (SwiftUI's `$model.property`).
  ///
  /// - Parameters:
  ///   - object: The owner of the value.
  ///   - keyPath: The property.
  public init<Root: AnyObject>(_ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>) {
    self.init(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
  }

  /// A binding to a value that never changes (for previews and tests).
  ///
  /// - Parameter value: The value.
  /// - Returns: A binding whose writes are ignored.
  public static func constant(_ value: Value) -> Binding {
    Binding(get: { value }, set: { _ in })
  }

  /// The value.
  public var wrappedValue: Value {
    get { get() }
    nonmutating set { set(newValue) }
  }

  /// The binding itself (`$favoritePrimes`).
  public var projectedValue: Binding<Value> { self }

  /// A binding to a property of the value (`$state.count`).
  public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Binding<Member>
  {
    Binding<Member>(
      get: { self.wrappedValue[keyPath: keyPath] },
      set: { newValue in
        var value = self.wrappedValue
        value[keyPath: keyPath] = newValue
        self.wrappedValue = value
      }
    )
  }
}
