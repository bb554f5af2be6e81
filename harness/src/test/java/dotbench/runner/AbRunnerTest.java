package dotbench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AbRunnerTest {
    /** An operation whose batches "take" nsPerOp per repetition and that logs when it ran. */
    private record FakeOp(String name, long nsPerOp, List<String> log) implements TimedOperation {
        @Override
        public Sample run(long reps) {
            log.add(name + ":" + reps);
            return new Sample(reps, reps * nsPerOp, reps * nsPerOp);
        }

        @Override
        public Sample runEmpty(long reps) {
            return new Sample(reps, reps, reps);
        }
    }

    @Test
    void anOperationLongerThanTheTargetRunsOncePerBatch() {
        List<String> log = new ArrayList<>();
        RunSettings settings = new RunSettings(3, Duration.ofNanos(500), 0.05, 1000, 1, true);
        Measurement m = new AbRunner(settings).measure(Map.of("A", new FakeOp("A", 1_000, log)));
        assertEquals(1, m.reps());
        assertEquals(List.of("A:1", "A:1", "A:1", "A:1"), log);
    }

    @Test
    void calibratesByDoublingThenInterleavesWithRotatingOrder() {
        List<String> log = new ArrayList<>();
        Map<String, TimedOperation> ops = new LinkedHashMap<>();
        ops.put("A", new FakeOp("A", 1_000, log));
        ops.put("B", new FakeOp("B", 500, log));
        RunSettings settings = new RunSettings(4, Duration.ofNanos(5_000), 0.05, 1000, 1, true);
        Measurement m = new AbRunner(settings).measure(ops);
        // warm-up 1 rep (1000 ns) predicts 5 reps: doubling starts at 4 (4000 ns), then 8 (8000 ns >= 5000 ns)
        assertEquals(List.of("A:1", "A:4", "A:8"), log.subList(0, 3));
        assertEquals(8, m.reps());
        assertEquals(List.of("A:8", "B:8", "B:8", "A:8", "A:8", "B:8", "B:8", "A:8"), log.subList(3, 11));
        assertEquals(4, m.samples().get("A").size());
        assertEquals(1e6, m.opsPerSecond("A")[0], 1e-6);
        assertEquals(2e6, m.opsPerSecond("B")[3], 1e-6);
        assertEquals(1.0, m.overheadNsPerOp(), 1e-12);
        assertEquals(List.of("A", "B"), List.copyOf(m.samples().keySet()), "variants keep their order");
    }
}
