import Foundation

/// Durations and dates as reports write them, formatted by hand: Foundation's formatters
/// load the locale and calendar data of the whole ICU library, megabytes a run does not
/// otherwise need.
enum TimeText {
    /// Nanoseconds as seconds with `digits` decimals (at most 9), rounded half up: `0.012346`.
    static func seconds(nanoseconds: Int, digits: Int = 6) -> String {
        let scale = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000][
            min(max(digits, 0), 9)]
        let unit = 1_000_000_000 / scale
        let magnitude = (nanoseconds.magnitude + UInt(unit / 2)) / UInt(unit)
        let whole = String(magnitude / UInt(scale))
        let fraction = String(magnitude % UInt(scale))
        let sign = nanoseconds < 0 && magnitude > 0 ? "-" : ""
        guard digits > 0 else { return sign + whole }
        return sign + whole + "." + String(repeating: "0", count: min(digits, 9) - fraction.count) + fraction
    }

    /// Seconds since 1970 as an ISO 8601 UTC date and time: `2026-11-24T09:30:00Z`.
    static func iso8601(seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        guard gmtime_r(&time, &parts) != nil else { return "" }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = String(parts.tm_year + 1900)
        return String(repeating: "0", count: max(0, 4 - year.count)) + year
            + "-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
            + "T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}
