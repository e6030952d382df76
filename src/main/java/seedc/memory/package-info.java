/**
 * Static RAM planning after Shiftry (OOPSLA'20, section 7). Takes the live ranges of a program's stored values and a
 * byte limit; gives a {@link seedc.memory.MemoryPlan}: one static buffer whose bytes values with disjoint lives
 * share, with the migrations that defragment it. Start at {@link seedc.memory.MemoryPlanner#plan} (its class comment
 * lists where this departs from the paper's pseudocode); {@link seedc.memory.MemoryPlan#check} verifies a plan.
 */
package seedc.memory;
