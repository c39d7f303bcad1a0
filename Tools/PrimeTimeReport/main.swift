// prime-time-report: runs the seeded-bug matrix against both apps and prints it, with a
// testability scorecard, as Markdown.
//
//   swift run prime-time-report                          # print the matrix
//   swift run prime-time-report --write Docs/Comparison.md   # refresh the docs' copy
//   swift run prime-time-report --check Docs/Comparison.md   # fail if the docs' copy is stale
import Foundation
import PrimeTimeDrivers

let begin = "<!-- matrix:begin -->"
let end = "<!-- matrix:end -->"

@MainActor
func main() async -> Int32 {
  let arguments = Array(CommandLine.arguments.dropFirst())
  let table = BugMatrix.markdown(await BugMatrix.run())
  guard let mode = arguments.first else {
    print(table)
    return 0
  }
  guard arguments.count == 2, mode == "--write" || mode == "--check" else {
    FileHandle.standardError.write(
      Data("usage: prime-time-report [--write FILE | --check FILE]\n".utf8)
    )
    return 2
  }
  let path = arguments[1]
  guard let text = try? String(contentsOfFile: path, encoding: .utf8),
    let start = text.range(of: begin), let stop = text.range(of: end),
    start.upperBound <= stop.lowerBound
  else {
    FileHandle.standardError.write(
      Data("prime-time-report: \(path) has no \(begin) … \(end) section\n".utf8)
    )
    return 2
  }
  let current = text[start.upperBound..<stop.lowerBound].trimmingCharacters(
    in: .whitespacesAndNewlines
  )
  if mode == "--check" {
    if current == table { return 0 }
    FileHandle.standardError.write(
      Data(
        "prime-time-report: the matrix in \(path) is stale; run: swift run prime-time-report --write \(path)\n"
          .utf8
      )
    )
    return 1
  }
  let updated = text.replacingCharacters(
    in: start.upperBound..<stop.lowerBound,
    with: "\n\(table)\n"
  )
  do {
    try Data(updated.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
  } catch {
    FileHandle.standardError.write(
      Data("prime-time-report: cannot write \(path): \(error.localizedDescription)\n".utf8)
    )
    return 2
  }
  print("updated \(path)")
  return 0
}

exit(await main())
