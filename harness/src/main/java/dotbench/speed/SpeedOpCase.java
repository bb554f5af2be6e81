package dotbench.speed;

import dotbench.pipeline.Case;
import dotbench.pipeline.Timed;
import dotbench.pipeline.Trial;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.HdrHistogram.Histogram;

/**
 * One operation of one algorithm on every libcrypto variant: each variant's operation is checked
 * against the reference library before timing. As openssl speed does, an operation whose single
 * run takes longer than the window is not timed, and neither are the larger sizes of that family's
 * operation ({@code stopped} is shared by the run's cases).
 */
final class SpeedOpCase implements Case<SpeedDetail> {
    private final SpeedTest test;
    private final SpeedRun.Group setup;
    private final boolean last;
    private final Duration window;
    private final Set<String> stopped;
    private final Map<String, OpTimer> timers = new LinkedHashMap<>();

    /** @param last whether this is the algorithm's last operation (its close closes the setup) */
    SpeedOpCase(SpeedTest test, SpeedRun.Group setup, boolean last, Duration window, Set<String> stopped) {
        this.test = test;
        this.setup = setup;
        this.last = last;
        this.window = window;
        this.stopped = stopped;
    }

    @Override
    public String name() {
        return test.name();
    }

    private String stopKey() {
        return test.algorithm().family() + " " + test.operation();
    }

    @Override
    public Trial prepare() {
        AlgorithmSetup s = setup.get();
        Map<String, String> failed = new LinkedHashMap<>(s.unloadable);
        if (stopped.contains(stopKey())) {
            return Trial.skipped("a smaller size took longer than the window (openssl speed's stop rule)", failed);
        }
        boolean firstCheck = true;
        for (var e : s.cases.entrySet()) {
            // A check runs the operation once (and the reference's counterpart at most once more):
            // when the first variant's check outlasts two windows, nothing will be timed (the stop
            // rule below), so the other variants are not made to run it too.
            long t0 = System.nanoTime();
            Optional<String> wrong = OperationCheck.check(e.getValue(), test.operation(), s.expected, s.reference);
            long checkNs = System.nanoTime() - t0;
            if (firstCheck && checkNs > 2 * window.toNanos()) {
                wrong.ifPresent(why -> failed.put(e.getKey(), why)); // slow and wrong is still wrong
                return tooLong("its check (one operation, verified)", checkNs, failed);
            }
            firstCheck = false;
            if (wrong.isPresent()) {
                failed.put(e.getKey(), wrong.get());
            } else {
                SpeedCase c = e.getValue();
                timers.put(e.getKey(), new OpTimer(c.loop(test.operation(), s.expected), c.emptyLoop()));
            }
        }
        if (!timers.isEmpty()) {
            long t0 = System.nanoTime();
            timers.values().iterator().next().warmUp(0);
            long singleNs = System.nanoTime() - t0;
            if (singleNs > window.toNanos()) {
                return tooLong("one operation", singleNs, failed);
            }
        }
        return new Trial(new LinkedHashMap<String, Timed>(timers), failed, Optional.empty());
    }

    private Trial tooLong(String what, long ns, Map<String, String> failed) {
        stopped.add(stopKey());
        timers.clear();
        return Trial.skipped(
                String.format(
                        Locale.ROOT,
                        "%s took %.1f s, longer than the %.1f s window",
                        what,
                        ns / 1e9,
                        window.toMillis() / 1000.0),
                failed);
    }

    @Override
    public SpeedDetail detail() {
        Map<String, Histogram> latency = new LinkedHashMap<>();
        timers.forEach((v, t) -> latency.put(v, t.latency()));
        return new SpeedDetail(test, latency);
    }

    @Override
    public void close() {
        if (last) {
            setup.close();
        }
    }
}
