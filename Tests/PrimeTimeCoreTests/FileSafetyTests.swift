import Foundation
import PrimeTimeCore
import PrimeTimeFixtures
import Testing

/// A file the app writes, it can read back; bad files cost bounded work; errors say where and why.
@Suite struct FileSafetyTests {
  @Test func savingANonPrimeIsRefusedAndTheOldFileKept() throws {
    let directory = try TemporaryDirectory()
    let storage = FileStorage(directory: directory.url)
    try FavoritePrimesFile.save([2, 3], to: storage)
    let path = directory.url.appendingPathComponent(FavoritePrimesFile.name).path
    #expect(throws: FileStorageError.rejected(path: path, reason: "entry 1 (4) is not a prime")) {
      try FavoritePrimesFile.save([7, 4], to: storage)
    }
    #expect(try FavoritePrimesFile.load(from: storage) == [2, 3])
    #expect(
      FileStorageError.rejected(path: path, reason: "entry 1 (4) is not a prime").description
        == "\(path) was not written: entry 1 (4) is not a prime"
    )
  }

  @Test func tooManyFavouritesAreRefusedOnSaveAndReportedOnLoad() throws {
    let directory = try TemporaryDirectory()
    let storage = FileStorage(directory: directory.url)
    let path = directory.url.appendingPathComponent(FavoritePrimesFile.name).path
    let tooMany = Array(repeating: 2, count: FavoritePrimesFile.maximumEntries + 1)
    let reason = "10001 favourites, where at most 10000 are allowed"
    #expect(throws: FileStorageError.rejected(path: path, reason: reason)) {
      try FavoritePrimesFile.save(tooMany, to: storage)
    }
    try FavoritePrimesFile.encode(tooMany).write(to: URL(fileURLWithPath: path))
    #expect(throws: FileStorageError.corrupt(path: path, reason: reason)) {
      try FavoritePrimesFile.load(from: storage)
    }
  }

  @Test func anOversizedFileIsNotRead() throws {
    let directory = try TemporaryDirectory()
    let path = directory.url.appendingPathComponent(FavoritePrimesFile.name).path
    let size = FavoritePrimesFile.maximumFileSize + 1
    try Data(repeating: UInt8(ascii: " "), count: size).write(to: URL(fileURLWithPath: path))
    #expect(
      throws: FileStorageError.tooLarge(path: path, size: size, limit: 1_048_576)
    ) {
      try FavoritePrimesFile.load(from: FileStorage(directory: directory.url))
    }
  }

  /// Every entry of a file is checked: a huge prime costs a Miller–Rabin test, not seconds of
  /// trial division.
  @Test func hugePrimesLoad() throws {
    let directory = try TemporaryDirectory()
    let storage = FileStorage(directory: directory.url)
    let primes = [9_223_372_036_854_775_783, 1_000_000_000_000_037, 2]
    try FavoritePrimesFile.save(primes, to: storage)
    #expect(try FavoritePrimesFile.load(from: storage) == primes)
  }

  @Test func aDirectoryWhereTheFileShouldBeIsNamedAsSuch() throws {
    let directory = try TemporaryDirectory()
    let path = directory.url.appendingPathComponent(FavoritePrimesFile.name)
    try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
    #expect(
      throws: FileStorageError.unreadable(path: path.path, reason: "it is a directory, not a file")
    ) {
      try FavoritePrimesFile.load(from: FileStorage(directory: directory.url))
    }
  }

  @Test func aFileWhereTheDirectoryShouldBeIsNamedAsSuch() throws {
    let directory = try TemporaryDirectory()
    let notADirectory = directory.url.appendingPathComponent("data")
    try Data().write(to: notADirectory)
    let storage = FileStorage(directory: notADirectory)
    let path = notADirectory.appendingPathComponent(FavoritePrimesFile.name).path
    #expect(
      throws: FileStorageError.writeFailed(
        path: path,
        reason: "\(notADirectory.path) is a file, not a directory"
      )
    ) {
      try FavoritePrimesFile.save([2], to: storage)
    }
  }

  /// A directory that cannot be created under a file: the file that is in the way is named, not
  /// "NSCocoaErrorDomain error 512".
  @Test func systemErrorsAreInWords() throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent("file")
    try Data().write(to: file)
    let storage = FileStorage(directory: file.appendingPathComponent("data"))
    #expect {
      try FavoritePrimesFile.save([2], to: storage)
    } throws: { error in
      let text = "\(error)"
      return text.hasSuffix("could not be written: \(file.path) is a file, not a directory")
        && !text.contains("NSCocoaErrorDomain")
    }
  }

  @Test func temporaryFilesLeftByAKilledSaveAreRemoved() throws {
    let directory = try TemporaryDirectory()
    let stale = directory.url.appendingPathComponent(".favorite-primes.json.1234.tmp")
    try Data("[2".utf8).write(to: stale)
    let other = directory.url.appendingPathComponent(".notes.txt.5678.tmp")
    try Data().write(to: other)
    try FavoritePrimesFile.save([2], to: FileStorage(directory: directory.url))
    #expect(!FileManager.default.fileExists(atPath: stale.path))
    #expect(FileManager.default.fileExists(atPath: other.path))  // another file's: left alone
  }

  @Test func aRelativeDataDirectoryIsResolvedAgainstTheStartingDirectory() {
    let url = DataDirectory.resolve(
      environment: ["PRIME_TIME_DATA_DIR": "data/../favourites"],
      currentDirectory: "/srv/app"
    )
    #expect(url.path == "/srv/app/favourites")
  }

  @Test func anEmptyDataDirectoryIsIgnored() {
    let url = DataDirectory.resolve(
      environment: ["PRIME_TIME_DATA_DIR": "", "HOME": "/h"],
      currentDirectory: "/srv/app"
    )
    #if canImport(Darwin)
      #expect(url.path.hasSuffix("prime-time"))
    #else
      #expect(url.path == "/h/.local/share/prime-time")
    #endif
  }
}
