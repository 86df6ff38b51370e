#if canImport(Glibc)
    import Glibc
#endif

/// The C allocator's arenas. glibc gives each thread that allocates an arena of its own, up
/// to eight per core, and each arena keeps its own peak, so memory freed on one thread is
/// not reused on another. The supervisor of a run on workers caps them at two: its threads
/// (the task pool, a reader per worker pipe) mostly wait, and the cap keeps its peak about
/// 1 MB lower. Every other command keeps glibc's default: where two task-pool threads that
/// both allocate share one arena, each waits on the other's lock, and an in-process dry run
/// of the 10,000-scenario benchmark took 0.66 s instead of 0.33 s in half of its runs.
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
