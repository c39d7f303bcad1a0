import Foundation

/// Runs a command and captures its output, with a time limit.
enum Shell {
  struct Result {
    let status: Int32
    let output: String
    let timedOut: Bool
    let seconds: Double
  }

  static func run(
    _ arguments: [String],
    in directory: URL,
    environment extra: [String: String] = [:],
    timeLimit: Double = 900
  ) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    for (key, value) in extra { environment[key] = value }
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    let collected = OutputBuffer()
    output.fileHandleForReading.readabilityHandler = { handle in
      collected.append(handle.availableData)
    }
    let start = Date()
    try process.run()
    let deadline = Date().addingTimeInterval(timeLimit)
    var timedOut = false
    while process.isRunning {
      if Date() > deadline {
        timedOut = true
        process.terminate()
        Thread.sleep(forTimeInterval: 2)
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        break
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    process.waitUntilExit()
    output.fileHandleForReading.readabilityHandler = nil
    collected.append(output.fileHandleForReading.readDataToEndOfFile())
    return Result(
      status: process.terminationStatus,
      output: collected.text,
      timedOut: timedOut,
      seconds: Date().timeIntervalSince(start)
    )
  }
}

/// Bytes read from a pipe on another thread.
final class OutputBuffer: @unchecked Sendable {
  // @unchecked Sendable is safe: `data` is only touched while `lock` is held.
  private let lock = NSLock()
  private var data = Data()

  func append(_ chunk: Data) { lock.withLock { data.append(chunk) } }
  var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}
