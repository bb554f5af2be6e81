package dotbench.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RunnerTest {
    /** An operation whose batches "take" nsPerOp per repetition and that logs when it ran. */
    private record FakeOp(String name, long nsPerOp, List<String> log) implements Timed {
        @Override
        public Sample run(long reps) {
            log.add(name + ":" + reps);
            return Sample.of(reps, reps * nsPerOp, reps * nsPerOp);
        }

        @Override
        public Sample runEmpty(long reps) {
            return Sample.of(reps, reps, reps);
        }
    }

    @Test
    void anOperationLongerThanTheTargetRunsOncePerBatch() {
        List<String> log = new ArrayList<>();
        Settings settings = new Settings(true, 3, new Schedule.Batches(Duration.ofNanos(500)), 0.05, 1000, 1);
        Measurement m = new Runner(settings).measure(Map.of("A", new FakeOp("A", 1_000, log)));
        assertEquals(1, m.reps());
        assertEquals(List.of("A:1", "A:1", "A:1", "A:1"), log);
    }

    @Test
    void calibratesByDoublingThenInterleavesWithRotatingOrder() {
        List<String> log = new ArrayList<>();
        Map<String, Timed> ops = new LinkedHashMap<>();
        ops.put("A", new FakeOp("A", 1_000, log));
        ops.put("B", new FakeOp("B", 500, log));
        Settings settings = new Settings(true, 4, new Schedule.Batches(Duration.ofNanos(5_000)), 0.05, 1000, 1);
        Measurement m = new Runner(settings).measure(ops);
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

    /**
     * A warm-up call whose CPU (user) time reads 0, as a 25 us call's can when the kernel accounts
     * a tick of system time inside it: the doubling must still start from its wall time. Before the
     * fix it started at 2^27 reps for 250 ms (a full GMPbench-style run sat an hour in one batch).
     */
    @Test
    void aWarmUpReadingNoCpuTimeStartsTheDoublingFromItsWallTime() {
        List<String> log = new ArrayList<>();
        Timed zeroWarmUp = new Timed() {
            @Override
            public Sample run(long reps) {
                log.add("A:" + reps);
                long cpu = reps == 1 ? 0 : reps * 1_000;
                return Sample.of(reps, cpu, reps * 1_000);
            }

            @Override
            public Sample runEmpty(long reps) {
                return Sample.of(reps, reps, reps);
            }
        };
        assertEquals(8, Runner.calibrate(zeroWarmUp, 5_000));
        assertEquals(List.of("A:1", "A:4", "A:8"), log);
        log.clear();
        assertEquals(256, Runner.calibrate(zeroWarmUp, 250_000), "250 us at 1 us a call: 256 reps, never 2^18");
        assertEquals("A:128", log.get(1));
    }

    /** An operation whose output goes wrong after {@code goodRuns} stretches, as a broken variant's would. */
    private static final class Breaking implements Timed {
        private int runs;
        private final int goodRuns;

        Breaking(int goodRuns) {
            this.goodRuns = goodRuns;
        }

        @Override
        public Sample run(long reps) {
            runs++;
            return Sample.of(reps, reps * 100, reps * 100);
        }

        @Override
        public Sample runEmpty(long reps) {
            return Sample.of(reps, reps, reps);
        }

        @Override
        public Optional<String> checkLast() {
            return runs > goodRuns ? Optional.of("wrong output") : Optional.empty();
        }
    }

    @Test
    void windowsFillEachSlotAndAVariantThatGoesWrongIsNotTimedAgain() {
        Map<String, Timed> ops = new LinkedHashMap<>();
        ops.put("good", new Breaking(Integer.MAX_VALUE));
        ops.put("bad", new Breaking(3));
        Settings settings = new Settings(true, 5, new Schedule.Windows(Duration.ofMillis(5)), 0.05, 1000, 1);
        Measurement m = new Runner(settings).measure(ops);
        assertEquals(0, m.reps(), "windows have no batch size");
        assertEquals(5, m.samples().get("good").size());
        assertTrue(m.samples().get("good").stream().allMatch(s -> s.wallNs() >= 0 && s.reps() >= 1));
        assertEquals(Map.of("bad", "after timing: wrong output"), m.failures());
        assertTrue(
                m.samples().get("bad").size() < 5,
                "a failed variant is not timed again: " + m.samples().get("bad").size());
        assertEquals(Runner.WINDOW_OVERHEAD_OPS, m.overhead().reps());
    }
}
