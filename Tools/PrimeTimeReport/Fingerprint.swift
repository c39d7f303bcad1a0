import Foundation

/// A short hash of everything a matrix run depends on.
///
/// That is the apps, their libraries, both suites, the patches and this tool. The docs' table
/// records it; CI recomputes it and fails when the table was measured on other sources.
enum Fingerprint {
  static let inputs = Scratch.folders + ["Mutants", "Tools/PrimeTimeReport"]

  static func of(root: URL, inputs: [String] = inputs) throws -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, 64 bits
    func mix(_ bytes: some Sequence<UInt8>) {
      for byte in bytes {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01b3
      }
    }
    for path in try files(under: inputs, root: root) {
      mix(path.utf8)
      mix(try Data(contentsOf: root.appendingPathComponent(path)))
    }
    return String(hash, radix: 16, uppercase: false)
  }

  /// The files under `folders`, relative to `root`, sorted.
  static func files(under folders: [String], root: URL) throws -> [String] {
    var paths: [String] = []
    for folder in folders {
      let base = root.appendingPathComponent(folder)
      guard let enumerator = FileManager.default.enumerator(atPath: base.path) else {
        throw ReportError("\(folder) is missing: run prime-time-report from the package root")
      }
      for case let relative as String in enumerator
      where relative.hasSuffix(".swift") || relative.hasSuffix(".patch") {
        paths.append("\(folder)/\(relative)")
      }
    }
    return paths.sorted()
  }
}
