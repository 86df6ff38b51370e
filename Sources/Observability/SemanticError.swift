import Catalog
import Identity

/// The name an error has in logs: its meaning, never its raw description (which may
/// carry personal data such as an email).
public enum SemanticError {
    public static func name(of error: any Error) -> String {
        switch error {
        case AuthError.connectivity, CatalogError.connectivity: "connectivity"
        case AuthError.invalidCredentials: "invalidCredentials"
        case CatalogError.invalidData: "invalidData"
        case is Email.ValidationError: "invalidEmail"
        case is Password.ValidationError: "emptyPassword"
        case is CancellationError: "cancelled"
        default: "unknown"
        }
    }
}
