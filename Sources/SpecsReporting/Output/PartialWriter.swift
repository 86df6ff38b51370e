import Foundation

/// The process that a partial file (`PartialFile`) names as its writer, judged for a partial
/// last modified at a given time: it writes that file only if it runs and it started before
/// that time. A process that started after it cannot have written it: it has the number of a
/// writer that is gone (the system gives numbers again, often in a container), and the write
/// is unfinished. So for this process's own number too: a partial of it last modified before
/// this process started is a killed run's (in a container every command may be PID 1).
/// Decided here alone for the writer that removes the partial files of killed runs
/// (`ReportOutput`) and for the readers that refuse their earlier files.
package enum PartialWriter {
    /// How much later than the partial's modification time a writer's start may be read: the
    /// file system stamps times from a coarse clock, and the start time is read in clock ticks.
    static let slack = 0.05

    /// Whether process `pid` runs and may be the writer of a partial file last modified at
    /// `modified` (seconds since 1970).
    package static func writes(_ pid: Int32, modified: Double) -> Bool {
        guard pid > 0, kill(pid, 0) == 0 || errno != ESRCH else { return false }
        // A start that cannot be read (another user's process on a system that hides it) is
        // taken as a writer's, as a running process was before.
        guard let start = startTime(of: pid) else { return true }
        return start <= modified + slack
    }

    /// When process `pid` started, in seconds since 1970; nil when that cannot be read.
    package static func startTime(of pid: Int32) -> Double? {
        #if canImport(Darwin)
            var info = kinfo_proc()
            var size = MemoryLayout<kinfo_proc>.stride
            var name: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_PID, pid]
            guard sysctl(&name, u_int(name.count), &info, &size, nil, 0) == 0, size > 0 else { return nil }
            let start = info.kp_proc.p_un.__p_starttime
            return Double(start.tv_sec) + Double(start.tv_usec) / 1_000_000
        #else
            // Field 22 of /proc/PID/stat: the start in clock ticks since boot (on the clock
            // that counts suspended time too), after the name in parentheses, which may hold
            // spaces and parentheses itself.
            // This process's own through `self`: in a PID namespace whose `/proc` is the
            // host's, `/proc/PID` is another process.
            let entry = pid == getpid() ? "self" : "\(pid)"
            guard let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let nameEnd = stat.lastIndex(of: ")")
            else { return nil }
            let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
            let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
            guard fields.count > 19, let ticks = Double(fields[19]), ticksPerSecond > 0 else { return nil }
            var now = timespec()
            var sinceBoot = timespec()
            guard clock_gettime(CLOCK_REALTIME, &now) == 0, clock_gettime(CLOCK_BOOTTIME, &sinceBoot) == 0 else {
                return nil
            }
            let seconds = { (time: timespec) in Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000 }
            return seconds(now) - (seconds(sinceBoot) - ticks / ticksPerSecond)
        #endif
    }
}
