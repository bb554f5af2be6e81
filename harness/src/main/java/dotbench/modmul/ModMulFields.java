package dotbench.modmul;

import com.google.gson.JsonObject;
import dotbench.bindings.LibraryVariant;
import dotbench.pipeline.Outcome;
import dotbench.pipeline.RunResult;
import dotbench.stats.Intervals;
import dotbench.stats.RatioEstimate;
import java.util.Locale;
import java.util.Map;

/** The modmul suite's fields in result files: how it measures, its contenders, and per case the per-contender figures. */
final class ModMulFields {
    private static final Intervals INTERVALS = new Intervals(Intervals.DEFAULT_RESAMPLES, 1, 0.05);

    private ModMulFields() {}

    static Map<String, String> settingsNotes() {
        return Map.of(
                "clock",
                "thread CPU time around each native batch; TSC ticks and wall time read around the same batches",
                "operation",
                "one modular product in a chain of dependent products x = x * y mod p (latency)",
                "cycles",
                "TSC cycles per product: median CPU ns per product times the TSC rate (ticks per wall ns)"
                        + " of the contender's own timed batches",
                "checks",
                "each chain checked against java.math.BigInteger after 1000 untimed products and after every"
                        + " timed batch; a wrong chain's figures are withheld");
    }

    static JsonObject variant(String name, LibraryVariant library, String pmnsIsa) {
        JsonObject o = new JsonObject();
        o.addProperty("name", name);
        o.addProperty("library", library.spec().kind().name().toLowerCase(Locale.ROOT));
        o.addProperty("path", library.spec().library().toString());
        o.addProperty("marker", library.marker().orElse(null));
        o.addProperty("modified", library.marker().isPresent());
        o.addProperty(
                "operation",
                switch (name) {
                    case ModMulRun.GMP -> "mpn_mul_n + mpn_redc_1 (+ mpn_sub_n on carry), stock GMP";
                    case ModMulRun.OPENSSL -> "BN_mod_mul_montgomery, stock libcrypto";
                    case ModMulRun.PMNS_TRUNC -> "dot_pmns_mul_trunc, libdot variant " + pmnsIsa;
                    default -> "dot_pmns_mul, libdot variant " + pmnsIsa;
                });
        return o;
    }

    static void caseFields(Outcome<ModMulDetail> outcome, JsonObject test) {
        ModMulDetail d = outcome.detail();
        test.addProperty("bits", d.bits());
        test.addProperty("pmns_s", d.digits());
        test.addProperty("pmns_n", d.coefficients());
        test.addProperty("pmns_params", d.paramFile());
        test.addProperty("pmns_isa", d.pmnsIsa());
        test.addProperty("checked_products_before_timing", ModMulCase.CHECK_PRODUCTS);
        JsonObject cycles = new JsonObject();
        JsonObject perSecond = new JsonObject();
        d.tscPerNs().forEach((variant, rate) -> {
            if (!outcome.measured(variant)) {
                return;
            }
            double[] rates = outcome.rates(variant);
            RatioEstimate ci = INTERVALS.median(rates);
            double median = ci.ratio();
            JsonObject r = new JsonObject();
            r.addProperty("median", median);
            r.addProperty("low", ci.low());
            r.addProperty("high", ci.high());
            perSecond.add(variant, r);
            if (rate > 0) {
                cycles.addProperty(variant, rate * 1e9 / median);
            }
        });
        test.add("products_per_s", perSecond);
        test.add("tsc_cycles_per_product", cycles);
    }

    /** A contender's block above the ratio tables: TSC cycles per product and products per second per case. */
    static String text(String variant, RunResult<ModMulDetail> result) {
        StringBuilder b = new StringBuilder("Contender " + variant + "\n");
        for (Outcome<ModMulDetail> o : result.outcomes()) {
            if (!o.measured(variant)) {
                b.append(String.format(
                        Locale.ROOT,
                        "  %-20s  no figures: %s%n",
                        o.name(),
                        o.failed().getOrDefault(variant, "not timed")));
                continue;
            }
            double perSecond = o.medianOpsPerSecond(variant);
            double rate = o.detail().tscPerNs().getOrDefault(variant, 0.0);
            b.append(String.format(
                    Locale.ROOT,
                    "  %-20s %10.0f TSC cycles %12.0f products/s%n",
                    o.name(),
                    rate * 1e9 / perSecond,
                    perSecond));
        }
        return b.toString().stripTrailing();
    }
}
