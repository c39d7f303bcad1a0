import Testing

@testable import ComposableArchitecture

/// The flag that says whether a presented child ever started an effect at a key path.
///
/// It is an atomic where the system has one, a lock-guarded `Bool` on older Apple systems. Both
/// kinds are tested here on every system (and under ThreadSanitizer in CI, which reports a flag
/// read and set on several threads without synchronization).
@Suite(.timeLimit(.minutes(1)))
struct StartedFlagTests {
  static let kinds: [(String, @Sendable () -> _StartedFlag)] = [
    ("for this system", { _StartedFlag.make() }),
    ("guarded by a lock", { _StartedFlag.makeLocked() }),
  ]

  /// A flag starts unset, and once set stays set.
  @Test(arguments: 0..<2)
  func aFlagStartsUnsetAndStaysSetOnceSet(kind: Int) {
    let (name, make) = Self.kinds[kind]
    let flag = make()
    #expect(!flag.isSet, "\(name)")
    flag.set()
    #expect(flag.isSet, "\(name)")
    flag.set()
    #expect(flag.isSet, "\(name)")
  }

  /// Where the system has `Atomic`, records use the atomic flag (on Linux, always).
  @Test func thisSystemsFlagIsTheAtomicOneWhereThereIsOne() {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
      #expect(_StartedFlag.make() is _AtomicStartedFlag)
    } else {
      #expect(!(_StartedFlag.make() is _AtomicStartedFlag))
    }
  }

  /// Set on some threads while others read it: every reader afterwards sees it set.
  @Test(arguments: 0..<2)
  func aFlagSetOnOneThreadIsSeenOnTheOthers(kind: Int) async {
    let (name, make) = Self.kinds[kind]
    let flag = make()
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<8 {
        group.addTask {
          for _ in 0..<1_000 {
            if task.isMultiple(of: 2) { flag.set() } else { _ = flag.isSet }
          }
        }
      }
    }
    #expect(flag.isSet, "\(name)")
  }
}
