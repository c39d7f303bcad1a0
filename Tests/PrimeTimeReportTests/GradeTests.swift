import Foundation
import Testing

@testable import PrimeTimeReport

/// The package root, where `Mutants/` is.
private let root = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private func mutant(_ name: String) throws -> Mutant {
  try Grade.mutant(named: name, root: root)
}

private func run(_ tests: [XUnitReport.TestCase], aborted: String? = nil) -> SuiteRun {
  SuiteRun(tests: tests, aborted: aborted, seconds: 1)
}

private let passing = XUnitReport.TestCase(name: "CounterTests.plusButton", failures: [])
private let failing = XUnitReport.TestCase(
  name: "CounterTests.plusButton",
  failures: ["Issue recorded (error): Expectation failed: (view.countLabel → \"-1\") == \"1\""]
)

/// Each verdict of `prime-time-report grade`, with the exit status a script reads.
@Suite struct GradeTests {
  @Test func aMistakeYourTestFailsOnIsCaught() throws {
    let verdict = Grade.judge(
      patched: run([failing]),
      mutant: try mutant("composable-plus-button-decrements")
    )
    #expect(verdict.kind == .caught)
    #expect(verdict.exitStatus == 0)
    #expect(
      verdict.text == """
        caught: with the mistake composable-plus-button-decrements applied, \
        CounterTests.plusButton failed with:
          Expectation failed: (view.countLabel → "-1") == "1"
        """
    )
  }

  @Test func aMistakeYourTestsPassOnIsNotCaught() throws {
    let verdict = Grade.judge(
      patched: run([passing]),
      mutant: try mutant("composable-plus-button-decrements")
    )
    #expect(verdict.kind == .notCaught)
    #expect(verdict.exitStatus == 1)
    #expect(verdict.text.hasPrefix("not caught: 1 test(s) passed with the mistake"))
    #expect(verdict.text.contains("The mistake: The + button calls the decrement."))
    #expect(verdict.text.contains("Mutants/mistakes/composable-plus-button-decrements.patch"))
  }

  @Test func aCrashWithTheMistakeAppliedCountsAsCaught() throws {
    let verdict = Grade.judge(
      patched: run([], aborted: "crash"),
      mutant: try mutant("composable-nth-prime-answer-twice")
    )
    #expect(verdict.kind == .caught)
    #expect(verdict.text.hasSuffix("applied, the test process crashed"))
  }

  @Test func aRefactorYourTestsPassOnIsNoFalseAlarm() throws {
    let verdict = Grade.judge(
      patched: run([passing, passing]),
      mutant: try mutant("composable-cache-count-label")
    )
    #expect(verdict.kind == .noFalseAlarm)
    #expect(verdict.exitStatus == 0)
    #expect(
      verdict.text
        == "no false alarm: 2 test(s) passed with the refactor composable-cache-count-label applied."
    )
  }

  @Test func aRefactorYourTestFailsOnIsAFalseAlarm() throws {
    let verdict = Grade.judge(
      patched: run([passing, failing]),
      mutant: try mutant("composable-cache-count-label")
    )
    #expect(verdict.kind == .falseAlarm)
    #expect(verdict.exitStatus == 1)
    #expect(verdict.text.hasPrefix("false alarm: the refactor composable-cache-count-label"))
    #expect(verdict.text.contains("CounterTests.plusButton failed with:"))
  }

  @Test func testsThatFailOnTheUnchangedAppGradeNothing() {
    let verdict = Grade.judgeUnchanged(run([passing, failing]), filter: "CounterTests")
    #expect(verdict?.kind == .failsUnchanged)
    #expect(verdict?.exitStatus == 1)
    #expect(verdict?.text.hasPrefix("your tests fail on the unchanged app") == true)
    #expect(verdict?.text.contains("(view.countLabel → \"-1\")") == true)
  }

  @Test func aFilterThatMatchesNoTestIsAnError() {
    let verdict = Grade.judgeUnchanged(run([]), filter: "CountrTests")
    #expect(verdict?.kind == .noTests)
    #expect(verdict?.exitStatus == 2)
    #expect(verdict?.text.hasPrefix("no test matched --test \"CountrTests\"") == true)
  }

  @Test func passingTestsOnTheUnchangedAppGoOnToThePatch() {
    #expect(Grade.judgeUnchanged(run([passing]), filter: "CounterTests") == nil)
  }

  @Test func anUnknownPatchNamesTheClosestOnes() {
    #expect {
      try Grade.mutant(named: "plus-button", root: root)
    } throws: { error in
      "\(error)".hasPrefix("grade: no patch named plus-button in Mutants/; did you mean: ")
        && "\(error)".contains("composable-plus-button-decrements")
    }
  }

  @Test func optionsAreReadAndCheckedBeforeAnyBuild() throws {
    #expect(
      try Grade.Options.parse(["--mistake", "x.patch", "--test", "T"])
        == Grade.Options(mistake: "x", filter: "T", scratch: ".build/mutants")
    )
    #expect(
      try Grade.Options.parse(["--live-defaults", "--mistake", "x", "--test", "T"])
        == Grade.Options(mistake: "x", filter: "T", scratch: ".build/mutants", liveDefaults: true)
    )
    #expect(try Grade.Options.parse(["--help"]) == nil)
    for (arguments, message) in [
      (["--mistake", "x"], "grade: --test FILTER is required"),
      (["--test", "T"], "grade: --mistake NAME is required"),
      (["--mistake", "--test", "T"], "grade: --mistake needs a value (see grade --help)"),
      (
        ["--mistake", "x", "--test", "T", "--fast"],
        "grade: unknown argument --fast (see grade --help)"
      ),
    ] {
      let error = try #require(throws: ReportError.self) { try Grade.Options.parse(arguments) }
      #expect(error.description == message)
    }
  }
}

/// Reading Swift Testing's xUnit report.
@Suite struct XUnitReportTests {
  @Test func testsAndTheirFailureMessagesAreRead() {
    let xml = """
      <testsuite name="TestResults" tests="2" failures="1">
        <testcase classname="ComposablePrimeTimeTests.CounterTests" name="happyPath()" time="0.1" >
          <failure message="Issue recorded (error): received 1 unexpected action: &#8230;&#10;  [0]: &quot;a&quot; &lt; b &amp;&#x2192;" />
        </testcase>
        <testcase classname="ComposablePrimeTimeTests.CounterTests" name="increment()" time="0.1" />
      </testsuite>
      """
    #expect(
      XUnitReport(xml: xml).tests == [
        XUnitReport.TestCase(
          name: "CounterTests.happyPath",
          failures: ["Issue recorded (error): received 1 unexpected action: …\n  [0]: \"a\" < b &→"]
        ),
        XUnitReport.TestCase(name: "CounterTests.increment", failures: []),
      ]
    )
  }
}
