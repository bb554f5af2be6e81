package dotbench.stats;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Whether any test of an A/B pair is slower or faster, said of all its tests at once. A per-test
 * 95% interval excludes 1 by chance one time in twenty (less at the exact coverages of the order
 * statistics); over the 62 tests of an openssl-speed-style run, identical libraries would show one
 * or more such tests in most runs. For a claim about every test ("none is slower") each test's
 * interval is widened to cover 1 - 5% / tests (Bonferroni), so that all of them hold together with
 * probability at least 95% however the tests depend on each other; a test whose widened interval
 * still excludes 1 is slower (or faster) for the family. The order statistics need enough samples
 * for that: when even a test's whole range covers less, the verdict says how many would do.
 *
 * @param tests   the pair's compared tests
 * @param samples the fewest paired samples behind any of them
 * @param needed  the fewest samples that give every test a widened interval (0 when decided)
 * @param slower  the tests whose widened interval lies below 1, with it
 * @param faster  the tests whose widened interval lies above 1, with it
 */
public record FamilyVerdict(
        int tests, int samples, int needed, Map<String, RatioEstimate> slower, Map<String, RatioEstimate> faster) {
    public FamilyVerdict {
        slower = Collections.unmodifiableMap(new LinkedHashMap<>(slower));
        faster = Collections.unmodifiableMap(new LinkedHashMap<>(faster));
    }

    /** @param ratios per test (in report order), its round-paired ratios candidate / baseline */
    public static FamilyVerdict of(Map<String, double[]> ratios) {
        if (ratios.isEmpty()) {
            throw new IllegalArgumentException("no tests");
        }
        int m = ratios.size();
        int fewest = ratios.values().stream().mapToInt(r -> r.length).min().orElseThrow();
        if (fewest == 0) {
            throw new IllegalArgumentException("a test without samples");
        }
        if (Intervals.familyRank(fewest, m) == 0) {
            return new FamilyVerdict(m, fewest, Intervals.familySamplesNeeded(m), Map.of(), Map.of());
        }
        Map<String, RatioEstimate> slower = new LinkedHashMap<>();
        Map<String, RatioEstimate> faster = new LinkedHashMap<>();
        ratios.forEach((name, r) -> {
            RatioEstimate e = Intervals.orderStatistics(r, Intervals.familyRank(r.length, m));
            if (e.excludesOne()) {
                (e.ratio() > 1 ? faster : slower).put(name, e);
            }
        });
        return new FamilyVerdict(m, fewest, 0, slower, faster);
    }

    /** Whether the samples sufficed for a verdict on every test at once. */
    public boolean decided() {
        return needed == 0;
    }

    /** The line the ratio tables print under a pair's tests. */
    public String line() {
        double each = 100 * Intervals.familyLevel(tests);
        if (!decided()) {
            return String.format(
                    Locale.ROOT,
                    "  all %d tests at once: no verdict from %d samples (each test's interval must cover %.2f%%,"
                            + " Bonferroni, so that all hold together at 95%%; that takes %d samples)%n",
                    tests,
                    samples,
                    each,
                    needed);
        }
        return String.format(
                Locale.ROOT,
                "  all %d tests at once (each interval widened to %.2f%%, Bonferroni: all hold together at 95%%):"
                        + " %d slower%s, %d faster%s%n",
                tests,
                each,
                slower.size(),
                listing(slower),
                faster.size(),
                listing(faster));
    }

    /** " (name ratio [low, high]; ...)", or nothing for no test. */
    public static String listing(Map<String, RatioEstimate> m) {
        return m.isEmpty()
                ? ""
                : m.entrySet().stream()
                        .map(e -> String.format(
                                Locale.ROOT,
                                "%s %.4f [%.4f, %.4f]",
                                e.getKey(),
                                e.getValue().ratio(),
                                e.getValue().low(),
                                e.getValue().high()))
                        .collect(Collectors.joining("; ", " (", ")"));
    }
}
