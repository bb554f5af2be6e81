package dotbench.report;

import dotbench.stats.RatioEstimate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Every A/B figure of one suite as rows, one column per machine: the fleet view. A row is
 * (pair, scope or test); a machine that did not measure it has an empty cell.
 */
public record FleetTable(
        String suite, List<Machine> machines, List<RowKey> rows, Map<RowKey, List<Optional<RatioEstimate>>> cells) {
    public record RowKey(String pair, String figure, boolean scope) {}

    public static FleetTable of(String suite, List<Machine> machines) {
        Set<RowKey> keys = new LinkedHashSet<>();
        for (Machine m : machines) {
            m.latest(suite)
                    .ifPresent(f -> f.comparisons().forEach(p -> {
                        p.scopes().keySet().forEach(s -> keys.add(new RowKey(p.label(), s, true)));
                        p.tests().keySet().forEach(t -> keys.add(new RowKey(p.label(), t, false)));
                    }));
        }
        Map<RowKey, List<Optional<RatioEstimate>>> cells = new LinkedHashMap<>();
        for (RowKey k : keys) {
            List<Optional<RatioEstimate>> row = new ArrayList<>();
            for (Machine m : machines) {
                row.add(m.latest(suite)
                        .flatMap(f -> f.comparisons().stream()
                                .filter(p -> p.label().equals(k.pair()))
                                .findFirst())
                        .map(p -> k.scope()
                                ? p.scopes().get(k.figure())
                                : p.tests().get(k.figure())));
            }
            cells.put(k, row);
        }
        return new FleetTable(suite, machines, List.copyOf(keys), cells);
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    /** "1.052 [1.031, 1.070]", with " noisy" when the interval is wider than the run's threshold. */
    public static String format(RatioEstimate r) {
        return String.format(
                Locale.ROOT, "%.3f [%.3f, %.3f]%s", r.ratio(), r.low(), r.high(), r.noisy() ? " noisy" : "");
    }
}
