import PrimeTimeCore
import PrimeTimeDrivers
import PrimeTimeFixtures
import Testing

/// A UI test can do only what a user can: each refusal names what was asked and shows the
/// screen.
@MainActor
struct UIAppTests {
  @Test func aButtonThatIsNotOnScreenIsAnErrorThatShowsTheScreen() async throws {
    let app = VanillaAppDriver(count: 4).ui
    try app.show("Counter demo")
    try await app.tap("Is this prime?")
    let error = await #expect(throws: UIError.self) {
      try await app.tap("Save to favorite primes")
    }
    #expect(
      error?.description == """
        no button "Save to favorite primes"; on screen:
          # Counter demo
          [-]
          4
          [+]
          [Is this prime?]
          [What is the 4th prime?]
          sheet:
            # Is this prime?
            4 is not prime :(
        """
    )
  }

  @Test func anAlertBlocksTheScreenUnderIt() async throws {
    let app = ComposableAppDriver(count: 7).ui
    try app.show("Counter demo")
    try await app.tap("What is the ", prefix: true)
    let error = await #expect(throws: UIError.self) { try await app.tap("+") }
    #expect(
      error?.description.hasPrefix("an alert covers the screen and has no button \"+\"") == true
    )
    #expect(throws: UIError.self) { try app.show("Favorite primes") }
    try await app.tap("Ok")
    try await app.tap("+")
    #expect(app.screen.texts == ["8"])
  }

  @Test func aDisabledButtonCannotBeTapped() async throws {
    var tapped = false
    let app = UIApp(
      root: {
        Screen(title: "Root", items: [.button("Go", isEnabled: false, action: { tapped = true })])
      },
      destinations: [:],
      settle: {}
    )
    let error = await #expect(throws: UIError.self) { try await app.tap("Go") }
    #expect(error?.description.hasPrefix("the button \"Go\" is disabled") == true)
    #expect(!tapped)
  }

  @Test func rowsThatAreNotOnScreenCannotBeDeleted() async throws {
    let app = VanillaAppDriver(favoritePrimes: [2, 3]).ui
    try app.show("Favorite primes")
    let error = await #expect(throws: UIError.self) { try await app.deleteRows([2]) }
    #expect(error?.description.hasPrefix("rows [2] cannot be deleted") == true)
    try await app.deleteRows([0])
    #expect(app.screen.rows == ["3"])
  }
}
