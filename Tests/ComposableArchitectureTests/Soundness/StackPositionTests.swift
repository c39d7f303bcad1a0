import ComposableArchitectureTesting
import Testing

@testable import ComposableArchitecture

/// A stack finds its top element without hashing its ID, and every other one in its table.
///
/// The shortcut is only sound while the IDs and the table of positions agree.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct StackPositionTests {
  /// After every kind of change (pushes, pops from the top and from the middle, inserts and
  /// removals anywhere, writes by ID, a whole replacement), each ID is found at its position both
  /// ways, and a removed ID is found nowhere.
  @Test func theTopElementIsFoundWhereTheTableWouldFindIt() {
    withDependencies {
      $0.stackElementID = .incrementing
    } operation: {
      var stack: StackState<Int> = [0, 1, 2]
      var gone: [StackElementID] = []
      // A fixed script of 400 changes from a linear congruential sequence: the same every run.
      var seed: UInt64 = 0x5DEE_CE66
      func next(_ bound: Int) -> Int {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((seed >> 33) % UInt64(bound))
      }
      for step in 0..<400 {
        let before = stack.ids
        switch next(7) {
        case 0, 1: stack.append(step)
        case 2 where !stack.isEmpty: stack.popLast()
        case 3 where !stack.isEmpty: stack.pop(from: stack.ids[next(stack.count)])
        case 4: stack.insert(step, at: next(stack.count + 1))
        case 5 where !stack.isEmpty: stack.remove(at: next(stack.count))
        case 6 where !stack.isEmpty: stack[id: stack.ids[next(stack.count)]] = step
        default: stack = [step]
        }
        gone += before.filter { !stack.ids.contains($0) }
        for (position, id) in stack.ids.enumerated() {
          #expect(stack._position(of: id) == position, "step \(step), \(id)")
          #expect(stack.positions[id] == position, "step \(step), \(id)")
        }
        for id in gone.suffix(8) {
          #expect(stack._position(of: id) == nil, "step \(step), removed \(id)")
        }
        #expect(stack.ids.count == stack.count)
      }
    }
  }
}
