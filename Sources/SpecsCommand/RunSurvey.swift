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
    /// `definedStep`: whether a text matches one of the run's step definitions (see `KeywordCheck`).
    init(
        _ files: [FeaturePath], tags: TagExpression, tagsOrigin: String = Option.tags.name,
        definedStep: (@Sendable (String) -> Bool)? = nil, err: ReportOutput
    ) {
        var selection = SelectionCheck(tags: tags, origin: tagsOrigin)
        var unparsable: [String] = []
        var unparsableFiles: Set<String> = []
        var languages: [String: Int] = [:]
        // What a file alone tells (its errors, its outlines' and descriptions' warnings) is
        // worked out where it is parsed; what the files tell together, in their order.
        let examine: @Sendable (LoadedFeature) -> String = { Self.problems(of: $0, definedStep: definedStep) }
        features = FeatureFiles(surveying: files, examine: examine) { feature, problems in
            if let language = feature.document?.feature?.language { languages[language, default: 0] += 1 }
            if !problems.isEmpty { err.write(problems) }
            if let error = feature.errors.first {
                unparsable.append("\(feature.source.uri):\(error.location.line)")
                unparsableFiles.insert(feature.source.uri)
            }
            selection.visit(feature)
        }
        for warning in selection.unknownTagWarnings() { err.write("warning: \(warning)\n") }
        for error in selection.lineErrors { err.write("\(error)\n") }
        self.selection = selection
        self.unparsable = unparsable
        self.unparsableFiles = unparsableFiles
        self.languages = languages
    }

    /// What `feature` alone tells, as written to standard error: its parse errors (each with
    /// a caret), its outlines' placeholders no column fills, its lines lost to description.
    private static func problems(of feature: LoadedFeature, definedStep: (@Sendable (String) -> Bool)?) -> String {
        var told = ""
        for error in feature.errors {
            let message = ParseErrorMessage(
                source: SourceReference(uri: feature.source.uri, location: error.location),
                message: error.description)
            told += Diagnostics.render(message, source: feature.source)
        }
        for warning in OutlineCheck.warnings(in: [feature]) { told += "\(warning)\n" }
        for warning in KeywordCheck.warnings(in: feature, definedStep: definedStep) { told += "\(warning)\n" }
        return told
    }

    /// Whether files that do not parse explain why nothing was selected (then "no scenario
    /// was selected" is not a problem of its own).
    var explainsAnEmptySelection: Bool { !unparsable.isEmpty && selection.pickleCount == 0 }
}
