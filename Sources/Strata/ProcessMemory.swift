import CMalloc

/// How the process holds its memory: set once, as it starts (the `strata` executable, and the benchmark's child that
/// stands in for the explorer).
public enum ProcessMemory {
    /// The size from which a block gets a mapping of its own: glibc's initial threshold (128 KiB), kept fixed.
    public static let mappedBlockSize = 128 << 10

    /// Has every block of ``mappedBlockSize`` or more mapped on its own and given back to the system when freed.
    ///
    /// glibc raises its threshold as large blocks are freed (up to 32 MiB), so after a large response is parsed the
    /// arrays a mapping grows come from the heap, and those it outgrew stay resident: at 100 MB about 5 MB of the
    /// explorer's peak (`strata-bench ui`). A mapping's pages that are never written are never resident either, so
    /// room reserved ahead (a tree's or a mapping's upper bound) costs nothing until it is used.
    public static func mapLargeBlocks() {
        _ = strata_malloc_map_blocks_from(mappedBlockSize)
    }
}
