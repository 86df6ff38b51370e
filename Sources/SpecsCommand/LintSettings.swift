import FeatureLint
import Foundation
import SpecsRunner

/// The lint rules' settings as `specs lint` reads them (`--config FILE`, the `lint` of
/// `specs.json`, `.specs-lint.json`), with what is wrong in them worded as a `specs.json`
/// error is: at its line and column.
enum LintSettings {
    /// The settings in `data`, read from `path`; `section` is the keys of `source` (the whole
    /// file) that hold them, for a file that holds more (`["lint"]` in `specs.json`).
    static func read(
        _ data: Data, path: String, source: Data? = nil, section: [String] = []
    ) throws(ConfigurationError) -> LintConfiguration {
        // A byte order mark before the text is read past, as in specs.json and a feature file.
        let data = data.starts(with: [0xEF, 0xBB, 0xBF]) ? Data(data.dropFirst(3)) : data
        let source = source ?? data
        if let problem = JSONSyntax.problem(in: source) {
            throw ConfigurationError(path: path, message: problem.message, line: problem.line, column: problem.column)
        }
        do {
            return try LintConfiguration.read(data)
        } catch let error as LintConfigurationError {
            let place = JSONSyntax.place(ofKey: section + error.keyPath, in: source)
            throw ConfigurationError(path: path, message: error.message, line: place?.line, column: place?.column)
        } catch {
            throw ConfigurationError(path: path, message: "\(error)")
        }
    }
}
