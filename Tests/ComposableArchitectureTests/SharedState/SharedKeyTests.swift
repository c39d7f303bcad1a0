import ComposableArchitecture
import ComposableArchitectureTesting
import ExpectedFailures
import Foundation
import Testing

/// `@Shared(.inMemory)`, `@Shared(.fileStorage)`, `@Shared(.appStorage)` and unwrapping a
/// `Shared<Value?>`: where shared values are kept, what two holders of one key see, what a test
/// starts from, and what an unreadable stored value does.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct SharedKeyTests {
  /// A counter kept under the in-memory key "count".
  struct StoredCounter: Reducer {
    struct State: Equatable {
      @Shared(.inMemory("count")) var count = 0
    }

    enum Action: Equatable { case incrementButtonTapped }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.$count.withLock { $0 += 1 }
      return .none
    }
  }

  @Test func twoFeaturesHoldingOneKeySeeEachOthersWrites() async {
    @Shared(.inMemory("count")) var count = 0
    let store = TestStore(initialState: StoredCounter.State()) { StoredCounter() }
    await store.send(.incrementButtonTapped) {
      $0.$count.withLock { $0 = 1 }
    }
    #expect(count == 1)
    $count.withLock { $0 = 10 }
    #expect(store.state.count == 10)
  }

  @Test func aKeysChangeNobodyAssertedFailsTheTest() async {
    let store = TestStore(initialState: StoredCounter.State()) { StoredCounter() }
    await expectFailure {
      await store.send(.incrementButtonTapped)
    } matching: { issue in
      issue.message.hasPrefix("State was not expected to change")
        && issue.message.contains("−   count: 0,\n+   count: 1,")
    }
  }

  /// Both tests write the same key and expect to start from its default: run one after the
  /// other, the second would see the first's write if storage were not kept per test.
  @MainActor
  @Suite(.serialized)
  struct FreshStorage {
    @Test func aTestStartsWithEmptyInMemoryStorage() { expectsFreshStorage() }
    @Test func anotherTestStartsWithEmptyInMemoryStorageToo() { expectsFreshStorage() }

    private func expectsFreshStorage() {
      @Shared(.inMemory("fresh")) var value = "default"
      @Shared(.appStorage("fresh")) var stored = "default"
      @Shared(.fileStorage(URL(fileURLWithPath: "/fresh.json"))) var file = "default"
      #expect(value == "default" && stored == "default" && file == "default")
      $value.withLock { $0 = "written by a test" }
      $stored.withLock { $0 = "written by a test" }
      $file.withLock { $0 = "written by a test" }
    }
  }

  @Test func anInMemoryValueOutlivesItsHolders() {
    do {
      @Shared(.inMemory("outlives")) var value = 1
      $value.withLock { $0 = 2 }
    }
    @Shared(.inMemory("outlives")) var again = 1
    #expect(again == 2)
  }

  @Test func aKeyHeldAsTwoTypesIsReported() {
    @Shared(.inMemory("typed")) var number = 1
    expectFailure {
      @Shared(.inMemory("typed")) var text = "one"
      #expect(text == "one")
    } matching: { issue in
      issue.message.contains("@Shared(.inMemory(\"typed\")) is already held as another type")
    }
    #expect(number == 1)
  }

  // MARK: File storage

  @Test func fileStorageInTestsIsInMemory() throws {
    let url = URL(fileURLWithPath: "/nonexistent-directory/favorites.json")
    @Shared(.fileStorage(url)) var favorites: [Int] = []
    $favorites.withLock { $0 = [2, 3] }
    @Dependency(\.defaultFileStorage) var storage
    let saved = try #require(try storage.contents(of: url))
    #expect(try JSONDecoder().decode([Int].self, from: saved) == [2, 3])
    #expect(!FileManager.default.fileExists(atPath: url.path))
  }

  @Test func fileStorageReadsAndWritesJSONOnDisk() throws {
    let directory = try Self.scratchDirectory("round-trip")
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("favorites.json")
    try withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      do {
        @Shared(.fileStorage(url)) var favorites: [Int] = []
        #expect(favorites == [])
        $favorites.withLock { $0 = [5, 7] }
      }
      let onDisk = try JSONDecoder().decode([Int].self, from: Data(contentsOf: url))
      #expect(onDisk == [5, 7])
      // Every holder let go: a new one loads the file.
      @Shared(.fileStorage(url)) var reloaded: [Int] = []
      #expect(reloaded == [5, 7])
    }
  }

  @Test func aCorruptFileIsReportedKeepsTheDefaultAndIsNotOverwritten() throws {
    let directory = try Self.scratchDirectory("corrupt")
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("favorites.json")
    let corrupt = Data("[2, 3,".utf8)
    try corrupt.write(to: url)
    withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      expectFailure {
        @Shared(.fileStorage(url)) var favorites: [Int] = [11]
        #expect(favorites == [11])
        $favorites.withLock { $0.append(13) }
        #expect(favorites == [11, 13])
      } matching: { issue in
        issue.message.hasPrefix("@Shared(.fileStorage(\(url.path))) could not be read: the file at")
          && issue.message.contains("is not valid JSON for this value")
          && issue.message.hasSuffix("changes are not saved over it.")
      }
    }
    #expect(try Data(contentsOf: url) == corrupt)
  }

  @Test func aFileThatCannotBeWrittenIsReportedAndTheValueKept() throws {
    // The file's directory is a file: nothing can be written below it.
    let directory = try Self.scratchDirectory("blocked")
    defer { try? FileManager.default.removeItem(at: directory) }
    let blocker = directory.appendingPathComponent("blocker")
    try Data().write(to: blocker)
    let url = blocker.appendingPathComponent("favorites.json")
    withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      expectFailure {
        @Shared(.fileStorage(url)) var favorites: [Int] = []
        $favorites.withLock { $0 = [17] }
        #expect(favorites == [17])
      } matching: { issue in
        issue.message.hasPrefix(
          "@Shared(.fileStorage(\(url.path))) could not be saved: the file at \(url.path) could "
            + "not be written:"
        )
          && issue.message.hasSuffix("The new value is kept in memory only.")
      }
    }
  }

  // MARK: App storage

  @Test func appStorageInTestsIsAFreshSuiteNotTheUsersDefaults() {
    @Dependency(\.defaultAppStorage) var defaults
    #expect(defaults !== UserDefaults.standard)
    #expect(defaults.object(forKey: "launchCount") == nil)
    @Shared(.appStorage("launchCount")) var launchCount = 0
    $launchCount.withLock { $0 += 1 }
    #expect(defaults.integer(forKey: "launchCount") == 1)
    #expect(UserDefaults.standard.object(forKey: "launchCount") == nil)
  }

  @Test func appStorageKeepsEachTypeUserDefaultsStores() throws {
    @Dependency(\.defaultAppStorage) var defaults
    @Shared(.appStorage("bool")) var bool = false
    @Shared(.appStorage("int")) var int = 0
    @Shared(.appStorage("double")) var double = 0.0
    @Shared(.appStorage("string")) var string = ""
    @Shared(.appStorage("data")) var data = Data()
    @Shared(.appStorage("url")) var url = URL(fileURLWithPath: "/")
    $bool.withLock { $0 = true }
    $int.withLock { $0 = 42 }
    $double.withLock { $0 = 2.5 }
    $string.withLock { $0 = "prime" }
    $data.withLock { $0 = Data([7]) }
    $url.withLock { $0 = URL(fileURLWithPath: "/primes/7") }
    #expect(defaults.bool(forKey: "bool"))
    #expect(defaults.integer(forKey: "int") == 42)
    #expect(defaults.double(forKey: "double") == 2.5)
    #expect(defaults.string(forKey: "string") == "prime")
    #expect(defaults.data(forKey: "data") == Data([7]))
    #expect(defaults.url(forKey: "url") == URL(fileURLWithPath: "/primes/7"))
  }

  @Test func appStorageLoadsWhatIsStored() {
    @Dependency(\.defaultAppStorage) var defaults
    defaults.set(true, forKey: "bool")
    defaults.set(3, forKey: "int")
    defaults.set(0.5, forKey: "double")
    defaults.set("stored", forKey: "string")
    defaults.set(Data([1, 2]), forKey: "data")
    defaults.set(URL(fileURLWithPath: "/stored"), forKey: "url")
    @Shared(.appStorage("bool")) var bool = false
    @Shared(.appStorage("int")) var int = 0
    @Shared(.appStorage("double")) var double = 0.0
    @Shared(.appStorage("string")) var string = ""
    @Shared(.appStorage("data")) var data = Data()
    @Shared(.appStorage("url")) var url = URL(fileURLWithPath: "/")
    #expect(bool)
    #expect(int == 3)
    #expect(double == 0.5)
    #expect(string == "stored")
    #expect(data == Data([1, 2]))
    #expect(url == URL(fileURLWithPath: "/stored"))
  }

  @Test func anOptionalInAppStorageRemovesItsKeyWhenNil() {
    @Dependency(\.defaultAppStorage) var defaults
    @Shared(.appStorage("name")) var name: String?
    @Shared(.appStorage("score")) var score: Int?
    @Shared(.appStorage("ratio")) var ratio: Double?
    @Shared(.appStorage("flag")) var flag: Bool?
    @Shared(.appStorage("blob")) var blob: Data?
    @Shared(.appStorage("link")) var link: URL?
    #expect(name == nil && score == nil && ratio == nil && flag == nil && blob == nil)
    #expect(link == nil)
    $name.withLock { $0 = "Blob" }
    $score.withLock { $0 = 7 }
    #expect(defaults.string(forKey: "name") == "Blob")
    #expect(defaults.integer(forKey: "score") == 7)
    $name.withLock { $0 = nil }
    #expect(defaults.object(forKey: "name") == nil)
  }

  @Test func aValueOfAnotherTypeInDefaultsIsReportedAndLeftAsItIs() {
    @Dependency(\.defaultAppStorage) var defaults
    defaults.set("seven", forKey: "count")
    expectFailure {
      @Shared(.appStorage("count")) var count = 0
      #expect(count == 0)
      $count.withLock { $0 = 1 }
    } matching: { issue in
      issue.message.hasPrefix(
        "@Shared(.appStorage(\"count\")) could not be read: UserDefaults holds"
      )
        && issue.message.contains("for \"count\", not a Int")
    }
    #expect(defaults.string(forKey: "count") == "seven")
  }

  // MARK: Unwrapping

  @Test func anOptionalSharedValueUnwrapsWhileItHoldsOne() throws {
    let optional = Shared<Int?>(value: nil)
    let none: Shared<Int>? = Shared(optional)
    #expect(none == nil)
    optional.withLock { $0 = 3 }
    let some: Shared<Int>? = Shared(optional)
    let unwrapped = try #require(some)
    unwrapped.withLock { $0 += 1 }
    #expect(optional.wrappedValue == 4)
    optional.withLock { $0 = 9 }
    #expect(unwrapped.wrappedValue == 9)
  }

  @Test func anUnwrappedValueWhoseOptionalBecameNilKeepsItsLastValue() throws {
    let optional = Shared<Int?>(value: 5)
    let unwrapped = try #require(Shared(optional))
    optional.withLock { $0 = nil }
    #expect(unwrapped.wrappedValue == 5)
    expectFailure {
      unwrapped.withLock { $0 = 6 }
    } matching: { issue in
      issue.message == "A write to an unwrapped shared value was dropped: its optional is nil."
    }
    #expect(optional.wrappedValue == nil)
  }

  /// A fresh, empty directory for one test under the temporary directory; the test removes it
  /// when it ends.
  ///
  /// The name holds the test's name and the process identifier, so that neither a parallel test
  /// nor another test process at the same time (a sanitizer build beside a plain one, two clones)
  /// can remove or corrupt the files a test is using.
  private static func scratchDirectory(_ name: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "PrimeTime-SharedKeyTests-\(ProcessInfo.processInfo.processIdentifier)-\(name)"
    )
    try? FileManager.default.removeItem(at: url)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
