import Foundation
import Observation
import PrimeTimeCore

/// The favourite primes list's model: delete, save to the favourites file, load from it.
///
/// The file client is injected; each save or load is a `Task` the model keeps and returns, so a
/// test awaits it, and the model cancels what is still running when it goes away. A file that
/// cannot be read or written shows an alert and changes nothing.
///
/// ```swift
/// let list = FavoritePrimesModel(favorites: favorites, file: .live)
/// await list.loadButtonTapped().value
/// ```
@MainActor
@Observable
public final class FavoritePrimesModel {
  /// The favourites, shared with the counter and its modal.
  public let favorites: Favorites
  /// The error alert's message, while shown.
  public var alertMessage: String?

  @ObservationIgnored private let file: FavoritesFileClient
  /// The latest save, kept so it can be awaited or cancelled.
  @ObservationIgnored public private(set) var saveTask: Task<Void, Never>?
  /// The latest load, kept so it can be awaited or cancelled.
  @ObservationIgnored public private(set) var loadTask: Task<Void, Never>?

  /// Creates the model.
  ///
  /// - Parameters:
  ///   - favorites: The app's favourites.
  ///   - file: Reads and writes the favourites file.
  public init(favorites: Favorites, file: FavoritesFileClient) {
    self.favorites = favorites
    self.file = file
  }

  isolated deinit {
    saveTask?.cancel()
    loadTask?.cancel()
  }

  /// Swipe-to-delete: removes the primes at `offsets` (offsets outside the list are ignored).
  ///
  /// - Parameter offsets: Positions in the list.
  public func deleteFavoritePrimes(at offsets: IndexSet) {
    favorites.remove(atOffsets: offsets)
  }

  /// "Save" tapped: writes the list as it is now; a failure shows an alert.
  ///
  /// A save still running is cancelled first: the newer list is the one that counts.
  ///
  /// - Returns: The write's task.
  @discardableResult
  public func saveButtonTapped() -> Task<Void, Never> {
    saveTask?.cancel()
    let task = Task { [file, primes = favorites.primes, weak self] in
      do {
        try await file.save(primes)
      } catch {
        guard !Task.isCancelled else { return }
        self?.alertMessage = "\(error)"
      }
    }
    saveTask = task
    return task
  }

  /// "Load" tapped: replaces the list with the file's; no file loads nothing; a failure shows an
  /// alert and keeps the list.
  ///
  /// A load still running is cancelled first, so an older read never lands after a newer one.
  ///
  /// - Returns: The read's task.
  @discardableResult
  public func loadButtonTapped() -> Task<Void, Never> {
    loadTask?.cancel()
    let task = Task { [file, weak self] in
      do {
        let primes = try await file.load()
        guard !Task.isCancelled, let primes else { return }
        self?.favorites.replace(with: primes)
      } catch {
        guard !Task.isCancelled else { return }
        self?.alertMessage = "\(error)"
      }
    }
    loadTask = task
    return task
  }

  /// The alert's OK tapped.
  public func alertDismissButtonTapped() {
    alertMessage = nil
  }
}

/// The favourites list's screen: its rows and alert read from the model, each button calling
/// the model method named for it.
///
/// ```swift
/// FavoritePrimesScreen(model: list).screen.button("Load")?.action()
/// ```
@MainActor
public struct FavoritePrimesScreen {
  /// The screen's model.
  public let model: FavoritePrimesModel

  /// Creates the screen.
  ///
  /// - Parameter model: The screen's model.
  public init(model: FavoritePrimesModel) {
    self.model = model
  }

  /// What the screen shows, laid out as its `body` would lay it out.
  public var screen: Screen {
    let model = model
    return .favoritePrimes(
      model.favorites.primes,
      delete: { model.deleteFavoritePrimes(at: $0) },
      save: { model.saveButtonTapped() },
      load: { model.loadButtonTapped() },
      alertMessage: model.alertMessage,
      dismissAlert: { model.alertDismissButtonTapped() }
    )
  }
}
