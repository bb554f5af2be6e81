package dotbench.runner;

/**
 * One timed batch: {@code reps} operations took {@code cpuNs} of the thread's CPU time (gmpbench: user time, the clock
 * GMPbench divides by) and {@code wallNs} of wall time, both read inside the native loop.
 */
public record Sample(long reps, long cpuNs, long wallNs) {
    public Sample {
        if (reps < 1 || cpuNs < 0 || wallNs < 0) {
            throw new IllegalArgumentException("bad sample " + reps + " reps, " + cpuNs + " ns");
        }
    }

    /** Operations per second of CPU time (a zero reading, below the clock's resolution, counts as 1 ns). */
    public double opsPerSecond() {
        return reps * 1e9 / Math.max(1, cpuNs);
    }

    public double nsPerOp() {
        return (double) cpuNs / reps;
    }
}
