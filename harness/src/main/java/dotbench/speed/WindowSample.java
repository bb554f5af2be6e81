package dotbench.speed;

import dotbench.runner.Sample;

/**
 * One timed slot of one variant: how many operations completed, and the clocks openssl speed
 * reads: user CPU time (its default divisor, times()'s tms_utime), wall time (its -elapsed
 * divisor), plus this thread's total CPU time (user + system, what the GMP suite divides by).
 *
 * @param failures operations in the slot that returned an error (any makes the variant failed)
 */
public record WindowSample(long ops, long cpuNs, long userNs, long wallNs, long failures) {
    /** As the shared runner's sample (thread CPU and wall), for the statistics and results code. */
    public Sample toSample() {
        return new Sample(ops, cpuNs, wallNs);
    }

    public double opsPerUserSecond() {
        return ops * 1e9 / Math.max(1, userNs);
    }
}
