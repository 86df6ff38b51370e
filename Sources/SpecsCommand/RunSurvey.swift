import Gherkin
import Messages
import SpecsReporting
import SpecsRunner
import TagExpressions

/// What a run tells before anything runs, read in one pass over its files: parse errors
/// (rendered with a caret), outline placeholders no column fills, steps and headings read as
/// description (a misspelt or another language's keyword), unknown tags, `file:LINE`
/// that selects nothing, and the features' languages. It keeps no document: the run reads
/// each file again when its batch comes (see `RunCommand.run`).
struct RunSurvey {
    /// The files, with where each one's ids start.
    let features: FeatureFiles
    var selection: SelectionCheck
    /// The files that do not parse, each by `path:line` of its first error.
    var unparsable: [String] = []
    /// The paths of those files: every error of theirs was told.
    var unparsableFiles: Set<String> = []
    /// How many features are written in each language.
    var languages: [String: Int] = [:]

    /// Surveys `files`, telling `err` each problem as it is found.
    init(_ files: [FeaturePath], tags: TagExpression, tagsOrigin: String = Option.tags.name, err: ReportOutput) {
        var selection = SelectionCheck(tags: tags, origin: tagsOrigin)
        var unparsable: [String] = []
        var unparsableFiles: Set<String> = []
        var languages: [String: Int] = [:]
        features = FeatureFiles(surveying: files) { feature in
            if let language = feature.document?.feature?.language { languages[language, default: 0] += 1 }
            for error in feature.errors {
                let message = ParseErrorMessage(
                    source: SourceReference(uri: feature.source.uri, location: error.location),
                    message: error.description)
                err.write(Diagnostics.render(message, source: feature.source))
            }
            if let error = feature.errors.first {
                unparsable.append("\(feature.source.uri):\(error.location.line)")
                unparsableFiles.insert(feature.source.uri)
            }
            for warning in OutlineCheck.warnings(in: [feature]) { err.write("\(warning)\n") }
            for warning in KeywordCheck.warnings(in: feature) { err.write("\(warning)\n") }
            selection.visit(feature)
        }
        for warning in selection.unknownTagWarnings() { err.write("warning: \(warning)\n") }
        for error in selection.lineErrors { err.write("\(error)\n") }
        self.selection = selection
        self.unparsable = unparsable
        self.unparsableFiles = unparsableFiles
        self.languages = languages
    }

    /// Whether files that do not parse explain why nothing was selected (then "no scenario
    /// was selected" is not a problem of its own).
    var explainsAnEmptySelection: Bool { !unparsable.isEmpty && selection.pickleCount == 0 }
}
