import Foundation
import PrimeTimeCore
import PrimeTimeTerminal

/// `prime-time`: both apps side by side in the terminal, driven by the same keys.
@main
@MainActor
enum PrimeTimeProgram {
  static let usage = """
    usage: prime-time [--only vanilla|composable] [--episode] [--think SECONDS] [--script FILE]
                      [--width N]

    Runs the vanilla app and the composable app side by side, full screen, driven by the same
    keys; under each app, its log: the methods a vanilla screen called and the properties that
    changed, or every action the composable store received and its state's diff. The status line
    says whether both apps show the same thing on every screen. Both apps run as they are written
    today; --episode runs them as the Point-Free episodes wrote them.

      --only APP     show one app: vanilla or composable
      --episode      run both apps as the episodes wrote them (history) instead of today's designs
      --think N      both apps' nth-prime clients wait N seconds (1 to 60) before the engine
                     starts, so "Asking for the nth prime…" and its Cancel (key c) can be seen
      --script FILE  read keys from FILE instead of the keyboard and print a plain-text frame after
                     each (also when standard input or output is not a terminal: the keys are then
                     read from standard input); time is a manual clock that `wait N` moves
      --width N      the scripted frames' width (40 to 400; default 100)
      --help         print this and stop

    Keys: 1 2 3 switch screens, ? lists the keys of the screen, q quits. Each app keeps its
    favourites in <data directory>/<app>/favorite-primes.json; the data directory is
    $PRIME_TIME_DATA_DIR, else $XDG_DATA_HOME/prime-time, else ~/.local/share/prime-time
    (~/Library/Application Support/prime-time on macOS).
    """

  struct Options {
    var only: String?
    var scriptPath: String?
    var width = 100
    var thinkSeconds = 0
    var design = Design.current
  }

  static func main() async {
    let options: Options
    do {
      options = try parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
      fail("\(error)\n\nrun prime-time --help for the options", status: 2)
    }
    let interactive = options.scriptPath == nil && Terminal.isInteractive
    var settings =
      interactive
      ? PaneSettings.live
      : PaneSettings(
        dataDirectory: DataDirectory.live,
        now: { Date(timeIntervalSinceReferenceDate: 0) },
        manualTime: true
      )
    settings.nthPrimeDelay = .seconds(options.thinkSeconds)
    var panes: [any AppPane] = []
    if options.only != "composable" {
      panes.append(VanillaPane(settings: settings, design: options.design))
    }
    if options.only != "vanilla" {
      panes.append(ComposablePane(settings: settings, design: options.design))
    }
    let controller = Controller(panes: panes)
    if interactive {
      await runInteractive(controller)
    } else {
      await runScript(controller, options: options)
    }
  }

  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var remaining = arguments[...]
    func value(of flag: String) throws(UsageError) -> String {
      guard let value = remaining.popFirst() else { throw UsageError("\(flag) needs a value") }
      return value
    }
    while let argument = remaining.popFirst() {
      switch argument {
      case "--help", "-h":
        print(usage)
        exit(0)
      case "--only":
        let app = try value(of: "--only")
        guard ["vanilla", "composable"].contains(app) else {
          throw UsageError("--only takes vanilla or composable, not “\(app)”")
        }
        options.only = app
      case "--episode":
        options.design = .episode
      case "--think":
        let text = try value(of: "--think")
        guard let seconds = Int(text), (1...60).contains(seconds) else {
          throw UsageError("--think takes a number of seconds from 1 to 60, not “\(text)”")
        }
        options.thinkSeconds = seconds
      case "--script":
        options.scriptPath = try value(of: "--script")
      case "--width":
        let text = try value(of: "--width")
        guard let width = Int(text), (40...400).contains(width) else {
          throw UsageError("--width takes a number of columns from 40 to 400, not “\(text)”")
        }
        options.width = width
      default:
        throw UsageError("unknown option “\(argument)”")
      }
    }
    return options
  }

  static func runScript(_ controller: Controller, options: Options) async {
    let text: String
    let source = options.scriptPath ?? "standard input"
    do {
      if let path = options.scriptPath {
        text = try String(contentsOfFile: path, encoding: .utf8)
      } else {
        text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
      }
    } catch {
      fail("cannot read the script \(source): \(error.localizedDescription)", status: 2)
    }
    let script: Script
    do {
      script = try Script(text)
    } catch {
      fail("\(source), \(error) (nothing was run)", status: 2)
    }
    let formatter = DateFormatter()
    formatter.dateFormat = "HH:mm:ss"
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.locale = Locale(identifier: "en_US_POSIX")
    let frame = Frame(formatTime: formatter.string(from:))
    do {
      try await script.run(controller, frame: frame, width: options.width) { print($0 + "\n") }
    } catch {
      fail("\(source), \(error)", status: 1)
    }
  }

  static func runInteractive(_ controller: Controller) async {
    let formatter = DateFormatter()
    formatter.dateFormat = "HH:mm:ss"
    let frame = Frame(formatTime: formatter.string(from:))
    let terminal = Terminal()
    do {
      try terminal.enter()
    } catch {
      fail("\(error)", status: 1)
    }
    let (events, continuation) = AsyncStream<Event>.makeStream()
    let signals = watchSignals(into: continuation)
    readKeys(into: continuation)
    // Redraws only when the frame changed: a timer's tick, a callback, an effect's action.
    let ticker = Task {
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(250))
        continuation.yield(.tick)
      }
    }
    var drawn: [String] = []
    func redraw(force: Bool) {
      controller.noteChanges()
      let size = terminal.size
      let lines = frame.screen(controller, width: size.width, height: size.height)
      guard force || lines != drawn else { return }
      terminal.draw(lines)
      drawn = lines
    }
    redraw(force: true)
    loop: for await event in events {
      switch event {
      case .input(let bytes):
        for key in Key.decode(bytes) where !controller.handle(key) { break loop }
        redraw(force: false)
      case .resize:
        redraw(force: true)
      case .tick:
        redraw(force: false)
      case .stop(let number):
        terminal.restore()
        exit(128 + number)
      case .endOfInput:
        break loop
      }
    }
    ticker.cancel()
    for source in signals { source.cancel() }
    terminal.restore()
  }

  static func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("prime-time: \(message)\n".utf8))
    exit(status)
  }
}

/// A command line the program cannot run.
struct UsageError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
