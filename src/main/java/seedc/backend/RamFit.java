package seedc.backend;

import seedc.fixed.SubsetTableRoom;

/**
 * What one program's RAM plan on a device says, planned once ({@link Backend#ramFit}): the bytes by which it exceeds
 * the device's RAM as the search counts them (0: it fits), the products whose subset-sum tables the device leaves no
 * room for (the C sums those plainly), and the bytes its defragmentation moves per inference (0 where it does not fit,
 * or where the moves were not asked for).
 */
public record RamFit(long overBytes, SubsetTableRoom room, long movedBytes) {
    /** A program that fits, with every table and no moves: what a backend that plans no RAM says. */
    public static final RamFit FITS = new RamFit(0, SubsetTableRoom.NONE, 0);
}
