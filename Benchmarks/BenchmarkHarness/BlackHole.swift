/// Consumes a value so the optimizer cannot delete the work that produced it.
@inline(never)
package func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// Returns its argument through a function the optimizer cannot see into.
@inline(never)
package func opaque<T>(_ value: T) -> T { value }
