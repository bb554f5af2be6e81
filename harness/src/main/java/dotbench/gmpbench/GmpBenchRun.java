package dotbench.gmpbench;

import dotbench.bindings.Gmp;
import dotbench.nativeloop.GmpCase;
import dotbench.nativeloop.NativeHelper;
import dotbench.runner.AbRunner;
import dotbench.runner.Measurement;
import dotbench.runner.RunSettings;
import dotbench.stats.BootstrapCi;
import dotbench.stats.RatioEstimate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Runs the selected GMPbench tests on the loaded variants: per test, every variant's answer is
 * checked (BigInteger where affordable, else agreement), the variants that answered right are
 * timed A/B, and their outputs after timing are compared again.
 */
public final class GmpBenchRun {
    private final NativeHelper helper;
    private final Map<String, Gmp> variants;
    private final RunSettings settings;
    private final Consumer<String> progress;

    /** @param variants name to variant, in run order; @param progress receives one line per test */
    public GmpBenchRun(NativeHelper helper, Map<String, Gmp> variants, RunSettings settings, Consumer<String> progress) {
        this.helper = helper;
        this.variants = new LinkedHashMap<>(variants);
        this.settings = settings;
        this.progress = progress;
    }

    public GmpBenchReport run(List<GmpBenchTest> tests, List<Pairing> pairs) {
        long start = System.nanoTime();
        BootstrapCi bootstrap = new BootstrapCi(settings.bootstrapResamples(), settings.seed(), settings.noiseThreshold());
        List<TestOutcome> outcomes = new ArrayList<>();
        for (int i = 0; i < tests.size(); i++) {
            GmpBenchTest test = tests.get(i);
            TestOutcome outcome = runOne(test);
            outcomes.add(outcome);
            progress.accept(progressLine(i + 1, tests.size(), outcome, pairs, bootstrap, start));
        }
        Map<String, Scores> scores = new LinkedHashMap<>();
        for (String v : variants.keySet()) {
            if (outcomes.stream().noneMatch(o -> o.failed(v) || o.measurement().isEmpty())) {
                Map<String, Double> rates = new LinkedHashMap<>();
                outcomes.forEach(o -> rates.put(o.test().name(), o.medianOpsPerSecond(v)));
                scores.put(v, Scoring.score(rates));
            }
        }
        List<Comparison> comparisons = pairs.stream()
                .map(p -> Comparisons.compare(p.baseline(), p.candidate(), outcomes, bootstrap)).toList();
        List<VariantInfo> infos = variants.entrySet().stream().map(e -> new VariantInfo(e.getKey(),
                e.getValue().variant().spec().library(), e.getValue().version(), e.getValue().variant().marker(),
                e.getValue().variant().spec().manifest(), e.getValue().variant().loadedFile().sha256(),
                e.getValue().variant().changedOnDisk())).toList();
        return new GmpBenchReport(settings, infos, outcomes, scores, comparisons, Duration.ofNanos(System.nanoTime() - start));
    }

    private TestOutcome runOne(GmpBenchTest test) {
        Map<String, GmpCase> cases = new LinkedHashMap<>();
        try {
            variants.forEach((name, gmp) -> cases.put(name, helper.newCase(gmp, test.name())));
            Map<String, String> answers = new LinkedHashMap<>();
            List<String> failed = new ArrayList<>();
            boolean oracle = Oracle.covers(test);
            for (var e : cases.entrySet()) {
                answers.put(e.getKey(), e.getValue().answerHash()); // leaves the answer in the outputs
                if (oracle && !checkWithOracle(test, e.getValue())) {
                    failed.add(e.getKey());
                }
            }
            if (!oracle) {
                failed.addAll(outsideMajority(answers));
            }
            Map<String, GmpCase> passing = new LinkedHashMap<>(cases);
            failed.forEach(passing::remove);
            Optional<Measurement> measurement = Optional.empty();
            Map<String, String> outputs = new LinkedHashMap<>();
            if (!passing.isEmpty()) {
                measurement = Optional.of(new AbRunner(settings).measure(passing));
                passing.forEach((name, c) -> outputs.put(name, c.outputHash()));
                for (String name : outsideMajority(outputs)) {
                    failed.add(name);
                }
            }
            return new TestOutcome(test, answers, outputs, oracle, failed, measurement);
        } finally {
            cases.values().forEach(GmpCase::close);
        }
    }

    private static boolean checkWithOracle(GmpBenchTest test, GmpCase c) {
        return Oracle.check(test, c.operand(0).orElseThrow(), c.operand(1), c.output(0).orElseThrow(), c.output(1)).orElseThrow();
    }

    /**
     * Variants whose hash differs from the one a strict majority shares; with no strict majority
     * (e.g. two variants that disagree) every variant is suspect.
     */
    static List<String> outsideMajority(Map<String, String> hashes) {
        Map<String, Integer> counts = new HashMap<>();
        hashes.values().forEach(h -> counts.merge(h, 1, Integer::sum));
        Optional<String> majority = counts.entrySet().stream().filter(e -> e.getValue() * 2 > hashes.size())
                .map(Map.Entry::getKey).findFirst();
        return hashes.entrySet().stream().filter(e -> majority.map(m -> !m.equals(e.getValue())).orElse(true))
                .map(Map.Entry::getKey).toList();
    }

    private static String progressLine(int index, int count, TestOutcome o, List<Pairing> pairs, BootstrapCi bootstrap, long start) {
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "[%2d/%d] %-26s", index, count, o.test().name()));
        o.measurement().ifPresent(m -> line.append(String.format(Locale.ROOT, " reps=%-9d", m.reps())));
        for (Pairing p : pairs) {
            if (o.failed(p.baseline()) || o.failed(p.candidate()) || o.measurement().isEmpty()) {
                line.append(" ").append(p.candidate()).append("/").append(p.baseline()).append(" FAILED");
                continue;
            }
            RatioEstimate r = bootstrap.medianRatio(o.measurement().get().opsPerSecond(p.candidate()),
                    o.measurement().get().opsPerSecond(p.baseline()));
            line.append(String.format(Locale.ROOT, " %s/%s %.3f", p.candidate(), p.baseline(), r.ratio()));
        }
        if (!o.failed().isEmpty()) {
            line.append("  WRONG ANSWER: ").append(String.join(", ", o.failed()));
        }
        line.append(String.format(Locale.ROOT, "  (%.0f s)", (System.nanoTime() - start) / 1e9));
        return line.toString();
    }
}
