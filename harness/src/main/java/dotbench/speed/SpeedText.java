package dotbench.speed;

import dotbench.pipeline.Measurement;
import dotbench.pipeline.Outcome;
import dotbench.pipeline.Sample;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/** The speed suite's block per variant: its -mr summary and a table with latencies (the ratio tables are shared). */
public final class SpeedText {
    private SpeedText() {}

    public static String variantBlock(LoadedVariant v, List<Outcome<SpeedDetail>> outcomes) {
        StringBuilder out = new StringBuilder();
        out.append("Variant ")
                .append(v.name())
                .append(": ")
                .append(v.version())
                .append(", ")
                .append(v.spec().library())
                .append('\n');
        v.marker().ifPresent(m -> out.append("  MODIFIED OpenSSL (").append(m).append(")\n"));
        out.append("  CPUINFO: ")
                .append(v.cpuSettings().orElse("(not reported)"))
                .append(v.ia32capMask()
                        .map(m -> "  [loaded with OPENSSL_ia32cap=" + m + "]")
                        .orElse(""))
                .append('\n');
        out.append("  openssl speed -mr summary (ops per user CPU second):\n");
        MrFormat.lines(v.name(), outcomes).forEach(l -> out.append(l).append('\n'));
        out.append(String.format(
                Locale.ROOT,
                "  %-20s %12s %12s %10s %10s %10s %9s%n",
                "test",
                "ops/s(user)",
                "ops/s(wall)",
                "p50 us",
                "p95 us",
                "p99 us",
                "overhead"));
        for (Outcome<SpeedDetail> o : outcomes) {
            if (o.skipped().isPresent()) {
                out.append(String.format(
                        Locale.ROOT,
                        "  %-20s skipped: %s%n",
                        o.name(),
                        o.skipped().get()));
            } else if (o.failed().containsKey(v.name())) {
                out.append(String.format(
                        Locale.ROOT,
                        "  %-20s FAILED: %s%n",
                        o.name(),
                        o.failed().get(v.name())));
            } else if (o.measured(v.name())) {
                Measurement m = o.measurement().orElseThrow();
                Sample total = m.total(v.name());
                Histogram h = o.detail().latencyNs().get(v.name());
                double opNs = 1e9 / m.medianOpsPerSecond(v.name());
                out.append(String.format(
                        Locale.ROOT,
                        "  %-20s %12.1f %12.1f %10.1f %10.1f %10.1f %8.2f%%%n",
                        o.name(),
                        total.opsPerUserSecond(),
                        total.reps() * 1e9 / Math.max(1, total.wallNs()),
                        h.getValueAtPercentile(50) / 1e3,
                        h.getValueAtPercentile(95) / 1e3,
                        h.getValueAtPercentile(99) / 1e3,
                        100 * m.overheadNsPerOp() / opNs));
            }
        }
        return out.toString();
    }
}
