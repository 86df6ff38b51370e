import Foundation

/// The name of the Swift package in the working directory, read from its manifest
/// (`name: "Cart"` in `Package(...)`): what the HTML report is titled after.
enum PackageName {
    static var current: String? {
        guard let text = try? String(contentsOfFile: "Package.swift", encoding: .utf8),
            let call = text.range(of: "Package(")
        else { return nil }
        let rest = text[call.upperBound...]
        guard let name = rest.range(of: "name:") else { return nil }
        let afterName = rest[name.upperBound...].drop { $0 == " " || $0 == "\n" }
        guard afterName.first == "\"" else { return nil }
        let value = afterName.dropFirst().prefix { $0 != "\"" }
        return value.isEmpty ? nil : String(value)
    }
}
