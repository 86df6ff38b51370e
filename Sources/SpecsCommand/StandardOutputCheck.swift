import SpecsReporting

/// The last check of every command: what it wrote to standard output went through. A
/// write that failed (`> /dev/full`, a full disk) makes the command fail with exit 2 and
/// an error on standard error, unless it was told already (a run's verdict names it); a
/// reader that closed the pipe (`| head -1`) is no failure, and the exit code stays the
/// command's.
enum StandardOutputCheck {
    static func exitCode(_ code: Int32, out: ReportOutput, err: ReportOutput) -> Int32 {
        out.flush()
        defer { err.flush() }
        guard let failure = out.failure else { return code }
        if !out.failureTold {
            err.write("\(out.path ?? "standard output"): error: \(failure)\n")
            out.failureTold = true
        }
        // A signal's exit code says more than the output's.
        return code >= 128 ? code : 2
    }
}
