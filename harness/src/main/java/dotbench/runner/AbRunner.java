package dotbench.runner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Times one test on several variants A/B/...: calibrates a batch size GMPbench's way on the first
 * variant (double the repetitions until a batch takes at least the minimum CPU time), then runs
 * {@code samples} rounds; each round times every variant once, the order rotating from round to
 * round, so slow drifts of the shared machine fall on all variants alike.
 */
public final class AbRunner {
    private final RunSettings settings;

    public AbRunner(RunSettings settings) {
        this.settings = settings;
    }

    /** @param operations variant name to its operation, in the caller's order (the first one calibrates) */
    public Measurement measure(Map<String, ? extends TimedOperation> operations) {
        if (operations.isEmpty()) {
            throw new IllegalArgumentException("nothing to measure");
        }
        List<String> names = List.copyOf(operations.keySet());
        TimedOperation first = operations.get(names.get(0));
        long reps = calibrate(first);
        Map<String, List<Sample>> samples = new LinkedHashMap<>();
        names.forEach(n -> samples.put(n, new ArrayList<>()));
        for (int round = 0; round < settings.samples(); round++) {
            for (int k = 0; k < names.size(); k++) {
                String name = names.get((round + k) % names.size());
                samples.get(name).add(operations.get(name).run(reps));
            }
        }
        return new Measurement(reps, samples, first.runEmpty(reps));
    }

    /**
     * GMPbench's TIME(): one warm-up call, then double the repetitions until a batch reaches the
     * target. The doubling starts at the largest power of two the warm-up predicts to stay below
     * the target, which saves the short batches without changing where it ends.
     */
    long calibrate(TimedOperation op) {
        long targetNs = settings.minTime().toNanos();
        long warmNs = op.run(1).cpuNs();
        if (warmNs >= targetNs) {
            return 1;
        }
        long reps = Long.highestOneBit(Math.max(1, targetNs / Math.max(1, warmNs)));
        for (;; reps *= 2) {
            if (op.run(reps).cpuNs() >= targetNs || reps >= Long.MAX_VALUE / 4) {
                return reps;
            }
        }
    }
}
