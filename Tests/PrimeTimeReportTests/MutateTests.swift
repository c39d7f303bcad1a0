import Foundation
import Testing

@testable import PrimeTimeReport

/// The package root, where the apps' sources are.
private let root = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The mechanical mutation operators, on small sources written for them and on the real apps.
@Suite struct MutateTests {
  /// Every operator, on one source that gives each something to do.
  static let sample = """
    /// A comment: count + 1 == 2 && true
    struct Model {
      var count = 0
      func step() {
        count += 1
        let text = "a + b == c \\(count + 1)"
        if count < 10 {
          items.append(count)
        }
        total = count - 2
        guard isReady else { return }
        task?.cancel()
        try await clock.sleep(for: .seconds(1))
        _ = flag == other || other != flag
        x = y >= 3 ? 1 : 2 /* a > b */
      }
    }
    struct CounterScreen {
      var body: Screen {
        .counter(
          decrement: { model.decrementButtonTapped() },
          increment: { model.incrementButtonTapped() }
        )
      }
    }
    """

  func mutants(_ text: String = sample) throws -> [MechanicalMutant] {
    try MutationOperators.mutants(of: text, app: .vanilla, path: "Model.swift", role: .logic)
  }

  /// Each mutant changes exactly one line (or removes it), and reverting it gives back the text
  /// it was made from, byte for byte.
  @Test func eachMutantAppliesAndRevertsExactly() throws {
    let all = try mutants()
    #expect(all.count > 20)
    let original = Self.sample.split(separator: "\n", omittingEmptySubsequences: false)
    for mutant in all {
      let mutated = try mutant.apply(to: Self.sample)
      #expect(mutated != Self.sample, "\(mutant.diff)")
      let lines = mutated.split(separator: "\n", omittingEmptySubsequences: false)
      if mutant.replacement == nil {
        var expected = original
        expected.remove(at: mutant.line - 1)
        #expect(lines == expected, "\(mutant.diff)")
      } else {
        #expect(lines.count == original.count)
        let changed = original.indices.filter { lines[$0] != original[$0] }
        #expect(changed == [mutant.line - 1], "\(mutant.diff)")
      }
      #expect(try mutant.revert(mutated) == Self.sample, "\(mutant.diff)")
    }
  }

  /// What each operator makes of the sample, as the one-line diffs a report lists.
  @Test func eachOperatorIsApplied() throws {
    let byOperator = Dictionary(grouping: try mutants(), by: \.op).mapValues {
      $0.map { "\($0.line): \($0.diff)" }
    }
    #expect(
      byOperator[.arithmetic] == [
        "5: - count += 1  →  + count -= 1",
        "10: - total = count - 2  →  + total = count + 2",
      ]
    )
    #expect(
      byOperator[.comparison] == [
        "7: - if count < 10 {  →  + if count <= 10 {",
        "14: - _ = flag == other || other != flag  →  + _ = flag != other || other != flag",
        "14: - _ = flag == other || other != flag  →  + _ = flag == other || other == flag",
        "15: - x = y >= 3 ? 1 : 2 /* a > b */  →  + x = y > 3 ? 1 : 2 /* a > b */",
      ]
    )
    #expect(
      byOperator[.boolean] == [
        "7: - if count < 10 {  →  + if !(count < 10) {",
        "11: - guard isReady else { return }  →  + guard !(isReady) else { return }",
        "14: - _ = flag == other || other != flag  →  + _ = flag == other && other != flag",
      ]
    )
    #expect(
      byOperator[.constant] == [
        "3: - var count = 0  →  + var count = 1",
        "5: - count += 1  →  + count += 2",
        "7: - if count < 10 {  →  + if count < 11 {",
        "10: - total = count - 2  →  + total = count - 3",
        "13: - try await clock.sleep(for: .seconds(1))  →  + try await clock.sleep(for: .seconds(2))",
        "15: - x = y >= 3 ? 1 : 2 /* a > b */  →  + x = y >= 4 ? 1 : 2 /* a > b */",
        "15: - x = y >= 3 ? 1 : 2 /* a > b */  →  + x = y >= 3 ? 2 : 2 /* a > b */",
        "15: - x = y >= 3 ? 1 : 2 /* a > b */  →  + x = y >= 3 ? 1 : 3 /* a > b */",
      ]
    )
    #expect(
      byOperator[.removal] == [
        "5: - count += 1  →  (line removed)",
        "8: - items.append(count)  →  (line removed)",
        "10: - total = count - 2  →  (line removed)",
        "12: - task?.cancel()  →  (line removed)",
        "15: - x = y >= 3 ? 1 : 2 /* a > b */  →  (line removed)",
      ]
    )
    #expect(
      byOperator[.awaitDropped] == [
        "13: - try await clock.sleep(for: .seconds(1))  →  (line removed)"
      ]
    )
    #expect(
      byOperator[.callSite] == [
        "21: - decrement: { model.decrementButtonTapped() },  →  + decrement: { model.incrementButtonTapped() },",
        "22: - increment: { model.incrementButtonTapped() }  →  + increment: { model.decrementButtonTapped() }",
      ]
    )
  }

  /// Comments, doc comments, strings and interpolations are never changed.
  @Test func commentsAndStringsAreNotCode() throws {
    for mutant in try mutants() {
      #expect(mutant.line != 1, "\(mutant.diff)")
      #expect(mutant.line != 6, "\(mutant.diff)")
      #expect(!(mutant.replacement ?? "").contains("a < b"), "\(mutant.diff)")
    }
    let text = try SourceText("let s = \"\\(a ? \"x + y\" : \"z\") + w\" + t // c == d")
    let code = text.code(0)
    #expect(code.count == text.text(0).count)
    #expect(code.hasPrefix("let s = ") && code.contains(" + t "))
    #expect(!code.contains("x") && !code.contains("w") && !code.contains("=="))
  }

  /// The composable style's cancellations are effects: returned instead, or dropped from a chain.
  @Test func aComposableCancellationIsRemoved() throws {
    let text = """
      case .cancelTapped:
        state.isLoading = false
        return .cancel(id: CancelID.load)
      case .loadTapped:
        return .run { send in await send(.loaded) }
          .cancellable(id: CancelID.load, cancelInFlight: true)
      """
    let removals = try MutationOperators.mutants(
      of: text,
      app: .composable,
      path: "F.swift",
      role: .logic
    ).filter { $0.op == .removal }.map { "\($0.line): \($0.diff)" }
    #expect(
      removals == [
        "2: - state.isLoading = false  →  (line removed)",
        "3: - return .cancel(id: CancelID.load)  →  + return .none",
        "6: - .cancellable(id: CancelID.load, cancelInFlight: true)  →  (line removed)",
      ]
    )
  }

  /// A file the lexer cannot read is an error naming the line, not a mutant in a comment.
  @Test func anUnterminatedCommentIsAnError() throws {
    let error = try #require(throws: SourceText.LexError.self) {
      try SourceText("let a = 1\n/* never closed\nlet b = a + 1")
    }
    #expect(error.description == "an unterminated block comment that opens on line 2")
    #expect(throws: SourceText.LexError.self) { try SourceText("let s = \"open") }
  }

  /// A mutant applies only to the text it was made from.
  @Test func aMutantRefusesOtherText() throws {
    let mutant = try #require(try mutants().first)
    #expect(throws: MechanicalMutant.ApplyError.self) {
      try mutant.apply(to: Self.sample.replacingOccurrences(of: "count", with: "total"))
    }
  }

  /// On the real apps: the same operators find work in both, every file of the list is read,
  /// and the order is fixed.
  @Test func theAppsMutantsAreGeneratedInAFixedOrder() throws {
    let first = try MutationOperators.all(root: root)
    let second = try MutationOperators.all(root: root)
    #expect(first == second)
    for app in Mutant.App.allCases {
      let ofApp = first.filter { $0.app == app }
      #expect(ofApp.count > 40)
      for op in [
        MechanicalMutant.Operator.arithmetic, .constant, .removal, .callSite, .awaitDropped,
      ] {
        #expect(ofApp.contains { $0.op == op }, "\(app) has no \(op.rawValue) mutant")
      }
      for role in [MechanicalMutant.Role.logic, .screen, .navigation] {
        #expect(ofApp.contains { $0.role == role }, "\(app) has no mutant in \(role.rawValue)")
      }
    }
    for mutant in first {
      let text = try String(contentsOf: root.appendingPathComponent(mutant.path), encoding: .utf8)
      #expect(try mutant.revert(try mutant.apply(to: text)) == text)
    }
  }

  /// A sample is the same for the same seed, in the generated order, and per app.
  @Test func aSampleIsSeeded() throws {
    let all = try MutationOperators.all(root: root)
    let one = Mutate.select(all, app: nil, sample: 10, seed: 7)
    #expect(one.map(\.diff) == Mutate.select(all, app: nil, sample: 10, seed: 7).map(\.diff))
    #expect(one.count == 20)
    #expect(one.filter { $0.app == .vanilla }.count == 10)
    let other = Mutate.select(all, app: nil, sample: 10, seed: 8)
    #expect(one.map(\.diff) != other.map(\.diff))
    #expect(
      Mutate.select(all, app: .composable, sample: nil, seed: 1).allSatisfy {
        $0.app == .composable
      }
    )
  }

  @Test func optionsAreChecked() throws {
    #expect(try Mutate.Options.parse(["--help"]) == nil)
    #expect(
      try Mutate.Options.parse(["--sample", "5", "--seed", "3", "--app", "vanilla"])
        == Mutate.Options(app: .vanilla, sample: 5, seed: 3)
    )
    for (arguments, message) in [
      (["--sample", "0"], "mutate: --sample needs a count above 0, not 0"),
      (["--app", "swiftui"], "mutate: --app is vanilla or composable, not swiftui"),
      (["--write", "--check"], "mutate: --write and --check cannot be combined"),
      (["--write", "--app", "vanilla"], "mutate: --write needs both apps (drop --app)"),
      (["--fast"], "mutate: unknown argument --fast (see mutate --help)"),
    ] {
      let error = try #require(throws: ReportError.self) { try Mutate.Options.parse(arguments) }
      #expect(error.description == message)
    }
  }

  /// A possibly equivalent mutant and one that does not compile count neither as detected nor
  /// as missed; a timeout counts as detected.
  @Test func theReportCountsOnlyWhatATestCouldTellApart() throws {
    let all = try mutants()
    var run = MechanicalRun()
    run.generated = all
    run.fingerprint = "f"
    let verdicts: [MechanicalRun.Verdict] = [
      .killed, .timedOut, .survived, .possiblyEquivalent, .failedToCompile,
    ]
    run.results = zip(all, verdicts).map {
      MechanicalRun.Result(mutant: $0, verdict: $1, evidence: $1 == .survived ? ["UI.test"] : [])
    }
    #expect(MechanicalRun.rate(run.results) == "2 of 3 (66 %)")
    let report = run.report()
    #expect(report.contains("| mutants generated | \(all.count) | 0 |"))
    #expect(report.contains("| possibly equivalent | 1 | 0 |"))
    #expect(report.contains("— seen by `UI.test`"))
  }

  /// The matrix's fingerprint leaves the mechanical mutation code out (the matrix does not run
  /// it); the mechanical report's fingerprint takes it in.
  @Test func eachFingerprintCoversWhatItsReportDependsOn() throws {
    let temporary = FileManager.default.temporaryDirectory
      .appendingPathComponent("fingerprint-\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(at: temporary) }
    let tool = temporary.appendingPathComponent("Tools/PrimeTimeReport")
    try FileManager.default.createDirectory(
      at: tool.appendingPathComponent("Mutation"),
      withIntermediateDirectories: true
    )
    try Data("let a = 1".utf8).write(to: tool.appendingPathComponent("Matrix.swift"))
    let operators = tool.appendingPathComponent("Mutation/Operators.swift")
    try Data("let b = 1".utf8).write(to: operators)
    let matrixInputs = ["Tools/PrimeTimeReport"]
    let mechanicalInputs = matrixInputs + ["Tools/PrimeTimeReport/Mutation"]
    let matrix = try Fingerprint.of(root: temporary, inputs: matrixInputs)
    let mechanical = try Fingerprint.of(root: temporary, inputs: mechanicalInputs)
    try Data("let b = 2".utf8).write(to: operators)
    #expect(try Fingerprint.of(root: temporary, inputs: matrixInputs) == matrix)
    #expect(try Fingerprint.of(root: temporary, inputs: mechanicalInputs) != mechanical)
  }
}
