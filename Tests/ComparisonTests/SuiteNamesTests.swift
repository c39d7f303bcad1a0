import Foundation
import Testing

/// The two apps' suites mirror each other: the same test files, and in each pair of files the
/// same test names, so a reader can open them side by side.
@Suite struct SuiteNamesTests {
  /// `Tests/` in this checkout, found from this file's path.
  static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Test names per file name in one suite's directory.
  static func testNames(in suite: String) throws -> [String: Set<String>] {
    let directory = testsDirectory.appendingPathComponent(suite)
    var names: [String: Set<String>] = [:]
    for file in try FileManager.default.contentsOfDirectory(atPath: directory.path)
    where file.hasSuffix(".swift") {
      let source = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
      names[file] = Self.tests(in: source)
    }
    return names
  }

  /// The names of the `@Test` functions in a source file.
  static func tests(in source: String) -> Set<String> {
    var names = Set<String>()
    var sawTestAttribute = false
    for line in source.split(separator: "\n") {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("@Test") { sawTestAttribute = true }
      if sawTestAttribute, let range = trimmed.range(of: "func ") {
        let name = trimmed[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        names.insert(String(name))
        sawTestAttribute = false
      }
    }
    return names
  }

  /// The suites that mirror the vanilla one: the composable suite, and the vanilla suite
  /// rewritten with the exhaustive harness.
  static let mirrors = ["ComposablePrimeTimeTests", "VanillaExhaustiveTests"]

  @Test(arguments: mirrors) func theSuitesHaveTheSameFiles(_ mirror: String) throws {
    let vanilla = try Self.testNames(in: "VanillaPrimeTimeTests")
    let other = try Self.testNames(in: mirror)
    #expect(!vanilla.isEmpty)
    #expect(Set(vanilla.keys) == Set(other.keys))
  }

  @Test(arguments: mirrors) func eachPairOfFilesHasTheSameTestNames(_ mirror: String) throws {
    let vanilla = try Self.testNames(in: "VanillaPrimeTimeTests")
    let mirrored = try Self.testNames(in: mirror)
    for (file, names) in vanilla {
      let other = mirrored[file] ?? []
      #expect(
        names == other,
        "\(file): only in vanilla \(names.subtracting(other).sorted()), only in \(mirror) \(other.subtracting(names).sorted())"
      )
    }
  }

  /// The suites of the designs written today mirror each other the same way: the same test
  /// files (support files without tests aside) and the same test names in each pair.
  @Test func theCurrentDesignsSuitesMirrorEachOther() throws {
    let vanilla = try Self.testNames(in: "VanillaPrimeTimeTests/Current").filter {
      !$0.value.isEmpty
    }
    let composable = try Self.testNames(in: "ComposablePrimeTimeTests/Current")
      .filter { !$0.value.isEmpty }
    #expect(vanilla.count >= 4)
    #expect(Set(vanilla.keys) == Set(composable.keys))
    for (file, names) in vanilla {
      let other = composable[file] ?? []
      #expect(
        names == other,
        "\(file): only in vanilla \(names.subtracting(other).sorted()), only in composable \(other.subtracting(names).sorted())"
      )
    }
  }

  @Test func theNameParserFindsTests() {
    let source = """
      @Test func first() {}
      @MainActor
      @Test(arguments: [1])
      func second(_ x: Int) {}
      func helper() {}
      """
    #expect(Self.tests(in: source) == ["first", "second"])
  }
}
