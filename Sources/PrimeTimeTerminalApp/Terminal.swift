import Dispatch
import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// The terminal in full-screen mode: raw keys, the alternate screen, no cursor; and back as it
/// was on every way out (q, Ctrl-C, SIGINT, SIGTERM, SIGHUP).
@MainActor
final class Terminal {
  private var original = termios()
  private var isRaw = false

  /// Whether both standard input and standard output are a terminal.
  static var isInteractive: Bool { isatty(0) == 1 && isatty(1) == 1 }

  /// The window's columns and lines (80×24 when the terminal does not say).
  var size: (width: Int, height: Int) {
    var window = winsize()
    guard ioctl(1, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
      return (80, 24)
    }
    return (Int(window.ws_col), Int(window.ws_row))
  }

  /// Switches to raw keys and the alternate screen.
  func enter() throws {
    guard tcgetattr(0, &original) == 0 else {
      throw TerminalError(
        "cannot read the terminal's settings: \(String(cString: strerror(errno)))"
      )
    }
    var raw = original
    // No echo, no line editing, no signals from keys (Ctrl-C arrives as a key), no flow
    // control or carriage-return translation on input; output processing stays as it was.
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
    withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    guard tcsetattr(0, TCSAFLUSH, &raw) == 0 else {
      throw TerminalError(
        "cannot switch the terminal to raw mode: \(String(cString: strerror(errno)))"
      )
    }
    isRaw = true
    write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
  }

  /// Puts the terminal back as it was (safe to call more than once).
  func restore() {
    guard isRaw else { return }
    isRaw = false
    write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
    tcsetattr(0, TCSAFLUSH, &original)
  }

  /// Draws `lines` from the top-left corner, each line replacing what was there.
  func draw(_ lines: [String]) {
    var output = "\u{1B}[H"
    for (index, line) in lines.enumerated() {
      output += line + "\u{1B}[K"
      if index < lines.count - 1 { output += "\r\n" }
    }
    write(output + "\u{1B}[J")
  }

  private func write(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return -1 }
        return Foundation.write(1, base + offset, buffer.count - offset)
      }
      if written <= 0 { return }
      offset += written
    }
  }
}

/// A terminal that could not be set up.
struct TerminalError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// What wakes the program: keys, a resize, a signal to stop, or the clock.
enum Event: Sendable {
  case input([UInt8])
  case resize
  case stop(Int32)
  case tick
  case endOfInput
}

/// Reads standard input on a thread of its own (a blocking read), and delivers the bytes.
func readKeys(into continuation: AsyncStream<Event>.Continuation) {
  let thread = Thread {
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else {
        continuation.yield(.endOfInput)
        return
      }
      continuation.yield(.input(Array(buffer[0..<count])))
    }
  }
  thread.start()
}

/// Turns SIGWINCH into `.resize` and SIGINT, SIGTERM and SIGHUP into `.stop`, on the main queue.
func watchSignals(into continuation: AsyncStream<Event>.Continuation) -> [any DispatchSourceSignal]
{
  [SIGWINCH, SIGINT, SIGTERM, SIGHUP].map { number in
    signal(number, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
    source.setEventHandler {
      continuation.yield(number == SIGWINCH ? .resize : .stop(number))
    }
    source.resume()
    return source
  }
}
