import Foundation

/// The tests of one run, as Swift Testing's xUnit report lists them.
struct XUnitReport {
  /// One test and, when it failed, the message of each issue it recorded.
  struct TestCase: Equatable {
    /// `Suite.test`, without the argument list.
    let name: String
    let failures: [String]
    var failed: Bool { !failures.isEmpty }
  }

  let tests: [TestCase]

  /// Reads every `<testcase>` element and its `<failure message="…">` children.
  init(xml: String) {
    var tests: [TestCase] = []
    let testcase = /<testcase classname="([^"]*)" name="([^"(]*)\(?[^"]*"[^>]*?(\/?)>/
    let failure = /<failure message="([^"]*)"/
    var index = xml.startIndex
    while let match = xml[index...].firstMatch(of: testcase) {
      let (_, classname, name, selfClosing) = match.output
      let rest = xml[match.range.upperBound...]
      var messages: [String] = []
      if selfClosing.isEmpty {
        let close = rest.range(of: "</testcase>")?.lowerBound ?? rest.endIndex
        messages = rest[..<close].matches(of: failure).map { Self.unescape(String($0.output.1)) }
      }
      let suite = classname.split(separator: ".").last.map(String.init) ?? String(classname)
      tests.append(TestCase(name: "\(suite).\(name)", failures: messages))
      index = match.range.upperBound
    }
    self.tests = tests
  }

  /// Replaces XML's character references and the five named entities.
  static func unescape(_ text: String) -> String {
    var result = ""
    var rest = Substring(text)
    while let amp = rest.firstIndex(of: "&") {
      result += rest[..<amp]
      guard let semicolon = rest[amp...].firstIndex(of: ";") else { break }
      let entity = rest[rest.index(after: amp)..<semicolon]
      let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
      if let character = named[String(entity)] {
        result += character
      } else if entity.hasPrefix("#x"), let code = UInt32(entity.dropFirst(2), radix: 16),
        let scalar = Unicode.Scalar(code)
      {
        result.unicodeScalars.append(scalar)
      } else if entity.hasPrefix("#"), let code = UInt32(entity.dropFirst()),
        let scalar = Unicode.Scalar(code)
      {
        result.unicodeScalars.append(scalar)
      } else {
        result += rest[amp...semicolon]
      }
      rest = rest[rest.index(after: semicolon)...]
    }
    return result + rest
  }
}
