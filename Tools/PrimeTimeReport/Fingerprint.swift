import Foundation

/// A short hash of everything a matrix run depends on.
///
/// That is the apps, their libraries, both suites, the patches and this tool — all of it but
/// its mechanical mutation code (`Mutation/`), which the matrix does not run. The docs' table
/// records it; CI recomputes it and fails when the table was measured on other sources.
enum Fingerprint {
  static let inputs = Scratch.folders + ["Mutants", "Tools/PrimeTimeReport"]

  /// Left out of ``inputs``: the matrix does not depend on it (the mechanical report does, and
  /// adds it back).
  static let excluded = ["Tools/PrimeTimeReport/Mutation/"]

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
    // A folder named in `folders` is read in full, even if it is normally left out.
    let excluded = excluded.filter { prefix in !folders.contains { "\($0)/".hasPrefix(prefix) } }
    var paths: Set<String> = []
    for folder in folders {
      let base = root.appendingPathComponent(folder)
      guard let enumerator = FileManager.default.enumerator(atPath: base.path) else {
        throw ReportError("\(folder) is missing: run prime-time-report from the package root")
      }
      for case let relative as String in enumerator
      where relative.hasSuffix(".swift") || relative.hasSuffix(".patch") {
        let path = "\(folder)/\(relative)"
        if !excluded.contains(where: { path.hasPrefix($0) }) { paths.insert(path) }
      }
    }
    return paths.sorted()
  }
}
