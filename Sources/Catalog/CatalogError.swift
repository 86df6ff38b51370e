/// Why the catalog could not be loaded: the server could not be reached, or it
/// answered with data that cannot be read.
public enum CatalogError: Error, Sendable, Equatable {
    case connectivity
    case invalidData
}
