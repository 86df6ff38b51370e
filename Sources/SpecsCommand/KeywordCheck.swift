import FeatureLint
import SpecsRunner

/// Lines a run reads as description that read as headings or steps, their keyword misspelt
/// or another language's (`Given` in a German file, `Sénario:`): legal Gherkin, so the run
/// goes on, but the step never runs, and a scenario of such lines would pass with fewer
/// steps, silently. Told as `specs lint` tells them, as warnings.
enum KeywordCheck {
    /// `definedStep`: whether a text matches one of the run's step definitions; then a line of
    /// another language's short keyword (`Wenn`, `Dado`) before a defined step is told too.
    static func warnings(in feature: LoadedFeature, definedStep: (@Sendable (String) -> Bool)? = nil) -> [String] {
        guard let document = feature.document else { return [] }
        let findings = FeatureLinter().descriptionKeywords(
            feature.source.data, document: document, definedStep: definedStep)
        // A carriage return alone hides what follows it on its line (a step, a scenario).
        let text = feature.source.data
        let hidden =
            FeatureLinter.holdsCarriageReturn(text) ? FeatureLinter().loneCarriageReturns(text, document: document) : []
        return (findings + hidden).map { finding in
            "\(feature.source.uri):\(finding.line):\(finding.column): warning: \(finding.message) [\(finding.rule)]"
        }
    }
}
