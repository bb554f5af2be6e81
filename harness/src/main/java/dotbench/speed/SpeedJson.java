package dotbench.speed;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dotbench.results.ResultJson;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * A speed run as JSON: the results schema of the GMP suite ("dotbench-result", version 1, see
 * results/README.md) with suite "speed"; the speed-specific fields are listed in
 * results/speed-schema.md.
 */
public final class SpeedJson {
    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().serializeNulls().serializeSpecialFloatingPointValues().create();
    /** Percentiles the CDF is sampled at (fine at the tail, where latency plots look). */
    private static final double[] CDF_PERCENTILES = cdfPercentiles();

    private SpeedJson() {
    }

    public static String of(SpeedReport report, JsonObject provenance, String commandLine) {
        return of(report, provenance, commandLine, Optional.empty());
    }

    /** With {@code fidelity}: the run was the harness side of that check, and the report is its last round. */
    public static String of(SpeedReport report, JsonObject provenance, String commandLine, Optional<Fidelity.Result> fidelity) {
        JsonObject root = ResultJson.root("speed", commandLine);
        JsonObject prov = provenance.deepCopy();
        prov.addProperty("reference_library", report.reference());
        JsonObject keys = new JsonObject();
        new TreeMap<>(report.keyFingerprints()).forEach(keys::addProperty);
        prov.add("key_sha256", keys);
        root.add("provenance", prov);
        root.add("settings", settings(report.settings()));
        root.addProperty("elapsed_s", report.elapsed().toMillis() / 1000.0);
        JsonArray variants = new JsonArray();
        report.variants().forEach(v -> variants.add(variant(v, report)));
        root.add("variants", variants);
        JsonArray tests = new JsonArray();
        report.outcomes().forEach(o -> tests.add(test(o)));
        root.add("tests", tests);
        JsonArray comparisons = new JsonArray();
        report.comparisons().forEach(c -> comparisons.add(comparison(c)));
        root.add("comparisons", comparisons);
        fidelity.ifPresent(f -> root.add("fidelity", fidelity(f)));
        return ResultJson.text(root);
    }

    static JsonObject fidelity(Fidelity.Result f) {
        JsonObject o = new JsonObject();
        o.addProperty("openssl_version", f.opensslVersionLine());
        o.addProperty("statistic", "median over rounds of harness/openssl ops per user CPU second; the sides alternate which goes first");
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

    static JsonObject settings(SpeedSettings s) {
        JsonObject o = new JsonObject();
        o.addProperty("profile", s.quick() ? "quick" : "full");
        o.addProperty("window_s", s.window().toNanos() / 1e9);
        o.addProperty("samples", s.samples());
        o.addProperty("clock", "per slot: thread CPU (CLOCK_THREAD_CPUTIME_ID), thread user CPU (openssl speed's divisor) and wall (System.nanoTime); per operation: System.nanoTime (CLOCK_MONOTONIC, wall) around each call");
        o.addProperty("interleaving", "the window split into equal wall-clock slots; one slot per variant per round, order rotating each round");
        o.addProperty("statistic", "median of slot-paired ratios of ops per thread-CPU second; -mr figures: all ops / all user CPU time");
        o.addProperty("ci", "percentile bootstrap 95%");
        o.addProperty("bootstrap_resamples", s.bootstrapResamples());
        o.addProperty("bootstrap_seed", s.seed());
        o.addProperty("noise_threshold", s.noiseThreshold());
        return o;
    }

    static JsonObject variant(LoadedVariant v, SpeedReport report) {
        JsonObject o = new JsonObject();
        o.addProperty("name", v.name());
        o.addProperty("library", "openssl");
        o.addProperty("path", v.spec().library().toString());
        o.addProperty("version", v.version());
        o.addProperty("marker", v.marker().orElse(null));
        o.addProperty("modified", v.marker().isPresent());
        o.add("manifest", v.spec().manifest().source().isPresent() ? v.spec().manifest().json() : null);
        o.addProperty("ia32cap_mask", v.ia32capMask().orElse(null));
        o.addProperty("cpu_settings", v.cpuSettings().orElse(null));
        o.addProperty("cflags", v.library().compilerFlags());
        o.addProperty("built_on", v.library().builtOn());
        JsonArray mr = new JsonArray();
        MrFormat.lines(v.name(), report.outcomes()).forEach(mr::add);
        o.add("mr", mr);
        return o;
    }

    static JsonObject test(SpeedOutcome t) {
        JsonObject o = new JsonObject();
        o.addProperty("name", t.test().name());
        o.addProperty("family", t.test().algorithm().family().prefix());
        o.addProperty("bits", t.test().algorithm().bits());
        o.addProperty("operation", t.test().operation().label());
        o.addProperty("checked_by", "reference library (expected outputs, cross-verification) before timing; return codes of every timed call; last output after each slot");
        o.add("failed", GSON.toJsonTree(t.failed()));
        t.timings().forEach((v, timing) -> timing.failure().ifPresent(f -> o.getAsJsonObject("failed").addProperty(v, f)));
        o.addProperty("skipped", t.skipped().orElse(null));
        if (!t.timings().isEmpty()) {
            JsonObject overhead = new JsonObject();
            overhead.addProperty("empty_loop_ns_per_op", t.overheadNs());
            String first = t.timings().keySet().iterator().next();
            overhead.addProperty("fraction_of_op", t.measured(first) ? t.overheadNs() * t.medianOpsPerCpuSecond(first) / 1e9 : null);
            o.add("overhead", overhead);
        }
        JsonObject median = new JsonObject();
        JsonObject user = new JsonObject();
        JsonObject wall = new JsonObject();
        JsonObject latency = new JsonObject();
        JsonObject samples = new JsonObject();
        for (Map.Entry<String, WindowRunner.Timing> e : t.timings().entrySet()) {
            String v = e.getKey();
            if (t.measured(v)) {
                median.addProperty(v, t.medianOpsPerCpuSecond(v));
                user.addProperty(v, t.opsPerUserSecond(v));
                wall.addProperty(v, t.opsPerWallSecond(v));
            }
            latency.add(v, latency(e.getValue().latencyNs()));
            JsonArray a = new JsonArray();
            for (WindowSample s : e.getValue().samples()) {
                JsonObject so = new JsonObject();
                so.addProperty("reps", s.ops());
                so.addProperty("cpu_ns", s.cpuNs());
                so.addProperty("user_ns", s.userNs());
                so.addProperty("wall_ns", s.wallNs());
                so.addProperty("failures", s.failures());
                a.add(so);
            }
            samples.add(v, a);
        }
        o.add("median_ops_per_s", median);
        o.add("ops_per_user_s", user);
        o.add("ops_per_wall_s", wall);
        o.add("latency", latency);
        o.add("samples", samples);
        return o;
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

    static JsonObject comparison(SpeedComparison c) {
        JsonObject o = new JsonObject();
        o.addProperty("baseline", c.baseline());
        o.addProperty("candidate", c.candidate());
        JsonObject tests = new JsonObject();
        c.tests().forEach((name, r) -> tests.add(name, ResultJson.ratio(r)));
        o.add("tests", tests);
        JsonArray not = new JsonArray();
        c.notCompared().forEach(not::add);
        o.add("not_compared", not);
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
