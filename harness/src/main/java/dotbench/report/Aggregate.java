package dotbench.report;

import dotbench.stats.RatioEstimate;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * Summaries over several ratios (sizes of one kernel, operations of one algorithm). The interval
 * of a summary is the same summary of the lower bounds and of the upper bounds: every figure at
 * its own bound at once, which is wider than the summary's true 95% interval, so a verdict built
 * on it errs towards "not reproduced".
 */
final class Aggregate {
    private Aggregate() {}

    static Optional<RatioEstimate> of(String statistic, List<RatioEstimate> xs) {
        if (xs.isEmpty()) {
            return Optional.empty();
        }
        boolean noisy = xs.stream().anyMatch(RatioEstimate::noisy);
        return switch (statistic) {
            case "geomean" ->
                Optional.of(new RatioEstimate(
                        geo(xs, RatioEstimate::ratio),
                        geo(xs, RatioEstimate::low),
                        geo(xs, RatioEstimate::high),
                        noisy));
            case "mean" ->
                Optional.of(new RatioEstimate(
                        mean(xs, RatioEstimate::ratio),
                        mean(xs, RatioEstimate::low),
                        mean(xs, RatioEstimate::high),
                        noisy));
            case "max" -> xs.stream().max(Comparator.comparingDouble(RatioEstimate::ratio));
            case "min" -> xs.stream().min(Comparator.comparingDouble(RatioEstimate::ratio));
            default -> xs.size() == 1 ? Optional.of(xs.getFirst()) : Optional.empty();
        };
    }

    private static double geo(List<RatioEstimate> xs, ToDoubleFunction<RatioEstimate> f) {
        return Math.exp(xs.stream()
                .mapToDouble(x -> Math.log(f.applyAsDouble(x)))
                .average()
                .orElseThrow());
    }

    private static double mean(List<RatioEstimate> xs, ToDoubleFunction<RatioEstimate> f) {
        return xs.stream().mapToDouble(f).average().orElseThrow();
    }
}
