package dotbench.speed;

import dotbench.stats.RatioEstimate;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/** The human-readable output: per variant its -mr block and a table with latencies; per pair the ratio table. */
public final class SpeedText {
    private SpeedText() {
    }

    public static String variantBlock(LoadedVariant v, SpeedReport report) {
        StringBuilder out = new StringBuilder();
        out.append("Variant ").append(v.name()).append(": ").append(v.version()).append(", ").append(v.spec().library()).append('\n');
        v.marker().ifPresent(m -> out.append("  MODIFIED OpenSSL (").append(m).append(")\n"));
        out.append("  CPUINFO: ").append(v.cpuSettings().orElse("(not reported)"))
                .append(v.ia32capMask().map(m -> "  [loaded with OPENSSL_ia32cap=" + m + "]").orElse("")).append('\n');
        out.append("  openssl speed -mr summary (ops per user CPU second):\n");
        MrFormat.lines(v.name(), report.outcomes()).forEach(l -> out.append(l).append('\n'));
        out.append(String.format(Locale.ROOT, "  %-20s %12s %12s %10s %10s %10s %9s%n", "test", "ops/s(user)", "ops/s(wall)",
                "p50 us", "p95 us", "p99 us", "overhead"));
        for (SpeedOutcome o : report.outcomes()) {
            String name = o.test().name();
            if (o.skipped().isPresent()) {
                out.append(String.format(Locale.ROOT, "  %-20s skipped: %s%n", name, o.skipped().get()));
            } else if (o.failed().containsKey(v.name())) {
                out.append(String.format(Locale.ROOT, "  %-20s FAILED: %s%n", name, o.failed().get(v.name())));
            } else if (o.timings().containsKey(v.name()) && o.timings().get(v.name()).failure().isPresent()) {
                out.append(String.format(Locale.ROOT, "  %-20s FAILED: %s%n", name, o.timings().get(v.name()).failure().get()));
            } else if (o.measured(v.name())) {
                Histogram h = o.timings().get(v.name()).latencyNs();
                double opNs = 1e9 / o.medianOpsPerCpuSecond(v.name());
                out.append(String.format(Locale.ROOT, "  %-20s %12.1f %12.1f %10.1f %10.1f %10.1f %8.2f%%%n", name,
                        o.opsPerUserSecond(v.name()), o.opsPerWallSecond(v.name()), h.getValueAtPercentile(50) / 1e3,
                        h.getValueAtPercentile(95) / 1e3, h.getValueAtPercentile(99) / 1e3, 100 * o.overheadNs() / opNs));
            }
        }
        return out.toString();
    }

    public static String ratioTable(SpeedComparison c) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "A/B %s vs %s: ratio = %s ops/s / %s ops/s (above 1: %s is faster), median of slot pairs, bootstrap 95%% CI%n",
                c.candidate(), c.baseline(), c.candidate(), c.baseline(), c.candidate()));
        out.append(String.format(Locale.ROOT, "  %-20s %8s  %-19s%n", "test", "ratio", "95% CI"));
        c.tests().forEach((name, r) -> out.append(row(name, r)));
        c.notCompared().forEach(name -> out.append(String.format(Locale.ROOT, "  %-20s %8s%n", name, "n/a (failed or not timed)")));
        return out.toString();
    }

    private static String row(String label, RatioEstimate r) {
        String flags = (r.noisy() ? "  noisy" : "") + (r.excludesOne() ? (r.ratio() > 1 ? "  faster" : "  slower") : "");
        return String.format(Locale.ROOT, "  %-20s %8.4f  [%7.4f, %7.4f]%s%n", label, r.ratio(), r.low(), r.high(), flags);
    }
}
