package dotbench.speed;

import dotbench.gmpbench.Pairing;
import dotbench.stats.BootstrapCi;
import dotbench.stats.RatioEstimate;
import dotbench.stats.Statistics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Runs the selected algorithms on the loaded variants. Per algorithm: every variant reads the
 * same cached keys; the reference library computes the expected values; per operation every
 * variant is checked, the ones that pass are timed A/B by the window runner, and the outputs
 * they leave behind are checked again. As openssl speed does, an operation whose single run
 * takes longer than the window is not timed, and neither are the larger sizes of that
 * family's operation.
 */
public final class SpeedRun {
    /** Empty-loop operations timed per test for the overhead figure. */
    private static final long OVERHEAD_OPS = 200_000;

    private final List<LoadedVariant> variants;
    private final LoadedVariant reference;
    private final SpeedKeys keys;
    private final SpeedSettings settings;
    private final Consumer<String> progress;

    public SpeedRun(List<LoadedVariant> variants, LoadedVariant reference, SpeedKeys keys, SpeedSettings settings, Consumer<String> progress) {
        this.variants = List.copyOf(variants);
        this.reference = reference;
        this.keys = keys;
        this.settings = settings;
        this.progress = progress;
    }

    public SpeedReport run(List<Algorithm> algorithms, List<Pairing> pairs) {
        long start = System.nanoTime();
        WindowRunner runner = new WindowRunner(settings.window().toNanos(), settings.samples());
        List<SpeedOutcome> outcomes = new ArrayList<>();
        Set<String> stopped = new HashSet<>();
        int total = algorithms.stream().mapToInt(a -> a.family().operations().size()).sum();
        for (Algorithm a : algorithms) {
            List<String> pems = SpeedKeys.ids(a).stream().map(keys::pem).toList();
            Map<String, SpeedCase> cases = new LinkedHashMap<>();
            try (SpeedCase ref = new SpeedCase(a, reference.library(), pems)) {
                Reference expected = Reference.compute(ref);
                Map<String, String> unloadable = new LinkedHashMap<>();
                for (LoadedVariant v : variants) {
                    try {
                        cases.put(v.name(), new SpeedCase(a, v.library(), pems));
                    } catch (RuntimeException e) {
                        unloadable.put(v.name(), "cannot set up " + a.name() + ": " + e.getMessage());
                    }
                }
                for (Operation op : a.family().operations()) {
                    SpeedTest test = new SpeedTest(a, op);
                    String stopKey = a.family() + " " + op;
                    SpeedOutcome o = stopped.contains(stopKey)
                            ? new SpeedOutcome(test, unloadable, Optional.of("a smaller size took longer than the window (openssl speed's stop rule)"), Map.of(), Double.NaN)
                            : runOne(test, cases, unloadable, expected, ref, runner);
                    if (o.skipped().isPresent()) {
                        stopped.add(stopKey);
                    }
                    outcomes.add(o);
                    progress.accept(progressLine(outcomes.size(), total, o, pairs, start));
                }
            } finally {
                cases.values().forEach(SpeedCase::close);
            }
        }
        List<SpeedComparison> comparisons = pairs.stream().map(p -> compare(p, outcomes)).toList();
        return new SpeedReport(settings, variants, outcomes, comparisons, keys.fingerprints(),
                reference.name() + ": " + reference.version() + " (" + reference.spec().library() + ")", Duration.ofNanos(System.nanoTime() - start));
    }

    private SpeedOutcome runOne(SpeedTest test, Map<String, SpeedCase> cases, Map<String, String> unloadable, Reference expected,
            SpeedCase ref, WindowRunner runner) {
        Map<String, String> failed = new LinkedHashMap<>(unloadable);
        Map<String, OpLoop> loops = new LinkedHashMap<>();
        boolean firstCheck = true;
        for (var e : cases.entrySet()) {
            // A check runs the operation once (and the reference's counterpart at most once
            // more): when the first variant's check outlasts two windows, nothing will be timed
            // (the stop rule below), so the other variants are not made to run it too.
            long t0 = System.nanoTime();
            Optional<String> wrong = OperationCheck.check(e.getValue(), test.operation(), expected, ref);
            long checkNs = System.nanoTime() - t0;
            if (firstCheck && checkNs > 2 * settings.window().toNanos()) {
                wrong.ifPresent(why -> failed.put(e.getKey(), why)); // slow and wrong is still wrong
                return tooLong(test, failed, "its check (one operation, verified)", checkNs);
            }
            firstCheck = false;
            if (wrong.isPresent()) {
                failed.put(e.getKey(), wrong.get());
            } else {
                loops.put(e.getKey(), e.getValue().loop(test.operation(), expected));
            }
        }
        if (loops.isEmpty()) {
            return new SpeedOutcome(test, failed, Optional.empty(), Map.of(), Double.NaN);
        }
        OpLoop first = loops.values().iterator().next();
        long t0 = System.nanoTime();
        first.once();
        long singleNs = System.nanoTime() - t0;
        if (singleNs > settings.window().toNanos()) {
            return tooLong(test, failed, "one operation", singleNs);
        }
        Map<String, WindowRunner.Timing> timings = runner.measure(loops);
        SpeedCase firstCase = cases.get(loops.keySet().iterator().next());
        double overhead = WindowRunner.overheadNsPerOp(firstCase.emptyLoop(), OVERHEAD_OPS);
        return new SpeedOutcome(test, failed, Optional.empty(), timings, overhead);
    }

    private SpeedOutcome tooLong(SpeedTest test, Map<String, String> failed, String what, long ns) {
        return new SpeedOutcome(test, failed, Optional.of(String.format(Locale.ROOT,
                "%s took %.1f s, longer than the %.1f s window", what, ns / 1e9, settings.window().toMillis() / 1000.0)), Map.of(), Double.NaN);
    }

    private SpeedComparison compare(Pairing p, List<SpeedOutcome> outcomes) {
        BootstrapCi bootstrap = new BootstrapCi(settings.bootstrapResamples(), settings.seed(), settings.noiseThreshold());
        Map<String, RatioEstimate> tests = new LinkedHashMap<>();
        List<String> notCompared = new ArrayList<>();
        for (SpeedOutcome o : outcomes) {
            if (o.measured(p.baseline()) && o.measured(p.candidate())) {
                double[] b = o.slotOpsPerCpuSecond(p.baseline());
                double[] c = o.slotOpsPerCpuSecond(p.candidate());
                int n = Math.min(b.length, c.length);
                tests.put(o.test().name(), bootstrap.medianRatio(java.util.Arrays.copyOf(c, n), java.util.Arrays.copyOf(b, n)));
            } else {
                notCompared.add(o.test().name());
            }
        }
        return new SpeedComparison(p.baseline(), p.candidate(), tests, notCompared);
    }

    private String progressLine(int index, int count, SpeedOutcome o, List<Pairing> pairs, long start) {
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "[%2d/%d] %-20s", index, count, o.test().name()));
        if (o.skipped().isPresent()) {
            line.append(" skipped: ").append(o.skipped().get());
        }
        for (String v : o.timings().keySet()) {
            if (o.measured(v)) {
                line.append(String.format(Locale.ROOT, " %s %.1f/s", v, o.opsPerUserSecond(v)));
            }
        }
        for (Pairing p : pairs) {
            if (o.measured(p.baseline()) && o.measured(p.candidate())) {
                double ratio = Statistics.median(o.slotOpsPerCpuSecond(p.candidate())) / Statistics.median(o.slotOpsPerCpuSecond(p.baseline()));
                line.append(String.format(Locale.ROOT, " %s/%s~%.3f", p.candidate(), p.baseline(), ratio));
            }
        }
        Map<String, String> wrong = new LinkedHashMap<>(o.failed());
        o.timings().forEach((v, t) -> t.failure().ifPresent(f -> wrong.put(v, f)));
        wrong.forEach((v, why) -> line.append("  FAILED ").append(v).append(": ").append(why));
        line.append(String.format(Locale.ROOT, "  (%.0f s)", (System.nanoTime() - start) / 1e9));
        return line.toString();
    }
}
