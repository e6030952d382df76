package seedc.memory;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One run of Shiftry's Algorithm 16 (with the Memory class of Algorithm 15 and the Defragment of
 * Algorithm 17) for a fixed block unit. Every block size is a multiple of {@code unit}, and
 * {@code unit} is a multiple of every value's alignment, so both the aligned first-fit slots and
 * the compacted offsets are correctly aligned without padding.
 */
final class BlockAllocator {
    /** A live value's current block and the segment of its range it has been at this offset. */
    private static final class Block {
        final LiveRange range;
        final int blockSize;
        int start;
        int segmentStart;

        Block(LiveRange range, int blockSize, int start, int segmentStart) {
            this.range = range;
            this.blockSize = blockSize;
            this.start = start;
            this.segmentStart = segmentStart;
        }
    }

    private final int unit;
    private final int limit;
    private final Map<String, Block> live = new LinkedHashMap<>();
    private final List<Placement> placements = new ArrayList<>();
    private final List<Migration> migrations = new ArrayList<>();
    private int bufferBytes;

    private BlockAllocator(int unit, int limit) {
        this.unit = unit;
        this.limit = limit;
    }

    static int roundUp(int size, int unit) {
        return (size + unit - 1) / unit * unit;
    }

    /**
     * Plans {@code ranges} with blocks rounded up to multiples of {@code unit} in a buffer of at
     * most {@code limit} bytes; returns null when even defragmentation cannot make room (which
     * happens only when the blocks live at some instruction add up to more than the limit).
     */
    static MemoryPlan run(List<LiveRange> ranges, int unit, int limit) {
        BlockAllocator a = new BlockAllocator(unit, limit);
        List<LiveRange> sorted = new ArrayList<>(ranges);
        // Algorithm 16 line 7: by (first, last); the stable sort keeps input order for ties.
        sorted.sort(Comparator.comparingInt(LiveRange::firstUse).thenComparingInt(LiveRange::lastUse));
        for (LiveRange r : sorted) {
            if (!a.allocate(r)) {
                return null;
            }
        }
        a.freeDead(Integer.MAX_VALUE);
        a.placements.sort(Comparator.comparingInt(Placement::firstUse).thenComparing(Placement::name));
        return new MemoryPlan(a.placements, a.migrations, a.bufferBytes);
    }

    private boolean allocate(LiveRange r) {
        int at = r.firstUse();
        freeDead(at);
        int blockSize = roundUp(r.sizeBytes(), unit);
        long start = firstFit(blockSize);
        if (start + blockSize > limit) {
            start = defragment(at);
            if (start + blockSize > limit) {
                return false;
            }
        }
        live.put(r.name(), new Block(r, blockSize, (int) start, at));
        bufferBytes = Math.max(bufferBytes, (int) start + blockSize);
        return true;
    }

    /** Algorithm 15 FreeDead: values whose last use is before {@code at} release their block. */
    private void freeDead(int at) {
        var it = live.values().iterator();
        while (it.hasNext()) {
            Block b = it.next();
            if (b.range.lastUse() < at) {
                closeSegment(b, b.range.lastUse());
                it.remove();
            }
        }
    }

    private void closeSegment(Block b, int last) {
        LiveRange r = b.range;
        placements.add(new Placement(r.name(), b.start, r.sizeBytes(), b.segmentStart, last));
    }

    /** Algorithm 16 line 14: the lowest slot n * blockSize that no live block touches. */
    private long firstFit(int blockSize) {
        long start = 0;
        while (true) {
            long end = start + blockSize;
            Block hit = null;
            for (Block b : live.values()) {
                if (b.start < end && start < b.start + b.blockSize) {
                    hit = b;
                    break;
                }
            }
            if (hit == null) {
                return start;
            }
            // Skip to the first slot at or after the colliding block's end.
            long hitEnd = (long) hit.start + hit.blockSize;
            start = (hitEnd + blockSize - 1) / blockSize * blockSize;
        }
    }

    /**
     * Algorithm 17: slide every live block, lowest first, down to the end of the previous one, and
     * return the first free address above them, where the new value goes. A value that already
     * holds data (first use before {@code at}) gets a {@link Migration}; one that was allocated at
     * this same instruction holds nothing yet and is simply re-placed.
     */
    private int defragment(int at) {
        List<Block> byStart = new ArrayList<>(live.values());
        byStart.sort(Comparator.comparingInt(b -> b.start));
        int filled = 0;
        for (Block b : byStart) {
            if (b.start != filled) {
                LiveRange r = b.range;
                if (r.firstUse() < at) {
                    migrations.add(new Migration(at, r.name(), b.start, filled, r.sizeBytes()));
                }
                if (b.segmentStart < at) {
                    closeSegment(b, at - 1);
                    b.segmentStart = at;
                }
                b.start = filled;
            }
            filled += b.blockSize;
        }
        return filled;
    }
}
