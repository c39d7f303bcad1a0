import Foundation

/// Where PrimeTime keeps its files on this machine.
///
/// `PRIME_TIME_DATA_DIR` wins when set to a non-empty value (tests and scripts point it at a
/// temporary directory); a relative path is resolved against the directory the process started
/// in, once, so the app keeps using the same files if it later changes directory. An empty
/// value is ignored. Otherwise Linux uses `$XDG_DATA_HOME/prime-time`, falling back to
/// `~/.local/share/prime-time`, and Apple platforms use `Application Support/prime-time`.
///
/// ```swift
/// let directory = DataDirectory.resolve(environment: ["PRIME_TIME_DATA_DIR": "/tmp/pt"])
/// // file:///tmp/pt/
/// ```
public enum DataDirectory {
  /// The environment variable that overrides the data directory.
  public static let environmentKey = "PRIME_TIME_DATA_DIR"

  /// The live data directory, resolved once from the process environment and the directory the
  /// process started in.
  public static let live: URL = resolve()

  /// Resolves the data directory from an environment.
  ///
  /// - Parameters:
  ///   - environment: The variables to read; the process environment by default.
  ///   - currentDirectory: What a relative `PRIME_TIME_DATA_DIR` is relative to.
  /// - Returns: The absolute directory URL (it may not exist yet).
  public static func resolve(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    currentDirectory: String = FileManager.default.currentDirectoryPath
  ) -> URL {
    if let override = environment[environmentKey], !override.isEmpty {
      let absolute = override.hasPrefix("/") ? override : "\(currentDirectory)/\(override)"
      return URL(fileURLWithPath: absolute, isDirectory: true).standardizedFileURL
    }
    #if canImport(Darwin)
      let base =
        FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
        ?? URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true)
        .appendingPathComponent("Library/Application Support", isDirectory: true)
      return base.appendingPathComponent("prime-time", isDirectory: true)
    #else
      if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
        return URL(fileURLWithPath: xdg, isDirectory: true)
          .appendingPathComponent("prime-time", isDirectory: true)
      }
      let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
      return URL(fileURLWithPath: home, isDirectory: true)
        .appendingPathComponent(".local/share/prime-time", isDirectory: true)
    #endif
  }
}
