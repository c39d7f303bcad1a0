// prime-time-report: mutation testing of the real suites. Applies each patch under Mutants/ to a
// scratch copy of the apps, runs the real VanillaPrimeTimeTests and ComposablePrimeTimeTests
// (and the composable suite with exhaustivity off), and writes the matrix with its costs.
import Foundation

let usage = """
  usage: prime-time-report [--write FILE | --check FILE] [--scratch DIR] [--only PATCH ...]
         prime-time-report grade --mistake NAME --test FILTER   (grade your test; grade --help)
         prime-time-report mutate [--list | --write | --check]   (mechanical mutants; mutate --help)

  Runs every patch in Mutants/ against the real test suites and prints the matrix (Markdown).
  Run it from the package root; a full run takes minutes (README.md gives a measured time).

    --write FILE    put the matrix between the mutants markers of FILE (the episode designs'
                    tables, history, go between those of Docs/mutation/episode-matrix.md)
    --check FILE    no run: fail if a patch no longer applies, or if FILE's matrix was measured
                    on other sources than these (its fingerprint differs)
    --scratch DIR   where the scratch copy is built (default .build/mutants)
    --only PATCH    run only this patch (its file name without .patch); repeatable
    --help          this text
  """

func fail(_ message: String) -> Int32 {
  FileHandle.standardError.write(Data("prime-time-report: \(message)\n".utf8))
  return 2
}

func log(_ message: String) {
  FileHandle.standardError.write(Data("\(message)\n".utf8))
}

func main() -> Int32 {
  var arguments = Array(CommandLine.arguments.dropFirst())
  if arguments.first == "mutate" {
    let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    return Mutate.main(Array(arguments.dropFirst()), root: root, log: log)
  }
  if arguments.first == "grade" {
    let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    if !arguments.contains("--help"), !arguments.contains("-h"),
      !FileManager.default.fileExists(atPath: root.appendingPathComponent("Mutants").path)
    {
      return fail("no Mutants/ folder here: run from the package root")
    }
    return Grade.main(Array(arguments.dropFirst()), root: root, log: log)
  }
  var write: String?
  var check: String?
  var scratch = ".build/mutants"
  var only = Set<String>()
  while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--help", "-h":
      print(usage)
      return 0
    case "--write", "--check", "--scratch", "--only":
      guard let value = arguments.first, !value.hasPrefix("--") else {
        return fail("\(argument) needs a value (see --help)")
      }
      arguments.removeFirst()
      switch argument {
      case "--write": write = value
      case "--check": check = value
      case "--scratch": scratch = value
      default: only.insert(value)
      }
    default:
      return fail("unknown argument \(argument) (see --help)")
    }
  }
  if write != nil, check != nil { return fail("--write and --check cannot be combined") }
  let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Mutants").path) else {
    return fail("no Mutants/ folder here: run from the package root")
  }
  do {
    if let check { return try runCheck(check, root: root) }
    if let write,
      (try? String(contentsOfFile: write, encoding: .utf8))?.contains(Matrix.begin) != true
    {
      return fail("\(write) has no \(Matrix.begin) … \(Matrix.end) section")
    }
    let known = Set(try Mutant.all(in: root).map(\.fileName))
    if let unknown = only.subtracting(known).first { return fail("no patch named \(unknown)") }
    if write != nil, !only.isEmpty { return fail("--write needs the whole matrix: drop --only") }
    let matrix = try Matrix.run(
      root: root,
      scratch: URL(fileURLWithPath: scratch, relativeTo: root),
      only: only,
      log: log
    )
    guard let write else {
      print(matrix.markdown() + "\n\n" + matrix.historyMarkdown())
      return 0
    }
    let history = root.appendingPathComponent(Matrix.historyPath).path
    for (path, table) in [(write, matrix.markdown()), (history, matrix.historyMarkdown())] {
      let text = try String(contentsOfFile: path, encoding: .utf8)
      guard let start = text.range(of: Matrix.begin), let stop = text.range(of: Matrix.end),
        start.upperBound <= stop.lowerBound
      else { return fail("\(path) has no \(Matrix.begin) … \(Matrix.end) section") }
      let updated = text.replacingCharacters(
        in: start.upperBound..<stop.lowerBound,
        with: "\n\(table)\n"
      )
      try Data(updated.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
    log(
      "wrote the matrix into \(write), and the episode designs' tables into \(Matrix.historyPath)"
    )
    return 0
  } catch {
    return fail("\(error)")
  }
}

/// The CI check: every patch applies to these sources, and the document's matrix was measured
/// on them.
func runCheck(_ path: String, root: URL) throws -> Int32 {
  var problems: [String] = []
  for mutant in try Mutant.all(in: root) {
    let result = try Shell.run(["git", "apply", "--check", mutant.path], in: root)
    if result.status != 0 {
      problems.append(
        "\(mutant.path) no longer applies: \(result.output.split(separator: "\n").first ?? "")"
      )
    }
  }
  let current = try Fingerprint.of(root: root)
  for document in [path, root.appendingPathComponent(Matrix.historyPath).path] {
    let text = try String(contentsOfFile: document, encoding: .utf8)
    switch Matrix.recordedFingerprint(in: text) {
    case nil:
      problems.append("\(document) records no matrix fingerprint")
    case let recorded? where recorded != current:
      problems.append(
        "\(document): the matrix was measured on other sources (fingerprint \(recorded), now "
          + "\(current)); run: swift run -c release prime-time-report --write \(path)"
      )
    default:
      break
    }
  }
  for problem in problems {
    FileHandle.standardError.write(Data("prime-time-report: \(problem)\n".utf8))
  }
  return problems.isEmpty ? 0 : 1
}

exit(main())
