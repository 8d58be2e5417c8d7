#if os(Linux)
import Glibc
import HearthApp
import Testing

/// `hearth serve`'s allocator settings: a block of ``ProcessSetup/mmapThreshold`` or more (a large home's SYNC
/// answer) gets a mapping of its own, which glibc returns to the kernel when it is freed; the small blocks of
/// ordinary requests stay on the heap, kept when freed.
struct ProcessSetupTests {
    /// Whether glibc served a block of `size` bytes from a mapping of its own: the `IS_MMAPPED` bit (0x2) of the
    /// size word glibc keeps just before every block it hands out.
    private static func isMapped(size: Int) -> Bool {
        guard let block = malloc(size) else { return false }
        defer { free(block) }
        let sizeWord = block.load(fromByteOffset: -MemoryLayout<Int>.size, as: UInt.self)
        return sizeWord & 0x2 != 0
    }

    @Test func largeBlocksGetAMappingOfTheirOwnAndSmallOnesStayOnTheHeap() {
        ProcessSetup.tuneMalloc()
        #expect(Self.isMapped(size: ProcessSetup.mmapThreshold))
        #expect(Self.isMapped(size: 5_800_000), "a 10,000-device SYNC answer")
        #expect(!Self.isMapped(size: 19 << 10), "a 33-device SYNC answer")
        #expect(!Self.isMapped(size: ProcessSetup.mmapThreshold / 2))
    }
}
#endif
