package dotbench.speed;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dotbench.pipeline.Outcome;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * The speed suite's own fields of a result file (results/speed-schema.md lists them): its variants,
 * per-test identity and latencies, and the fidelity block of `dotbench fidelity speed`.
 */
public final class SpeedFields {
    /** Percentiles the CDF is sampled at (fine at the tail, where latency plots look). */
    private static final double[] CDF_PERCENTILES = cdfPercentiles();

    private SpeedFields() {}

    static JsonObject fidelity(Fidelity.Result f) {
        JsonObject o = new JsonObject();
        o.addProperty("openssl_version", f.opensslVersionLine());
        o.addProperty(
                "statistic",
                "median over rounds of harness/openssl ops per user CPU second; the sides alternate which goes first");
        o.addProperty("tolerance", f.tolerance());
        o.addProperty("passed", f.passed());
        JsonArray rounds = new JsonArray();
        for (Fidelity.Round r : f.rounds()) {
            JsonObject round = new JsonObject();
            round.addProperty("first", r.opensslFirst() ? "openssl" : "harness");
            JsonObject harness = new JsonObject();
            JsonObject openssl = new JsonObject();
            for (String t : Fidelity.COMPARED) {
                harness.addProperty(t, r.harness().get(t));
                openssl.addProperty(t, r.openssl().get(t));
            }
            round.add("harness_ops_per_user_s", harness);
            round.add("openssl_ops_per_user_s", openssl);
            JsonArray mr = new JsonArray();
            r.opensslMr().forEach(mr::add);
            round.add("openssl_mr", mr);
            rounds.add(round);
        }
        o.add("rounds", rounds);
        JsonObject ratios = new JsonObject();
        f.rows().forEach(row -> ratios.addProperty(row.test(), row.ratio()));
        o.add("median_ratio", ratios);
        return o;
    }

    static JsonObject variant(LoadedVariant v) {
        JsonObject o = new JsonObject();
        o.addProperty("name", v.name());
        o.addProperty("library", "openssl");
        o.addProperty("path", v.spec().library().toString());
        o.addProperty("version", v.version());
        o.addProperty("marker", v.marker().orElse(null));
        o.addProperty("modified", v.marker().isPresent());
        o.add(
                "manifest",
                v.spec().manifest().source().isPresent() ? v.spec().manifest().json() : null);
        o.addProperty("ia32cap_mask", v.ia32capMask().orElse(null));
        o.addProperty("cpu_settings", v.cpuSettings().orElse(null));
        o.addProperty("cflags", v.library().compilerFlags());
        o.addProperty("built_on", v.library().builtOn());
        return o;
    }

    /** A variant's openssl speed -mr summary lines. */
    static JsonArray mr(String variant, List<Outcome<SpeedDetail>> outcomes) {
        JsonArray mr = new JsonArray();
        MrFormat.lines(variant, outcomes).forEach(mr::add);
        return mr;
    }

    /** The speed suite's fields of one test: its identity, how it was checked, and each variant's latencies. */
    static void caseFields(Outcome<SpeedDetail> outcome, JsonObject o) {
        SpeedTest t = outcome.detail().test();
        o.addProperty("family", t.algorithm().family().prefix());
        o.addProperty("bits", t.algorithm().bits());
        o.addProperty("operation", t.operation().label());
        o.addProperty(
                "checked_by",
                "reference library (expected outputs, cross-verification) before timing; return codes of"
                        + " every timed call; last output after each slot");
        JsonObject latency = new JsonObject();
        outcome.detail().latencyNs().forEach((v, h) -> latency.add(v, latency(h)));
        o.add("latency", latency);
    }

    static JsonObject latency(Histogram h) {
        JsonObject o = new JsonObject();
        o.addProperty("unit", "ns");
        o.addProperty("clock", "System.nanoTime around each call (wall)");
        o.addProperty("count", h.getTotalCount());
        o.addProperty("min", h.getMinValue());
        o.addProperty("mean", h.getMean());
        o.addProperty("p50", h.getValueAtPercentile(50));
        o.addProperty("p95", h.getValueAtPercentile(95));
        o.addProperty("p99", h.getValueAtPercentile(99));
        o.addProperty("max", h.getMaxValue());
        JsonArray cdf = new JsonArray();
        if (h.getTotalCount() > 0) {
            for (double p : CDF_PERCENTILES) {
                JsonArray point = new JsonArray();
                point.add(h.getValueAtPercentile(p));
                point.add(p / 100);
                cdf.add(point);
            }
        }
        o.add("cdf", cdf);
        ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int n = h.encodeIntoCompressedByteBuffer(buf);
        o.addProperty("hdr_histogram_base64", Base64.getEncoder().encodeToString(Arrays.copyOf(buf.array(), n)));
        return o;
    }

    /** 0, 1, ..., 99 percent, then 99.5, 99.9, 99.99 and 100. */
    private static double[] cdfPercentiles() {
        double[] p = new double[104];
        for (int i = 0; i < 100; i++) {
            p[i] = i;
        }
        p[100] = 99.5;
        p[101] = 99.9;
        p[102] = 99.99;
        p[103] = 100;
        return p;
    }
}
