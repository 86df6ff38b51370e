import FeatureLint
import SpecsRunner

/// Lines a run reads as description that read as headings or steps, their keyword misspelt
/// or another language's (`Given` in a German file, `Sénario:`): legal Gherkin, so the run
/// goes on, but the step never runs, and a scenario of such lines would pass with fewer
/// steps, silently. Told as `specs lint` tells them, as warnings.
enum KeywordCheck {
    static func warnings(in feature: LoadedFeature) -> [String] {
        guard let document = feature.document else { return [] }
        return FeatureLinter().descriptionKeywords(feature.source.data, document: document).map { finding in
            "\(feature.source.uri):\(finding.line):\(finding.column): warning: \(finding.message) [\(finding.rule)]"
        }
    }
}
