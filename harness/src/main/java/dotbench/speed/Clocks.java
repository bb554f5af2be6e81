package dotbench.speed;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The clocks the window runner reads. Per-operation latency uses System.nanoTime
 * (CLOCK_MONOTONIC, wall time, about 20 ns per read through the vDSO); the slot totals use this
 * thread's CPU clocks (CLOCK_THREAD_CPUTIME_ID for user + system; user time alone comes from the
 * kernel's per-thread accounting, in clock ticks, so it is only read per slot).
 */
final class Clocks {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private Clocks() {}

    static long threadCpuNs() {
        return THREADS.getCurrentThreadCpuTime();
    }

    static long threadUserNs() {
        return THREADS.getCurrentThreadUserTime();
    }
}
