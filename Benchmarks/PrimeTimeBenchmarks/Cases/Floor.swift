import BenchmarkHarness

/// The physical floor: what a state change costs with no architecture at all.
struct FloorState {
  var count = 0
  var favorites: [Int] = []
}

@inline(never)
func incrementFloor(_ state: inout FloorState) {
  state.count &+= 1
}

final class FloorBox {
  var count = 0
}

@inline(never)
func incrementBox(_ box: FloorBox) {
  box.count &+= 1
}

@MainActor
let floorBenchmarks: [Benchmark] = [
  Benchmark(name: "Floor.InoutMutate", pair: "counter +1", style: .floor) {
    var state = FloorState()
    return .sync { iterations in
      for _ in 0..<iterations { incrementFloor(&state) }
      blackHole(state.count)
    }
  },
  Benchmark(name: "Floor.ClassFieldWrite", pair: "counter +1", style: .floor) {
    let box = FloorBox()
    return .sync { iterations in
      for _ in 0..<iterations { incrementBox(box) }
      blackHole(box.count)
    }
  },
]
