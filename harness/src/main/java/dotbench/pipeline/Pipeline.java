package dotbench.pipeline;

import dotbench.stats.Intervals;
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
 * The one run loop every suite goes through: per case, set it up and check every variant, time the
 * variants that answered right (interleaved, see {@link Runner}), check them again, record the
 * outcome and print one progress line with the time spent and an estimate of the time left; then
 * compare the pairs.
 */
public final class Pipeline {
    private Pipeline() {}

    public static <D> RunResult<D> run(
            SuiteRun<D> run, Settings settings, List<Pairing> pairs, Consumer<String> progress) {
        long start = System.nanoTime();
        Runner runner = new Runner(settings);
        List<? extends Case<D>> cases = run.cases();
        List<Outcome<D>> outcomes = new ArrayList<>();
        for (Case<D> c : cases) {
            Outcome<D> o = runOne(c, runner);
            outcomes.add(o);
            progress.accept(progressLine(outcomes.size(), cases.size(), o, pairs, System.nanoTime() - start));
        }
        Intervals intervals = settings.intervals();
        List<Comparison> comparisons =
                pairs.stream().map(p -> run.compare(p, outcomes, intervals)).toList();
        return new RunResult<>(
                settings, run.variants(), outcomes, comparisons, Duration.ofNanos(System.nanoTime() - start));
    }

    static <D> Outcome<D> runOne(Case<D> c, Runner runner) {
        try (c) {
            Trial trial = c.prepare();
            Map<String, String> failed = new LinkedHashMap<>(trial.failed());
            Optional<Measurement> measurement = Optional.empty();
            if (trial.skipped().isEmpty() && !trial.timed().isEmpty()) {
                Measurement m = runner.measure(trial.timed());
                measurement = Optional.of(m);
                failed.putAll(m.failures());
                Set<String> right = new HashSet<>(trial.timed().keySet());
                right.removeAll(m.failures().keySet());
                failed.putAll(c.verify(right));
            }
            return new Outcome<>(c.name(), c.detail(), failed, trial.skipped(), measurement);
        }
    }

    static String progressLine(int index, int count, Outcome<?> o, List<Pairing> pairs, long elapsedNs) {
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "[%2d/%d] %-26s", index, count, o.name()));
        o.skipped().ifPresent(why -> line.append(" skipped: ").append(why));
        o.measurement()
                .filter(m -> m.reps() > 0)
                .ifPresent(m -> line.append(String.format(Locale.ROOT, " reps=%-9d", m.reps())));
        for (Pairing p : pairs) {
            if (o.measured(p.baseline()) && o.measured(p.candidate())) {
                double ratio = Statistics.median(o.rates(p.candidate())) / Statistics.median(o.rates(p.baseline()));
                line.append(String.format(Locale.ROOT, " %s/%s %.3f", p.candidate(), p.baseline(), ratio));
            } else if (o.skipped().isEmpty()) {
                line.append(" ")
                        .append(p.candidate())
                        .append("/")
                        .append(p.baseline())
                        .append(" FAILED");
            }
        }
        o.failed()
                .forEach((v, why) ->
                        line.append("  WRONG ").append(v).append(": ").append(why));
        double seconds = elapsedNs / 1e9;
        line.append(String.format(Locale.ROOT, "  (%.0f s", seconds));
        if (index < count) {
            line.append(String.format(Locale.ROOT, ", about %.0f s left", seconds / index * (count - index)));
        }
        return line.append(")").toString();
    }
}
