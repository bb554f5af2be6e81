package dotbench.pipeline;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Times one case on several variants, interleaved: {@code samples} rounds, each timing every
 * variant once, the order rotating from round to round, so slow drifts of the shared machine fall
 * on all variants alike. With {@link Schedule.Batches} a round is one batch of the size calibrated
 * on the first variant; with {@link Schedule.Windows} it is one slot of the window. A variant whose
 * sample reports failed operations, or whose {@link Timed#checkLast()} finds its output wrong, is
 * failed and not timed again.
 */
public final class Runner {
    /** Empty operations timed for the overhead figure when the schedule has no batch size. */
    static final long WINDOW_OVERHEAD_OPS = 200_000;

    private static final long WARMUP_CAP_NS = 200_000_000L;

    private final Settings settings;

    public Runner(Settings settings) {
        this.settings = settings;
    }

    /** @param variants variant name to its instance, in the caller's order (the first one calibrates) */
    public Measurement measure(Map<String, ? extends Timed> variants) {
        if (variants.isEmpty()) {
            throw new IllegalArgumentException("nothing to measure");
        }
        List<String> names = List.copyOf(variants.keySet());
        Timed first = variants.get(names.get(0));
        long reps;
        long slotNs = 0;
        if (settings.schedule() instanceof Schedule.Windows w) {
            slotNs = Math.max(1, w.window().toNanos() / settings.samples());
            reps = 0;
            for (String n : names) {
                variants.get(n).warmUp(Math.min(slotNs / 4, WARMUP_CAP_NS));
            }
        } else {
            reps = calibrate(
                    first, ((Schedule.Batches) settings.schedule()).minTime().toNanos());
        }
        Map<String, List<Sample>> samples = new LinkedHashMap<>();
        Map<String, String> failures = new LinkedHashMap<>();
        names.forEach(n -> samples.put(n, new ArrayList<>()));
        for (int round = 0; round < settings.samples(); round++) {
            for (int k = 0; k < names.size(); k++) {
                String name = names.get((round + k) % names.size());
                if (failures.containsKey(name)) {
                    continue;
                }
                Timed t = variants.get(name);
                Sample s = reps > 0 ? t.run(reps) : t.runFor(slotNs);
                samples.get(name).add(s);
                if (s.failures() > 0) {
                    failures.put(name, s.failures() + " of " + s.reps() + " operations returned an error while timed");
                } else {
                    t.checkLast().ifPresent(f -> failures.put(name, "after timing: " + f));
                }
            }
        }
        return new Measurement(reps, samples, first.runEmpty(reps > 0 ? reps : WINDOW_OVERHEAD_OPS), failures);
    }

    /**
     * GMPbench's TIME(): one warm-up call, then double the repetitions until a batch reaches the
     * target. The doubling starts at the largest power of two the warm-up predicts to stay below
     * the target, which saves the short batches without changing where it ends.
     */
    static long calibrate(Timed op, long targetNs) {
        Sample warm = op.run(1);
        if (warm.cpuNs() >= targetNs) {
            return 1;
        }
        // The prediction divides by the warm-up's wall time: one short call's CPU time can read 0
        // (a suite counting user time subtracts the system time the kernel accounts in tick-sized
        // steps), which would start the doubling at 2^27 reps for a 250 ms target. Wall time is
        // never below the call's CPU time, so the start stays at or below where doubling ends.
        long warmNs = Math.max(warm.cpuNs(), warm.wallNs());
        long reps = Long.highestOneBit(Math.max(1, targetNs / Math.max(1, warmNs)));
        for (; ; reps *= 2) {
            if (op.run(reps).cpuNs() >= targetNs || reps >= Long.MAX_VALUE / 4) {
                return reps;
            }
        }
    }
}
