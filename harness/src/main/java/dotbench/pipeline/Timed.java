package dotbench.pipeline;

import java.util.Optional;

/**
 * One variant's instance of one case: what the runner times. A suite whose operation is short
 * implements {@link #run} as a timed loop inside native code, so the Java side adds nothing to a
 * batch but its call.
 */
public interface Timed {
    /** {@code reps} operations back to back, timed. */
    Sample run(long reps);

    /** The same loop and argument passing around an empty operation: the measurement's own cost. */
    Sample runEmpty(long reps);

    /** Operations back to back for {@code durationNs} of wall time (at least one), timed. */
    default Sample runFor(long durationNs) {
        long deadline = System.nanoTime() + durationNs;
        Sample total = run(1);
        while (System.nanoTime() < deadline) {
            total = total.plus(run(1));
        }
        return total;
    }

    /** Runs for {@code ns} without recording anything: JIT, caches and branch predictors, before the first sample. */
    default void warmUp(long ns) {
        runFor(ns);
    }

    /** Checks what the last run left behind (outside the timed region); empty when right. */
    default Optional<String> checkLast() {
        return Optional.empty();
    }
}
