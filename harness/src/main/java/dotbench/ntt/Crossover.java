package dotbench.ntt;

import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import dotbench.pipeline.Comparison;
import dotbench.pipeline.Outcome;
import dotbench.stats.RatioEstimate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * Where a candidate overtakes its baseline for good, over the balanced sizes of one kind (mul or
 * sqr): the smallest measured size from which the ratio (candidate speed over baseline speed)
 * stays above 1 at every larger measured size, and the same with the ratio's 95% interval
 * entirely above 1 ("confident"). Empty when the candidate is not faster at the largest size.
 *
 * @param sizes per measured size, the ratio
 */
record Crossover(
        String baseline,
        String candidate,
        String kind,
        TreeMap<Integer, RatioEstimate> sizes,
        Optional<Integer> limbs,
        Optional<Integer> confidentLimbs) {

    static Crossover of(Comparison c, String kind, List<? extends Outcome<Shape>> outcomes) {
        TreeMap<Integer, RatioEstimate> sizes = new TreeMap<>();
        for (Outcome<Shape> o : outcomes) {
            Shape s = o.detail();
            RatioEstimate r = c.tests().get(o.name());
            if (r != null && s.balanced() && s.kind().equals(kind)) {
                sizes.put(s.un(), r);
            }
        }
        return new Crossover(
                c.baseline(),
                c.candidate(),
                kind,
                sizes,
                from(sizes, r -> r.ratio() > 1),
                from(sizes, r -> r.low() > 1));
    }

    private static Optional<Integer> from(TreeMap<Integer, RatioEstimate> sizes, Predicate<RatioEstimate> faster) {
        Integer first = null;
        for (Map.Entry<Integer, RatioEstimate> e : sizes.descendingMap().entrySet()) {
            if (!faster.test(e.getValue())) {
                break;
            }
            first = e.getKey();
        }
        return Optional.ofNullable(first);
    }

    /** One line for the text output. */
    String text() {
        if (sizes.isEmpty()) {
            return kind + ": no " + kind + " size measured on both sides";
        }
        String range = sizes.firstKey() + ".." + sizes.lastKey() + " limbs";
        return limbs.map(n -> String.format(
                        "%s: %s is faster than %s from %d limbs (%d bits) on, at every size measured up to %d%s",
                        kind,
                        candidate,
                        baseline,
                        n,
                        64 * n,
                        sizes.lastKey(),
                        confidentLimbs
                                .map(k -> "; with its 95% interval above 1 from " + k + " limbs")
                                .orElse("; no size with its interval above 1 throughout")))
                .orElse(kind + ": no crossover in " + range + " (" + candidate + " is not faster than " + baseline
                        + " at " + sizes.lastKey() + " limbs)");
    }

    JsonObject json() {
        JsonObject o = new JsonObject();
        o.addProperty("baseline", baseline);
        o.addProperty("candidate", candidate);
        o.addProperty("op", kind);
        if (limbs.isPresent()) {
            o.addProperty("limbs", limbs.get());
            o.addProperty("bits", 64 * limbs.get());
        } else {
            o.add("limbs", JsonNull.INSTANCE);
        }
        confidentLimbs.ifPresent(n -> o.addProperty("confident_limbs", n));
        if (!sizes.isEmpty()) {
            o.addProperty("min_limbs_measured", sizes.firstKey());
            o.addProperty("max_limbs_measured", sizes.lastKey());
        }
        o.addProperty(
                "rule",
                "the smallest measured size from which the median paired ratio stays above 1 at every"
                        + " larger measured size (confident_limbs: the 95% interval's lower end above 1)");
        return o;
    }
}
