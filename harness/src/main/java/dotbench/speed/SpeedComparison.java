package dotbench.speed;

import dotbench.stats.RatioEstimate;
import java.util.List;
import java.util.Map;

/**
 * candidate vs baseline over the speed tests: per test the median of slot-paired ops/s ratios
 * (above 1: the candidate is faster) with its bootstrap 95% interval; tests where either side
 * failed or was not timed are listed instead.
 */
public record SpeedComparison(String baseline, String candidate, Map<String, RatioEstimate> tests, List<String> notCompared) {
    public SpeedComparison {
        tests = dotbench.runner.Ordered.copy(tests);
        notCompared = List.copyOf(notCompared);
    }
}
