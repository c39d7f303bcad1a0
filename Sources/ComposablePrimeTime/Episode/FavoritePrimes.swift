import ComposableArchitecture
import Foundation
import PrimeTimeCore

/// The favourite primes list: delete, save to the favourites file, load from it.
///
/// File errors become an alert and change nothing.
///
/// ```swift
/// await store.send(.loadButtonTapped)
/// await store.receive(.loadedFavoritePrimes([2, 3, 5])) { $0.favoritePrimes = [2, 3, 5] }
/// ```
public struct FavoritePrimes: Reducer {
  /// The list's state.
  public struct State: Equatable, Sendable {
    /// The favourites (the app's, projected by ``AppFeature``).
    public var favoritePrimes: [Int]
    /// The error alert's message, when shown.
    public var alertMessage: String?

    /// Creates the state.
    public init(favoritePrimes: [Int] = [], alertMessage: String? = nil) {
      self.favoritePrimes = favoritePrimes
      self.alertMessage = alertMessage
    }
  }

  /// What the user did, or what came back.
  public enum Action: Equatable, Sendable {
    /// Swipe-to-delete at these offsets (offsets outside the list are ignored).
    case deleteFavoritePrimes(IndexSet)
    /// "Save" tapped.
    case saveButtonTapped
    /// "Load" tapped.
    case loadButtonTapped
    /// The file was read.
    case loadedFavoritePrimes([Int])
    /// Reading the file failed (the message to show).
    case loadFailed(String)
    /// Writing the file failed (the message to show).
    case saveFailed(String)
    /// The alert's OK tapped.
    case alertDismissButtonTapped
  }

  @Dependency(\.fileClient) var fileClient

  /// Creates the reducer.
  public init() {}

  /// The list's logic.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .deleteFavoritePrimes(let offsets):
      for index in offsets.reversed() where state.favoritePrimes.indices.contains(index) {
        state.favoritePrimes.remove(at: index)
      }
      return .none
    case .saveButtonTapped:
      return .run { [primes = state.favoritePrimes, fileClient] _ in
        let name = FavoritePrimesFile.name
        let data = try FavoritePrimesFile.encodeForSaving(primes, path: fileClient.location(name))
        try await fileClient.save(name, data)
      } catch: { error, send in
        await send(.saveFailed("\(error)"))
      }
    case .loadButtonTapped:
      return .run { [fileClient] send in
        guard let data = try await fileClient.load(FavoritePrimesFile.name) else { return }
        let path = fileClient.location(FavoritePrimesFile.name)
        await send(.loadedFavoritePrimes(try FavoritePrimesFile.decode(data, path: path)))
      } catch: { error, send in
        await send(.loadFailed("\(error)"))
      }
    case .loadedFavoritePrimes(let primes):
      state.favoritePrimes = primes
      return .none
    case .loadFailed(let message), .saveFailed(let message):
      state.alertMessage = message
      return .none
    case .alertDismissButtonTapped:
      state.alertMessage = nil
      return .none
    }
  }
}

extension FavoritePrimes.Action: CasePathable {
  /// The case paths of `FavoritePrimes.Action`.
  public struct AllCasePaths: Sendable {
    /// `.deleteFavoritePrimes`.
    public let deleteFavoritePrimes = AnyCasePath<FavoritePrimes.Action, IndexSet>(
      embed: { .deleteFavoritePrimes($0) },
      extract: { if case .deleteFavoritePrimes(let offsets) = $0 { offsets } else { nil } }
    )
    /// `.loadedFavoritePrimes`.
    public let loadedFavoritePrimes = AnyCasePath<FavoritePrimes.Action, [Int]>(
      embed: { .loadedFavoritePrimes($0) },
      extract: { if case .loadedFavoritePrimes(let primes) = $0 { primes } else { nil } }
    )
    /// `.loadFailed`.
    public let loadFailed = AnyCasePath<FavoritePrimes.Action, String>(
      embed: { .loadFailed($0) },
      extract: { if case .loadFailed(let message) = $0 { message } else { nil } }
    )
    /// `.saveFailed`.
    public let saveFailed = AnyCasePath<FavoritePrimes.Action, String>(
      embed: { .saveFailed($0) },
      extract: { if case .saveFailed(let message) = $0 { message } else { nil } }
    )
  }

  /// The case paths.
  public static let allCasePaths = AllCasePaths()
}

// MARK: - Screen

/// The favourite primes list: its rows and alert read from the store, its buttons send.
///
/// ```swift
/// contentView.favoritePrimesView.saveFavoritePrimes()
/// ```
@MainActor
public struct FavoritePrimesView {
  /// The screen's store.
  public let store: StoreOf<FavoritePrimes>

  /// Creates the screen.
  ///
  /// - Parameter store: The screen's store.
  public init(store: StoreOf<FavoritePrimes>) {
    self.store = store
  }

  /// The rows.
  public var favoritePrimes: [Int] { store.favoritePrimes }

  /// The error alert's message, when shown.
  public var alertMessage: String? { store.alertMessage }

  /// Swipe-to-delete on the rows at `offsets`.
  ///
  /// - Parameter offsets: Positions in ``favoritePrimes``.
  public func deleteFavoritePrimes(at offsets: IndexSet) {
    store.send(.deleteFavoritePrimes(offsets))
  }

  /// "Save" tapped.
  public func saveFavoritePrimes() { store.send(.saveButtonTapped) }

  /// "Load" tapped.
  public func loadFavoritePrimes() { store.send(.loadButtonTapped) }

  /// The alert's OK tapped.
  public func alertDismissButtonAction() { store.send(.alertDismissButtonTapped) }

  /// What the screen shows, laid out as its `body` would lay it out.
  public var screen: Screen {
    .favoritePrimes(
      favoritePrimes,
      delete: deleteFavoritePrimes(at:),
      save: saveFavoritePrimes,
      load: loadFavoritePrimes,
      alertMessage: alertMessage,
      dismissAlert: alertDismissButtonAction
    )
  }
}
