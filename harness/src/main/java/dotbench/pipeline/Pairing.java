package dotbench.pipeline;

import dotbench.bindings.VariantSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Which variants are compared with which: a baseline and a candidate. */
public record Pairing(String baseline, String candidate) {
    /** The matrix's A/B pairs: each patched variant against the stock build of the same kind. */
    private static final List<Pairing> MATRIX =
            List.of(new Pairing("stock", "dot"), new Pairing("stock-noasm", "dot-noasm"));

    /**
     * The matrix pairs whose both sides are among {@code variants}; when there is none, every
     * other variant against the first one named. Then each control named (stock~copy,
     * stock~shift) against the variant it was made of, when that runs too.
     */
    public static List<Pairing> defaults(List<String> variants) {
        List<Pairing> out = new ArrayList<>(MATRIX.stream()
                .filter(p -> variants.contains(p.baseline) && variants.contains(p.candidate))
                .toList());
        if (out.isEmpty()) {
            variants.stream().skip(1).forEach(v -> out.add(new Pairing(variants.get(0), v)));
        }
        variants.stream()
                .filter(VariantSpec::isControl)
                .map(v -> new Pairing(VariantSpec.originalOf(v), v))
                .filter(p -> variants.contains(p.baseline) && !out.contains(p))
                .forEach(out::add);
        return out;
    }

    /** The pairs --pairs names ({@code spec}), or the defaults for {@code variants}; a bad --pairs is a usage error. */
    public static List<Pairing> select(Optional<String> spec, List<String> variants) {
        try {
            return spec.isEmpty() ? defaults(variants) : parse(spec.get(), variants);
        } catch (IllegalArgumentException e) {
            throw new DotbenchException(ExitCodes.USAGE, e.getMessage());
        }
    }

    /** Parses "stock:dot,system:stock"; both sides must be among {@code variants}. */
    public static List<Pairing> parse(String spec, List<String> variants) {
        List<Pairing> out = new ArrayList<>();
        for (String part : spec.split(",")) {
            String[] sides = part.trim().split(":");
            if (sides.length != 2 || sides[0].isBlank() || sides[1].isBlank() || sides[0].equals(sides[1])) {
                throw new IllegalArgumentException(
                        "a pair is BASELINE:CANDIDATE with two different variants, got '" + part + "'");
            }
            for (String side : sides) {
                if (!variants.contains(side)) {
                    throw new IllegalArgumentException("pair '" + part + "' names '" + side
                            + "', which is not among the variants run " + variants);
                }
            }
            out.add(new Pairing(sides[0], sides[1]));
        }
        return out;
    }
}
