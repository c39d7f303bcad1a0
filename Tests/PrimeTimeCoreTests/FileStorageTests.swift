import Foundation
import PrimeTimeCore
import PrimeTimeFixtures
import Testing

@Suite struct FileStorageTests {
  @Test func saveAndLoadRoundTrip() throws {
    let directory = try TemporaryDirectory()
    let storage = FileStorage(directory: directory.url.appendingPathComponent("nested/data"))
    try FavoritePrimesFile.save([2, 3, 5, 7], to: storage)
    #expect(try FavoritePrimesFile.load(from: storage) == [2, 3, 5, 7])
    try FavoritePrimesFile.save([], to: storage)
    #expect(try FavoritePrimesFile.load(from: storage) == [])
  }

  /// A file over the limit is refused from its size alone, before a byte is read.
  ///
  /// A sparse file of 1 GiB (instant to make, no disk used) is turned down at once; without the
  /// check the gigabyte would be read and returned, and the expected error would not come.
  /// `FavoritePrimesFile.decode` checks the size again, so a test through
  /// `FavoritePrimesFile.load` cannot tell "not read" from "read, then rejected"; this one can.
  @Test func aFileOverTheLimitIsRefusedBeforeItIsRead() throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("big.json")
    #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: 1 << 30)
    try handle.close()
    #expect(throws: FileStorageError.tooLarge(path: url.path, size: 1 << 30, limit: 1 << 20)) {
      try FileStorage(directory: directory.url).load("big.json", maximumSize: 1 << 20)
    }
  }

  @Test func missingFileLoadsNothing() throws {
    let directory = try TemporaryDirectory()
    #expect(try FavoritePrimesFile.load(from: FileStorage(directory: directory.url)) == nil)
  }

  @Test(arguments: [
    ("not json", "expected a JSON array of whole numbers"),
    ("{\"primes\": [2]}", "expected a JSON array of whole numbers"),
    ("[2, 3.5]", "expected a JSON array of whole numbers"),
    ("[2, 1e300]", "expected a JSON array of whole numbers"),
    ("[2, 4]", "entry 1 (4) is not a prime"),
    ("[-7]", "entry 0 (-7) is not a prime"),
  ])
  func corruptFileIsReportedAndLeftIntact(_ contents: String, _ reason: String) throws {
    let directory = try TemporaryDirectory()
    let storage = FileStorage(directory: directory.url)
    let file = directory.url.appendingPathComponent(FavoritePrimesFile.name)
    try Data(contents.utf8).write(to: file)

    #expect(throws: FileStorageError.corrupt(path: file.path, reason: reason)) {
      try FavoritePrimesFile.load(from: storage)
    }
    #expect(try Data(contentsOf: file) == Data(contents.utf8))
  }

  @Test func failedWriteLeavesTheOldFileIntact() throws {
    let directory = try TemporaryDirectory()
    let storage = FileStorage(directory: directory.url)
    try FavoritePrimesFile.save([2, 3], to: storage)
    // A directory in the way of the temporary file's rename makes the write fail for any user,
    // root included.
    let blocked = FileStorage(directory: directory.url)
    try FileManager.default.createDirectory(
      at: directory.url.appendingPathComponent("blocked.json/inner"),
      withIntermediateDirectories: true
    )
    #expect {
      try blocked.save("blocked.json", Data("[2]".utf8))
    } throws: { error in
      guard case .writeFailed(let path, let reason) = error as? FileStorageError else {
        return false
      }
      return path.hasSuffix("blocked.json") && !reason.isEmpty
    }
    #expect(try FavoritePrimesFile.load(from: storage) == [2, 3])
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
      .filter { $0.hasSuffix(".tmp") }
    #expect(leftovers.isEmpty)
  }

  @Test func unwritableDirectoryIsReported() throws {
    let directory = try TemporaryDirectory()
    let notADirectory = directory.url.appendingPathComponent("file")
    try Data().write(to: notADirectory)
    let storage = FileStorage(directory: notADirectory.appendingPathComponent("data"))
    #expect {
      try FavoritePrimesFile.save([2], to: storage)
    } throws: { error in
      guard case .writeFailed = error as? FileStorageError else { return false }
      return true
    }
  }

  @Test func unreadableFileIsReported() throws {
    let directory = try TemporaryDirectory()
    // A directory where the file should be cannot be read as data.
    try FileManager.default.createDirectory(
      at: directory.url.appendingPathComponent(FavoritePrimesFile.name),
      withIntermediateDirectories: true
    )
    #expect {
      try FavoritePrimesFile.load(from: FileStorage(directory: directory.url))
    } throws: { error in
      guard case .unreadable = error as? FileStorageError else { return false }
      return true
    }
  }

  @Test(arguments: ["", ".", "..", "../escape.json", "a/b.json"])
  func namesWithPathsAreRejected(_ name: String) throws {
    let directory = try TemporaryDirectory()
    let storage = FileStorage(directory: directory.url)
    #expect(throws: FileStorageError.invalidName(name)) { try storage.save(name, Data()) }
    #expect(throws: FileStorageError.invalidName(name)) { try storage.load(name) }
  }

  @Test func encodingIsACompactJSONArray() {
    #expect(String(decoding: FavoritePrimesFile.encode([2, 3, 5]), as: UTF8.self) == "[2,3,5]")
    #expect(String(decoding: FavoritePrimesFile.encode([]), as: UTF8.self) == "[]")
  }

  @Test func errorsNameTheFileAndReason() {
    let error = FileStorageError.corrupt(path: "/d/favorite-primes.json", reason: "bad")
    #expect(error.description == "/d/favorite-primes.json is corrupt: bad")
    #expect(error.localizedDescription == error.description)
  }
}

@Suite struct DataDirectoryTests {
  @Test func environmentOverrideWins() {
    let url = DataDirectory.resolve(environment: ["PRIME_TIME_DATA_DIR": "/tmp/pt", "HOME": "/h"])
    #expect(url.path == "/tmp/pt")
  }

  #if !canImport(Darwin)
    @Test func xdgDataHome() {
      let url = DataDirectory.resolve(environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"])
      #expect(url.path == "/x/prime-time")
    }

    @Test func homeFallback() {
      #expect(
        DataDirectory.resolve(environment: ["HOME": "/h"]).path == "/h/.local/share/prime-time"
      )
      #expect(
        DataDirectory.resolve(environment: ["HOME": "/h", "XDG_DATA_HOME": "relative"]).path
          == "/h/.local/share/prime-time"
      )
    }
  #endif
}
