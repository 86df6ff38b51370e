import Foundation
import Gherkin
import Locking
import Messages

/// A feature file as the run reads it again at its turn: waiting a moment for a descriptor, and
/// refused when it no longer holds what the survey read.
extension FeatureLoader {
    /// A file that changed between the run's two reads of it (see `FeatureFiles.feature(at:)`):
    /// an error at its start, its scenarios not run.
    static func changedSinceTheSurvey(_ file: FeaturePath, source: Source) -> LoadedFeature {
        LoadedFeature(
            source: source, document: nil, pickles: [],
            errors: [
                ParseError(
                    message: "changed while the run was on (read when the run began, and again when its scenarios "
                        + "came up, it holds other scenarios now): it is not run; run it again",
                    location: Location(line: 1, column: 1))
            ], lines: file.lines, exactLines: file.exactLines, askedLines: file.askedLines)
    }

    /// Reads a file; when every descriptor is taken (a worker process being started holds six
    /// for a moment under a low `ulimit -n`), tries again for up to half a second. Once a file
    /// waited that long in vain, the limit is no moment's: later files are not waited for.
    static func readWaitingForADescriptor(_ file: FeaturePath) throws(SourceError) -> Source {
        var attempts = 0
        while true {
            do { return try SourceReader.read(path: file.file, uri: file.path) } catch {
                attempts += 1
                guard error.isForWantOfDescriptors, !descriptorsStayTaken.withLock({ $0 }) else { throw error }
                guard attempts < 50 else {
                    descriptorsStayTaken.withLock { $0 = true }
                    throw error
                }
                usleep(10_000)
            }
        }
    }

    /// Whether a read waited half a second for a descriptor in vain (see `readWaitingForADescriptor`).
    private static let descriptorsStayTaken = Locked(false)
}
