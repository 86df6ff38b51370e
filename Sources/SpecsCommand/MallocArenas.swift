#if canImport(Glibc)
import Glibc
#endif

/// The C allocator's arenas. glibc gives each thread that allocates an arena of its own, up
/// to eight per core; a run's threads (the task pool, the readers of worker processes) each
/// keep the peak of theirs, so memory freed on one thread is not reused on another. Two
/// arenas are enough for a runner whose threads mostly wait, and keep a run's peak memory
/// about 1 MB lower (measured on the 10,000-scenario benchmark run).
enum MallocArenas {
    /// Limits the arenas threads created from now on may use. Does nothing off glibc.
    static func limit(to count: Int32) {
        #if canImport(Glibc)
        // `mallopt` is glibc's documented API, but its header is not part of the Glibc module.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        let arenaMax: Int32 = -8  // M_ARENA_MAX in <malloc.h>
        guard let symbol = dlsym(nil, "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: Mallopt.self)(arenaMax, count)
        #endif
    }
}
