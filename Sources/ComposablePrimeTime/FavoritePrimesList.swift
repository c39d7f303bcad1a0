import ComposableArchitecture
import Foundation
import PrimeTimeCore

/// The favourite primes list's feature: delete, save to the favourites file, load from it.
///
/// The favourites are the app's own list, shared (`@Shared`). A delete tells the parent which
/// primes went, with a delegate action, so the parent records the activity. A file that cannot
/// be read or written shows an alert (`AlertState`) and changes nothing.
///
/// ```swift
/// await store.send(.loadButtonTapped)
/// await store.receive(.favoritePrimesLoaded([2, 3, 5])) {
///   $0.$favoritePrimes.withLock { $0 = [2, 3, 5] }
/// }
/// ```
public struct FavoritePrimesFeature: Reducer {
  /// The list's state.
  public struct State: Equatable, Sendable {
    /// The app's favourites, shared.
    @Shared public var favoritePrimes: [Int]
    /// The error alert, while shown.
    @PresentationState public var alert: AlertState<Action.Alert>?

    /// Creates the state.
    ///
    /// - Parameter favoritePrimes: The app's favourites.
    public init(favoritePrimes: Shared<[Int]>) {
      self._favoritePrimes = favoritePrimes
    }
  }

  /// What the user did, what came back, and what the list tells its parent.
  public enum Action: Equatable, Sendable {
    /// The error alert's buttons (only the system's OK, which dismisses it).
    case alert(PresentationAction<Alert>)
    /// What the list tells its parent.
    case delegate(Delegate)
    /// Swipe-to-delete at these offsets (offsets outside the list are ignored).
    case deleteFavoritePrimes(IndexSet)
    /// The file was read.
    case favoritePrimesLoaded([Int])
    /// "Load" tapped.
    case loadButtonTapped
    /// Reading the file failed (the message to show).
    case loadFailed(String)
    /// "Save" tapped.
    case saveButtonTapped
    /// Writing the file failed (the message to show).
    case saveFailed(String)

    /// The alert's actions: none besides dismissal.
    public enum Alert: Equatable, Sendable {}

    /// What the list did to the favourites.
    public enum Delegate: Equatable, Sendable {
      /// These primes were deleted, in the list's order.
      case deletedFavoritePrimes([Int])
    }
  }

  @Dependency(\.fileClient) var fileClient

  enum CancelID: Hashable, Sendable {
    case load
    case save
  }

  /// Creates the reducer.
  public init() {}

  /// The list's logic, with its alert.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert, .delegate:
        return .none
      case .deleteFavoritePrimes(let offsets):
        let valid = offsets.filter(state.favoritePrimes.indices.contains)
        guard !valid.isEmpty else { return .none }
        let deleted = valid.map { state.favoritePrimes[$0] }
        state.$favoritePrimes.withLock { primes in
          for index in valid.reversed() { primes.remove(at: index) }
        }
        return .send(.delegate(.deletedFavoritePrimes(deleted)))
      case .favoritePrimesLoaded(let primes):
        state.$favoritePrimes.withLock { $0 = primes }
        return .none
      case .loadButtonTapped:
        return .run { [fileClient] send in
          guard let data = try await fileClient.load(FavoritePrimesFile.name) else { return }
          let path = fileClient.location(FavoritePrimesFile.name)
          await send(.favoritePrimesLoaded(try FavoritePrimesFile.decode(data, path: path)))
        } catch: { error, send in
          await send(.loadFailed("\(error)"))
        }
        .cancellable(id: CancelID.load, cancelInFlight: true)
      case .loadFailed(let message), .saveFailed(let message):
        state.alert = AlertState { TextState(message) }
        return .none
      case .saveButtonTapped:
        return .run { [primes = state.favoritePrimes, fileClient] _ in
          let name = FavoritePrimesFile.name
          let data = try FavoritePrimesFile.encodeForSaving(primes, path: fileClient.location(name))
          try await fileClient.save(name, data)
        } catch: { error, send in
          await send(.saveFailed("\(error)"))
        }
        .cancellable(id: CancelID.save, cancelInFlight: true)
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }
}

extension FavoritePrimesFeature.Action: CasePathable {
  /// The case paths of `FavoritePrimesFeature.Action`.
  public struct AllCasePaths: Sendable {
    /// `.alert`.
    public let alert = AnyCasePath<
      FavoritePrimesFeature.Action, PresentationAction<FavoritePrimesFeature.Action.Alert>
    >(
      embed: { .alert($0) },
      extract: { if case .alert(let action) = $0 { action } else { nil } }
    )
  }

  /// The case paths.
  public static let allCasePaths = AllCasePaths()
}

// MARK: - Screen

/// The favourites list's screen: its rows and alert read from the store; each button sends the
/// action named for it.
///
/// ```swift
/// FavoritePrimesScreen(store: store).screen.button("Load")?.action()
/// ```
@MainActor
public struct FavoritePrimesScreen {
  /// The list's store.
  public let store: StoreOf<FavoritePrimesFeature>

  /// Creates the screen.
  ///
  /// - Parameter store: The list's store.
  public init(store: StoreOf<FavoritePrimesFeature>) {
    self.store = store
  }

  /// What the screen shows, laid out as its `body` would lay it out.
  public var screen: Screen {
    let store = store
    return .favoritePrimes(
      store.favoritePrimes,
      delete: { store.send(.deleteFavoritePrimes($0)) },
      save: { store.send(.saveButtonTapped) },
      load: { store.send(.loadButtonTapped) },
      alertMessage: store.alert?.title.string,
      dismissAlert: { store.send(.alert(.dismiss)) }
    )
  }
}
