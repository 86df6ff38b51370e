import Foundation
import Gherkin
import Locking

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
    /// Where each file's ids start, and, last, where the ids of a file after the last would.
    private let idStarts: [Int]

    /// Reads and parses every file once, handing each to `visit` in order and then letting it
    /// go. The files are parsed a window at a time on every processor; a file handed to
    /// `visit` has ids of its own, from 0 (where the run's ids of a file start is known only
    /// once the files before it are parsed): the run's come with `feature(at:)`.
    package init(surveying paths: [FeaturePath], visit: (LoadedFeature) -> Void = { _ in }) {
        self.init(surveying: paths, examine: { _ in () }, visit: { feature, _ in visit(feature) })
    }

    /// Reads and parses every file once, as `init(surveying:visit:)` does, and `examine`s
    /// each where it was parsed, on every processor, before `visit` gets it in order with
    /// what was found: what can be told of a file alone is told while the others parse.
    package init<Finding: Sendable>(
        surveying paths: [FeaturePath], examine: @escaping @Sendable (LoadedFeature) -> Finding,
        visit: (LoadedFeature, Finding) -> Void
    ) {
        var starts: [Int] = []
        starts.reserveCapacity(paths.count)
        var nextId = 0
        // Files are read a window at a time, on every processor: eight a processor, fewer
        // when they are large, so that the files held at once stay within `surveyBytes`.
        let widest = max(1, ProcessInfo.processInfo.activeProcessorCount) * 8
        var first = 0
        while first < paths.count {
            var end = first + 1
            var bytes = Self.size(of: paths[first])
            while end < paths.count, end - first < widest, bytes < Self.surveyBytes {
                bytes += Self.size(of: paths[end])
                end += 1
            }
            for (feature, idCount, finding) in Self.loadEach(paths[first..<end], examine: examine) {
                starts.append(nextId)
                nextId += idCount
                visit(feature, finding)
            }
            first = end
        }
        self.paths = paths
        idStarts = starts + [nextId]
    }

    /// About how much feature text a survey reads at once.
    static let surveyBytes = 8 << 20

    /// The size of a file as it is on disk (0 when it cannot be told: it is read to say why).
    private static func size(of path: FeaturePath) -> Int {
        var status = stat()
        return stat(path.file, &status) == 0 ? Int(status.st_size) : 0
    }

    /// Each file loaded with ids from 0, with how many ids it took and what `examine` found
    /// in it, in the files' order; the files are loaded at the same time, on every processor.
    private static func loadEach<Finding: Sendable>(
        _ files: ArraySlice<FeaturePath>, examine: @Sendable (LoadedFeature) -> Finding
    ) -> [(LoadedFeature, Int, Finding)] {
        let files = Array(files)
        let loaded = Locked([(LoadedFeature, Int, Finding)?](repeating: nil, count: files.count))
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            var ids = IncrementingIdGenerator()
            let feature = FeatureLoader.load(files[index], ids: &ids)
            let finding = examine(feature)
            loaded.withLock { $0[index] = (feature, ids.next, finding) }
        }
        return loaded.withLock { $0.compactMap { $0 } }
    }

    /// How many files there are.
    package var count: Int { paths.count }

    /// A file read again that no longer takes the ids the survey counted for it changed since
    /// (an editor's save, a `git pull` during a long run): its scenarios would take the next
    /// file's ids, and their results its names. It is not run, and said so.
    package func feature(at index: Int) -> LoadedFeature {
        var ids = IncrementingIdGenerator(startingAt: idStarts[index])
        let feature = FeatureLoader.load(paths[index], ids: &ids)
        guard feature.errors.isEmpty, ids.next != idStarts[index + 1] else { return feature }
        return FeatureLoader.changedSinceTheSurvey(paths[index], source: feature.source)
    }
}
