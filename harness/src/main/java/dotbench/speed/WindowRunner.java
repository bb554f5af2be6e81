package dotbench.speed;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * Times one test on several variants the way openssl speed times one variant, interleaved: the
 * test's window (speed's -seconds) is split into {@code samples} slots per variant; round r runs
 * one slot of every variant, the order rotating from round to round (as the GMP suite's A/B
 * runner does), so slow drifts of the shared machine fall on all variants alike. A slot runs
 * operations back to back until its wall-clock time is up, the last one finishing (speed's alarm
 * also lets the running operation complete). Every operation's latency goes into the variant's
 * histogram; warm-up operations do not.
 */
public final class WindowRunner {
    private static final long WARMUP_CAP_NS = 200_000_000L;

    private final long slotNs;
    private final int samples;

    /** @param windowNs time per variant per test; @param samples slots it is split into */
    public WindowRunner(long windowNs, int samples) {
        if (samples < 3) {
            throw new IllegalArgumentException("need at least 3 samples per variant for an interval, got " + samples);
        }
        this.slotNs = Math.max(1, windowNs / samples);
        this.samples = samples;
    }

    public long slotNs() {
        return slotNs;
    }

    /** A variant's timing of one test. */
    public record Timing(List<WindowSample> samples, Histogram latencyNs, Optional<String> failure) {
    }

    /** Warm-up then the interleaved rounds; loops in the caller's order. */
    public Map<String, Timing> measure(Map<String, OpLoop> loops) {
        List<String> names = List.copyOf(loops.keySet());
        Map<String, List<WindowSample>> slots = new LinkedHashMap<>();
        Map<String, Histogram> histograms = new LinkedHashMap<>();
        Map<String, String> failures = new LinkedHashMap<>();
        for (String n : names) {
            slots.put(n, new ArrayList<>());
            histograms.put(n, new Histogram(3));
            runFor(loops.get(n), Math.min(slotNs / 4, WARMUP_CAP_NS), new Histogram(3)); // JIT and caches, not recorded
        }
        for (int round = 0; round < samples; round++) {
            for (int k = 0; k < names.size(); k++) {
                String name = names.get((round + k) % names.size());
                if (failures.containsKey(name)) {
                    continue;
                }
                WindowSample s = runFor(loops.get(name), slotNs, histograms.get(name));
                slots.get(name).add(s);
                if (s.failures() > 0) {
                    failures.put(name, s.failures() + " of " + s.ops() + " operations returned an error while timed");
                } else {
                    loops.get(name).checkLast().ifPresent(f -> failures.put(name, "after timing: " + f));
                }
            }
        }
        Map<String, Timing> out = new LinkedHashMap<>();
        names.forEach(n -> out.put(n, new Timing(List.copyOf(slots.get(n)), histograms.get(n), Optional.ofNullable(failures.get(n)))));
        return out;
    }

    /** Operations back to back for {@code durationNs} of wall time (at least one). */
    static WindowSample runFor(OpLoop loop, long durationNs, Histogram latency) {
        long failures = 0;
        long ops = 0;
        long cpu0 = Clocks.threadCpuNs();
        long user0 = Clocks.threadUserNs();
        long wall0 = System.nanoTime();
        long deadline = wall0 + durationNs;
        long t1;
        do {
            long t0 = System.nanoTime();
            boolean ok = loop.once();
            t1 = System.nanoTime();
            latency.recordValue(t1 - t0);
            ops++;
            if (!ok) {
                failures++;
            }
        } while (t1 < deadline);
        long wall = t1 - wall0;
        long user = Clocks.threadUserNs() - user0;
        long cpu = Clocks.threadCpuNs() - cpu0;
        return new WindowSample(ops, cpu, user, wall, failures);
    }

    /** Loop cost per operation: {@code ops} empty operations timed like real ones, in ns of thread CPU. */
    static double overheadNsPerOp(OpLoop empty, long ops) {
        Histogram scratch = new Histogram(3);
        long cpu0 = Clocks.threadCpuNs();
        for (long i = 0; i < ops; i++) {
            long t0 = System.nanoTime();
            empty.once();
            scratch.recordValue(System.nanoTime() - t0);
        }
        return (double) (Clocks.threadCpuNs() - cpu0) / Math.max(1, ops);
    }
}
