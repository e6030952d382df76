package seedc;

/**
 * The names of the {@code @ResourceLock}s that keep test classes which share something apart when JUnit runs classes
 * in parallel (src/test/resources/junit-platform.properties): two classes holding the same lock never run at once.
 */
public final class TestLocks {
    /**
     * Jazzer's regression runs (@FuzzTest): its JUnit extension keeps the last finding and the fuzz target's setup in
     * statics of its own, which two fuzz classes running at once would share.
     */
    public static final String JAZZER = "seedc.jazzer";

    private TestLocks() {}
}
