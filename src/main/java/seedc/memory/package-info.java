/**
 * Static RAM planning after Shiftry (OOPSLA'20, section 7, Algorithms 15-17): every temporary of
 * the generated C lives in one static byte buffer, and values whose live ranges are disjoint share
 * bytes. Entry point: {@link seedc.memory.MemoryPlanner#plan}; the result is a
 * {@link seedc.memory.MemoryPlan} that {@link seedc.memory.MemoryPlan#check} can verify.
 *
 * <p>Where the paper's pseudocode is ambiguous or wrong, this package does the following.
 * <ul>
 *   <li>Collide (Alg. 15) as printed returns true for disjoint blocks; blocks here are half-open
 *       byte intervals and collide when they share a byte.
 *   <li>Block size: the value's size rounded up to a multiple of the most frequent size (Alg. 16
 *       line 11); on a tie the smaller size, which reproduces Pseudocode 5 from Table 3. The unit is
 *       also rounded up to the largest alignment so that every slot is aligned.
 *   <li>A second plan with the unit equal to the largest alignment is also computed, and the plan
 *       with the smaller buffer, then fewer migrations, then the paper's, is returned
 *       ({@link seedc.memory.MemoryPlanner#PREFERRED}, the one ranking of plans, which also picks a
 *       code generator's limit in {@link seedc.memory.MemoryPlanner#choose}). The fine unit
 *       guarantees success whenever the live values fit at every instruction.
 *   <li>Values are sorted by (first use, last use), ties in input order. A value whose last use is
 *       the first use of another is still live there (the instruction reads one and writes the
 *       other), so they never share bytes.
 *   <li>Defragment (Alg. 17) as printed allocates only moved values; here every live value except
 *       the new one is compacted in address order (so the moves, run in order, never overwrite
 *       data), and the new value goes right after them rather than at a multiple of its block
 *       size, as in the section 7.1 example (x4 at 32..95).
 *   <li>Only values that already hold data are migrated; one first used at the instruction being
 *       planned is just re-placed. A moved value gets a new {@link seedc.memory.Placement} segment
 *       from that instruction on.
 *   <li>The limit is also capped at the size of all values side by side: with no device limit,
 *       defragmentation still runs rather than let the buffer exceed the no-reuse layout.
 * </ul>
 */
package seedc.memory;
