import Gherkin

/// Where a run's features come from: each loaded when the run needs it, so a run holds
/// the files it is running and not every file it was given.
package protocol FeatureSupply: Sendable {
    /// How many features there are.
    var count: Int { get }
    /// Feature `index`, with the same ids each time it is asked for.
    func feature(at index: Int) -> LoadedFeature
}

/// Features loaded beforehand (tests, one scenario run as an XCTest).
extension Array: FeatureSupply where Element == LoadedFeature {
    package func feature(at index: Int) -> LoadedFeature { self[index] }
}

/// A run's feature files, read and parsed when needed. Each file's ids start where loading
/// every file in order would start them, so a file gets the same ids however often and in
/// whatever order it is loaded: a run re-reads a file when its scenarios come up.
package struct FeatureFiles: FeatureSupply {
    /// The files, in the run's order.
    package let paths: [FeaturePath]
    private let idStarts: [Int]

    /// Reads and parses every file once, in order, handing each to `visit` and then letting it go.
    package init(surveying paths: [FeaturePath], visit: (LoadedFeature) -> Void = { _ in }) {
        var ids = IncrementingIdGenerator()
        var starts: [Int] = []
        starts.reserveCapacity(paths.count)
        for path in paths {
            starts.append(ids.next)
            visit(FeatureLoader.load(path, ids: &ids))
        }
        self.paths = paths
        idStarts = starts
    }

    /// How many files there are.
    package var count: Int { paths.count }

    package func feature(at index: Int) -> LoadedFeature {
        FeatureLoader.load(paths[index], firstId: idStarts[index])
    }
}
