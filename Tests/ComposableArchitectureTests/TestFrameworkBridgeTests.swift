import ComposableArchitectureTesting
import Foundation
import Testing

/// Proves that TestStore failures reach the test framework that is running: a failure that
/// went to the other framework would be dropped silently and the test would pass.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct TestFrameworkBridgeTests {
  /// The test store's own module links no test framework; it finds the bridge by name.
  @Test func theTestStoreModuleFindsTheBridgeByName() {
    #expect(_linkedBridge() == TestFrameworkBridge.self)
  }

  @Test func aFailingAssertionIsASwiftTestingIssueAtTheCallersLine() async {
    let store = TestStore(initialState: Tally.State()) { Tally() }
    let line = #line + 2
    await withKnownIssue {
      await store.send(.incrementButtonTapped) { $0.count = 2 }
    } matching: { issue in
      issue.sourceLocation?.fileID == #fileID && issue.sourceLocation?.line == line
    }
  }

  #if os(Linux)
    @Test func aFailingAssertionFailsAnXCTestCase() throws {
      let result = try Self.runXCTest(
        "ComposableArchitectureTests.XCTestRoutingTests/testFailingTestStoreAssertion",
        environment: ["PRIME_TIME_XCTEST_ROUTING": "fail"]
      )
      #expect(result.status != 0, "\(result.output)")
      #expect(
        result.output.contains(
          "XCTestRoutingTests.swift:\(XCTestRoutingTests.failingLine): error:"
        ),
        "\(result.output)"
      )
      #expect(result.output.contains("A state change does not match expectation"))
      #expect(result.output.contains("Executed 1 test, with 1 failure"))
    }

    @Test func aPassingAssertionPassesAnXCTestCase() throws {
      let result = try Self.runXCTest(
        "ComposableArchitectureTests.XCTestRoutingTests/testPassingTestStoreAssertion",
        environment: [:]
      )
      #expect(result.status == 0, "\(result.output)")
      #expect(result.output.contains("Executed 1 test, with 0 failures"), "\(result.output)")
    }

    /// Runs one XCTest case of this test bundle in a child process (XCTest mode: no
    /// `--testing-library swift-testing` argument) and returns its exit status and output.
    static func runXCTest(
      _ testName: String,
      environment: [String: String]
    ) throws -> (status: Int32, output: String) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
      process.arguments = [testName]
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
      let pipe = Pipe()
      process.standardOutput = pipe
      process.standardError = pipe
      try process.run()
      let output = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
  #endif
}
