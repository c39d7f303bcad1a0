import Clocks
import ExhaustiveHarness
import ExpectedFailures
import Foundation
import Observation
import Testing

/// A model with one of everything the harness must see: scalars, a nested value, an array, an
/// optional, an enum with a payload, a child object, and a cycle back to the parent.
@MainActor
@Observable
final class Profile {
  enum Status: Equatable {
    case idle
    case saving(attempt: Int)
  }

  struct Address: Equatable {
    var city: String
    var lines: [String]
  }

  var name: String
  var tags: [String] = []
  var address = Address(city: "Lyon", lines: [])
  var nickname: String?
  var status = Status.idle
  var avatar = Avatar()
  @ObservationIgnored var saveTask: Task<Void, Never>?
  @ObservationIgnored var onSave: () -> Void = {}

  init(name: String = "Ada") {
    self.name = name
    avatar.owner = self
  }

  func rename(_ name: String) { self.name = name }
  func tag(_ tag: String) { tags.append(tag) }
  func move(to city: String) { address.city = city }
  func nickname(_ nickname: String?) { self.nickname = nickname }
  func startSaving() { status = .saving(attempt: 1) }
  func zoomAvatar() { avatar.zoom += 1 }
  func replaceAvatar() {
    let fresh = Avatar()
    fresh.owner = self
    fresh.zoom = avatar.zoom
    avatar = fresh
  }
  func renameQuietly(_ name: String) {
    self.name = name
    tags.append("renamed")
  }
}

@MainActor
@Observable
final class Avatar {
  var zoom = 1
  weak var owner: Profile?
}

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ExhaustiveHarnessTests {
  /// True when an issue's text contains every one of `parts`.
  nonisolated static func says(_ issue: ReportedIssue, _ parts: String...) -> Bool {
    let text = issue.comments.map(\.rawValue).joined(separator: "\n")
    return parts.allSatisfy(text.contains)
  }

  @Test func everyKindOfChangeCanBeAsserted() {
    let harness = ExhaustiveHarness(Profile())
    let profile = harness.model
    harness.send {
      profile.rename("Grace")
    } assert: {
      $0.name = "Grace"
    }
    harness.send {
      profile.tag("admiral")
    } assert: {
      $0.tags = ["admiral"]
    }
    harness.send {
      profile.move(to: "Paris")
    } assert: {
      $0.address.city = "Paris"
    }
    harness.send {
      profile.nickname("Amazing")
    } assert: {
      $0.nickname = "Amazing"
    }
    harness.send(profile.startSaving) { $0.status = .saving(attempt: 1) }
    harness.send(profile.zoomAvatar) { $0.avatar.zoom = 2 }
    harness.send { profile.rename("Grace") }
    harness.finish()
  }

  @Test func anUnassertedChangeFailsWithADiff() {
    let harness = ExhaustiveHarness(Profile())
    let profile = harness.model
    expectFailure {
      harness.send {
        profile.renameQuietly("Grace")
      } assert: {
        $0.name = "Grace"
      }
    } matching: { issue in
      Self.says(
        issue,
        "A state change does not match expectation: …",
        """
        −   tags: [],
        +   tags: [
        +     [0]: "renamed",
        +   ],
        """,
        "(Expected: −, Actual: +)"
      )
    }
  }

  @Test func aWrongValueFailsWithADiff() {
    let harness = ExhaustiveHarness(Profile())
    let profile = harness.model
    expectFailure {
      harness.send {
        profile.move(to: "Paris")
      } assert: {
        $0.address.city = "Nice"
      }
    } matching: { issue in
      Self.says(issue, "−     city: \"Nice\",", "+     city: \"Paris\",")
    }
  }

  @Test func aChangeInsideAChildObjectIsSeen() {
    let harness = ExhaustiveHarness(Profile())
    let profile = harness.model
    expectFailure {
      harness.send(profile.zoomAvatar)
    } matching: { issue in
      Self.says(issue, "avatar: Avatar(", "−     zoom: 1,", "+     zoom: 2,")
    }
  }

  /// The avatar points back at its owner: the rendering stops at the cycle instead of looping.
  @Test func aCycleIsRenderedOnce() {
    let harness = ExhaustiveHarness(Profile())
    expectFailure {
      harness.send { harness.model.avatar.zoom = 5 }
    } matching: { issue in
      Self.says(issue, "owner: Profile(↩︎)")
    }
  }

  @Test func aReplacedChildObjectFailsEvenWithEqualContents() {
    let harness = ExhaustiveHarness(Profile())
    expectFailure {
      harness.send(harness.model.replaceAvatar)
    } matching: { issue in
      Self.says(
        issue,
        "The model holds a different Avatar object at avatar than the expected model does",
        "The real model replaced its object with a new one, the expected model kept its object."
      )
    }
  }

  @Test func aReplacedChildObjectPassesWhenTheTestReplacesItToo() {
    let harness = ExhaustiveHarness(Profile())
    harness.send(harness.model.replaceAvatar) {
      let fresh = Avatar()
      fresh.owner = $0
      $0.avatar = fresh
    }
    harness.finish()
  }

  @Test func aClosureThatChangesNothingIsReported() {
    let harness = ExhaustiveHarness(Profile())
    let profile = harness.model
    expectFailure {
      harness.send {
        profile.rename("Ada")
      } assert: {
        $0.name = "Ada"
      }
    } matching: { issue in
      Self.says(issue, "The trailing closure made no change to the expected model.")
    }
  }

  /// `@ObservationIgnored` properties (tasks, callbacks) are plumbing: not compared.
  @Test func ignoredPropertiesAreNotCompared() {
    let harness = ExhaustiveHarness(Profile())
    let profile = harness.model
    harness.send {
      profile.saveTask = Task {}
      profile.onSave = { print("saved") }
    }
    harness.finish()
  }

  @Test func aLaterChangeIsReceived() async {
    let harness = ExhaustiveHarness(Profile())
    let profile = harness.model
    let save = harness.callback(String.self, Bool.self)
    harness.send {
      save.client(profile.name) { ok in profile.status = ok ? .idle : .saving(attempt: 2) }
      profile.startSaving()
    } assert: {
      $0.status = .saving(attempt: 1)
    }
    #expect(save.requests == ["Ada"])
    Task { save.respond(with: false) }
    await harness.receive { $0.status = .saving(attempt: 2) }
    harness.finish()
  }

  @Test func aLaterChangeNobodyAssertedFailsTheNextStep() {
    let harness = ExhaustiveHarness(Profile())
    let profile = harness.model
    let save = harness.callback(String.self, Bool.self)
    harness.send {
      save.client(profile.name) { _ in profile.nickname = "saved" }
    }
    save.respond(with: true)
    expectFailure {
      harness.send {
        profile.rename("Grace")
      } assert: {
        $0.name = "Grace"
      }
    } matching: { issue in
      Self.says(
        issue,
        "The model changed after the last step, and the test did not assert it: …",
        "+   nickname: \"saved\",",
        "Wait for it first with \"await harness.receive { … }\"."
      )
    }
  }

  @Test func receiveFailsWhenNothingChanges() async {
    let harness = ExhaustiveHarness(Profile())
    await expectFailure {
      await harness.receive(timeout: .milliseconds(20)) { $0.name = "Grace" }
    } matching: { issue in
      Self.says(issue, "Expected the model to change, but it did not within 0.0 seconds.")
    }
  }

  @Test func aRequestNobodyAnsweredFailsTheEnd() {
    let harness = ExhaustiveHarness(Profile())
    let save = harness.callback(String.self, Bool.self)
    harness.send { save.client("Ada") { _ in } }
    expectFailure {
      harness.finish()
    } matching: { issue in
      Self.says(issue, "The model made 1 request that was never answered: …", "  \"Ada\"")
    }
  }

  @Test func answeringWithNothingPendingIsReported() {
    let harness = ExhaustiveHarness(Profile())
    let save = harness.callback(String.self, Bool.self)
    expectFailure {
      save.respond(with: true)
    } matching: { issue in
      Self.says(issue, "the model made no request that is still unanswered")
    }
  }

  @Test func aTaskStillAsleepOnTheClockFailsTheEnd() async {
    let clock = TestClock()
    let harness = ExhaustiveHarness(Profile(), clocks: [clock])
    let profile = harness.model
    harness.send {
      profile.saveTask = Task { try? await clock.sleep(for: .seconds(1)) }
    }
    while clock.sleeperCount == 0 { await Task.yield() }
    expectFailure {
      harness.finish()
    } matching: { issue in
      Self.says(issue, "1 task is still asleep on a test clock at the end of the test")
    }
    profile.saveTask?.cancel()
  }

  /// The harness goes away without `finish()`: it checks the end by itself.
  @Test func theEndIsCheckedWithoutFinish() {
    expectFailure {
      let harness = ExhaustiveHarness(Profile())
      let save = harness.callback(String.self, Bool.self)
      harness.send { save.client("Ada") { _ in } }
    } matching: { issue in
      Self.says(issue, "never answered")
    }
  }

  @Test func theSameObjectTwiceIsRefused() {
    let profile = Profile()
    expectFailure {
      _ = ExhaustiveHarness(profile)
    } matching: { issue in
      Self.says(issue, "The model expression gave the same object twice")
    }
  }

  @Test func aModelExpressionThatDiffersEachTimeIsRefused() {
    var made = 0
    func make() -> Profile {
      made += 1
      return Profile(name: "Ada \(made)")
    }
    expectFailure {
      _ = ExhaustiveHarness(make())
    } matching: { issue in
      Self.says(issue, "The model expression gave two different models", "−   name: \"Ada 2\",")
    }
  }
}

/// A model that keeps its child objects in a dictionary (lesson 8, exercise 3).
@MainActor
@Observable
final class Kennel {
  var pets: [String: Pet]

  init() {
    pets = Dictionary(
      uniqueKeysWithValues: ["Rex", "Fido", "Bella", "Max", "Luna", "Milo", "Coco", "Nala"]
        .map { ($0, Pet()) }
    )
  }

  /// Rebuilds the dictionary with the same keys and the same objects.
  ///
  /// A reload that merges fresh data into a larger table does this. A table of another size
  /// orders its keys by other bits of their hashes, so it usually iterates in another order;
  /// this one tries ten sizes until it does (eight keys keeping their order through all ten is
  /// about as likely as guessing 8! ten times in a row), so the test below does not depend on
  /// luck, and it checks that the order did change.
  func rebuild() {
    let before = Array(pets.keys)
    for power in 5..<15 {
      var fresh = [String: Pet](minimumCapacity: 1 << power)
      for (name, pet) in pets { fresh[name] = pet }
      if Array(fresh.keys) != before {
        pets = fresh
        return
      }
    }
  }
}

@MainActor
@Observable
final class Pet {
  var naps = 0
}

@MainActor
struct DictionaryOfObjectsTests {
  /// The rebuild keeps every object, and the harness still reports one as replaced.
  ///
  /// It pairs real and expected objects by walking both models in iteration order, and the two
  /// dictionaries no longer iterate alike. Children kept in an array (or an ordered collection
  /// keyed by ID) are walked in an order the model decides.
  @Test func aDictionaryThatIteratesInAnotherOrderLooksLikeAReplacedObject() {
    let harness = ExhaustiveHarness(Kennel())
    let kennel = harness.model
    // A first step, so the harness has paired the objects as the dictionaries iterate now.
    harness.send {
      kennel.pets["Rex"]?.naps += 1
    } assert: {
      $0.pets["Rex"]?.naps += 1
    }
    let orderBefore = Array(kennel.pets.keys)
    let objectsBefore = Set(kennel.pets.values.map(ObjectIdentifier.init))
    expectFailure {
      harness.send(kennel.rebuild)
    } matching: { issue in
      ExhaustiveHarnessTests.says(
        issue,
        "The model holds a different Pet object at pets",
        "than the expected model does"
      )
    }
    #expect(Array(kennel.pets.keys) != orderBefore)
    #expect(Set(kennel.pets.values.map(ObjectIdentifier.init)) == objectsBefore)
  }
}
