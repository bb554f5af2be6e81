package dotbench.cli;

import dotbench.report.PairRatios;
import dotbench.report.ResultFile;
import dotbench.stats.FamilyVerdict;
import dotbench.stats.Intervals;
import dotbench.stats.RatioEstimate;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * `dotbench verdicts FILE...`: each A/B pair of a result file judged again from its raw samples,
 * per test and for all tests at once ({@link FamilyVerdict}), so that a run recorded before the
 * family-wise line existed, or by another machine, is read the same way.
 */
@Command(
        name = "verdicts",
        mixinStandardHelpOptions = true,
        description = "Per A/B pair of each result file, from its raw samples: the tests whose own interval"
                + " (order statistics of the median ratio) excludes 1, and those that are slower or faster for all"
                + " tests at once (each interval widened by Bonferroni so that all hold together at 95%%).",
        footer = "%nExit status: 0 ok; 2 bad usage; 5 a file cannot be read (a pair without raw samples is said so).")
final class VerdictsCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "FILE")
    List<Path> files;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        StringBuilder out = new StringBuilder();
        for (Path p : files) {
            ResultFile f = CompareCommand.read(p);
            out.append(String.format(
                    Locale.ROOT,
                    "%s: suite %s, %d tests%n",
                    p,
                    f.suite(),
                    f.tests().size()));
            List<PairRatios> pairs = f.comparisons();
            if (pairs.isEmpty()) {
                out.append("  no A/B pair recorded\n");
            }
            for (PairRatios pair : pairs) {
                out.append(pairVerdicts(pair, f.pairedRatios(pair.baseline(), pair.candidate())));
            }
        }
        spec.commandLine().getOut().print(out);
        spec.commandLine().getOut().flush();
        return 0;
    }

    /** One pair's per-test and family-wise verdicts, from its tests' round-paired ratios. */
    static String pairVerdicts(PairRatios pair, Map<String, double[]> ratios) {
        StringBuilder out = new StringBuilder(String.format(
                Locale.ROOT,
                "A/B %s vs %s: %d tests with samples on both sides%n",
                pair.candidate(),
                pair.baseline(),
                ratios.size()));
        if (ratios.isEmpty()) {
            return out.append("  no raw samples to judge\n").toString();
        }
        int fewest = ratios.values().stream().mapToInt(r -> r.length).min().orElseThrow();
        Map<String, RatioEstimate> each = new LinkedHashMap<>();
        ratios.forEach((name, r) -> each.put(name, Intervals.orderStatistics(r, Intervals.medianRank(r.length))));
        out.append(String.format(
                Locale.ROOT,
                "  each test on its own (%.1f%% at %d samples): %s; %s%n",
                100 * Intervals.medianCoverage(fewest),
                fewest,
                listed(each, e -> e.high() < 1, "slower"),
                listed(each, e -> e.low() > 1, "faster")));
        if (ratios.size() > 1) {
            out.append(FamilyVerdict.of(ratios).line());
        }
        return out.toString();
    }

    private static String listed(Map<String, RatioEstimate> each, Predicate<RatioEstimate> which, String word) {
        Map<String, RatioEstimate> hit = each.entrySet().stream()
                .filter(e -> which.test(e.getValue()))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (x, y) -> x, LinkedHashMap::new));
        return hit.size() + " " + word + FamilyVerdict.listing(hit);
    }
}
