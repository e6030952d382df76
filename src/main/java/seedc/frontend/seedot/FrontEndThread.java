package seedc.frontend.seedot;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Runs the front end on a thread of its own with a large stack. The parser, the AST builder, the type
 * checker and the lowering recurse once per nested expression; up to the nesting limit (10,000 levels)
 * that needs tens of megabytes, more than a default thread's stack. The stack is only reserved address
 * space: pages are touched only as deep as a program goes.
 */
final class FrontEndThread {
    /** Measured: the deepest accepted program uses well under a tenth of it. */
    static final long STACK_BYTES = 512L << 20;

    private FrontEndThread() {}

    /** The supplier's result, or whatever it threw, rethrown unchanged on the caller's thread. */
    static <T> T run(Supplier<T> work) {
        AtomicReference<T> result = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t = new Thread(null, () -> {
            try {
                result.set(work.get());
            } catch (Throwable e) { // handed to the caller, who sees it as if thrown there
                failure.set(e);
            }
        }, "seedc-front-end", STACK_BYTES);
        t.start();
        boolean interrupted = false;
        while (true) {
            try {
                t.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true; // the front end is short; finish it, then pass the interrupt on
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        Throwable e = failure.get();
        if (e instanceof RuntimeException r) {
            throw r;
        }
        if (e instanceof Error err) {
            throw err;
        }
        return result.get();
    }
}
