import Foundation

/// What the numbers were measured on.
package struct Machine: Codable, Equatable, Sendable {
  package let cpu: String
  package let cores: Int
  package let toolchain: String
  package let date: String

  package init(cpu: String, cores: Int, toolchain: String, date: String) {
    self.cpu = cpu
    self.cores = cores
    self.toolchain = toolchain
    self.date = date
  }

  /// This machine, now.
  package static func current() -> Machine {
    Machine(
      cpu: cpuModel(),
      cores: ProcessInfo.processInfo.activeProcessorCount,
      toolchain: toolchainVersion(),
      date: ISO8601DateFormatter().string(from: Date())
    )
  }

  private static func cpuModel() -> String {
    if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
      let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
      let name = line.split(separator: ":", maxSplits: 1).last
    {
      return name.trimmingCharacters(in: .whitespaces)
    }
    return "unknown CPU"
  }

  /// The first line of `swift --version`.
  ///
  /// The Swift driver makes a temporary directory for every run and, on Linux, leaves it
  /// behind; it is pointed at one of ours, removed afterwards, so a benchmark run leaves nothing
  /// in the system's temporary directory.
  private static func toolchainVersion() -> String {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("prime-time-benchmarks-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "--version"]
    process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": scratch.path]) {
      $1
    }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = Pipe()
    guard (try? process.run()) != nil else { return "unknown toolchain" }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: output, as: UTF8.self)
    return text.split(separator: "\n").first.map(String.init) ?? "unknown toolchain"
  }
}
