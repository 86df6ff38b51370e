import SpecsRunner

/// Where no feature file was found, in words: a file named (a rerun file's line whose file is
/// gone) is none "at" its path, a folder has none "under" it.
enum NoFeatureFile {
    static func words(_ paths: [FeaturePath]) -> String {
        "no .feature file "
            + paths.map { ($0.path.hasSuffix(".feature") ? "at " : "under ") + $0.path }.joined(separator: ", ")
    }
}
