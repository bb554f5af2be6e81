package dotbench.pipeline;

/**
 * One timed stretch of one variant on one case: {@code reps} operations took {@code cpuNs} of the
 * thread's CPU time, {@code userNs} of it in user mode, and {@code wallNs} of wall time. A suite
 * whose clock is user time already (gmpbench reads it inside its native loop) gives the same
 * value for both CPU figures.
 *
 * @param failures operations in the stretch that reported an error (any fails the variant)
 */
public record Sample(long reps, long cpuNs, long userNs, long wallNs, long failures) {
    public Sample {
        if (reps < 1 || cpuNs < 0 || userNs < 0 || wallNs < 0 || failures < 0) {
            throw new IllegalArgumentException("bad sample " + reps + " reps, " + cpuNs + " ns");
        }
    }

    /** A batch read by one CPU clock and the wall clock, without failures. */
    public static Sample of(long reps, long cpuNs, long wallNs) {
        return new Sample(reps, cpuNs, cpuNs, wallNs, 0);
    }

    /** The sum of two stretches of the same operation. */
    public Sample plus(Sample other) {
        return new Sample(
                reps + other.reps,
                cpuNs + other.cpuNs,
                userNs + other.userNs,
                wallNs + other.wallNs,
                failures + other.failures);
    }

    /** Operations per second of CPU time (a zero reading, below the clock's resolution, counts as 1 ns). */
    public double opsPerSecond() {
        return reps * 1e9 / Math.max(1, cpuNs);
    }

    public double opsPerUserSecond() {
        return reps * 1e9 / Math.max(1, userNs);
    }

    public double nsPerOp() {
        return (double) cpuNs / reps;
    }
}
