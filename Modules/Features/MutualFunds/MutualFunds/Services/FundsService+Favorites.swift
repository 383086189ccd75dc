import Caching
import Failures
import Foundation
import Persistence
import Timing

extension FundsService {
    /// Every favourite with its latest figures; one that cannot be loaded is listed with why, so the list
    /// itself never fails for one scheme. `progress` is called once per scheme fetched.
    public func favorites(mode: FetchMode = .normal, progress: @Sendable () -> Void = {}) async throws -> [FavoriteRow]
    {
        let favorites = try await mapped { try await store.read { try FavoritesStore.all(in: $0) } }
        guard !favorites.isEmpty else { return [] }
        let results = await histories(codes: favorites.map(\.code), mode: mode, progress: progress)
        return zip(favorites, results).map { favorite, result in
            switch result {
            case .success(let fetched):
                FavoriteRow(favorite: favorite, history: fetched.value, freshness: fetched.freshness)
            case .failure(let error):
                FavoriteRow(favorite: favorite, failure: error.what)
            }
        }
    }

    /// Whether `code` is a favourite (never fetches).
    public func isFavorite(code: Int) async throws -> Bool {
        // Whether the record exists; decoding it would tell nothing more.
        try await mapped { try await store.read { try $0.get(FavoritesStore.key(code: code)) != nil } }
    }

    /// Adds `code` to the favourites, checking it with the MF API (or the cache) first.
    /// - Throws: ``FolioError`` as ``history(code:mode:)``: an unknown code is not added.
    public func addFavorite(code: Int) async throws -> FavoriteChange {
        let history = try await history(code: code).value
        let favorite = Favorite(code: history.code, name: history.name, addedAt: timing.now())
        let added = try await mapped { try await store.write { try FavoritesStore.add(favorite, in: $0) } }
        return FavoriteChange(favorite: favorite, changed: added)
    }

    /// Removes `code` from the favourites.
    /// - Throws: ``FolioError`` (not found) when it is not a favourite.
    public func removeFavorite(code: Int) async throws -> FavoriteChange {
        guard
            let removed = try await mapped({ try await store.write { try FavoritesStore.remove(code: code, in: $0) } })
        else {
            throw FolioError(
                .notFound, "\(code) is not a favorite", hint: "see the favorites in the favourites list", field: "code")
        }
        return FavoriteChange(favorite: removed, changed: true)
    }
}
