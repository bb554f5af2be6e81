package dotbench.speed;

import dotbench.pipeline.Outcome;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * openssl speed -mr's summary lines for one variant (apps/speed.c, 3.5): "+F2:idx:bits:sign/s:
 * verify/s:encr/s:decr/s", "+F3:idx:bits:sign/s:verify/s", "+F8:idx:bits:op/s:s/op" (FFDH
 * derive) and "+F9:idx:keygen/s:encaps/s:decaps/s" (RSA-KEM; speed lists the RSA KEMs first, so
 * idx is the RSA size's index). Rates are ops per user CPU second, as speed's default, printed
 * with C's %f. An operation that was not timed prints 0 (speed's value for a test it did not
 * run); one that failed its checks prints -1 (speed counts a failed loop as -1).
 */
public final class MrFormat {
    private MrFormat() {}

    /** The +F lines of {@code variant}, families in speed's print order (RSA, DSA, FFDH, KEM), sizes ascending. */
    public static List<String> lines(String variant, List<Outcome<SpeedDetail>> outcomes) {
        Map<Algorithm, Map<Operation, Double>> rates = new LinkedHashMap<>();
        for (Outcome<SpeedDetail> o : outcomes) {
            SpeedTest t = o.detail().test();
            rates.computeIfAbsent(t.algorithm(), a -> new LinkedHashMap<>()).put(t.operation(), rate(variant, o));
        }
        List<String> out = new ArrayList<>();
        for (Family f : List.of(Family.RSA, Family.DSA, Family.FFDH, Family.RSA_KEM)) {
            for (int bits : f.sizes()) {
                Map<Operation, Double> r = rates.get(new Algorithm(f, bits));
                if (r != null) {
                    out.add(line(new Algorithm(f, bits), r));
                }
            }
        }
        return out;
    }

    static String line(Algorithm a, Map<Operation, Double> r) {
        int idx = a.family().speedIndex(a.bits());
        return switch (a.family()) {
            case RSA ->
                String.format(
                        Locale.ROOT,
                        "+F2:%d:%d:%f:%f:%f:%f",
                        idx,
                        a.bits(),
                        get(r, Operation.SIGN),
                        get(r, Operation.VERIFY),
                        get(r, Operation.ENCRYPT),
                        get(r, Operation.DECRYPT));
            case DSA ->
                String.format(
                        Locale.ROOT,
                        "+F3:%d:%d:%f:%f",
                        idx,
                        a.bits(),
                        get(r, Operation.SIGN),
                        get(r, Operation.VERIFY));
            case FFDH -> {
                double d = get(r, Operation.DERIVE);
                yield String.format(Locale.ROOT, "+F8:%d:%d:%f:%f", idx, a.bits(), d, 1.0 / d);
            }
            case RSA_KEM ->
                String.format(
                        Locale.ROOT,
                        "+F9:%d:%f:%f:%f",
                        idx,
                        get(r, Operation.KEYGEN),
                        get(r, Operation.ENCAPS),
                        get(r, Operation.DECAPS));
        };
    }

    private static double get(Map<Operation, Double> r, Operation op) {
        return r.getOrDefault(op, 0.0);
    }

    private static double rate(String variant, Outcome<SpeedDetail> o) {
        if (o.failed().containsKey(variant)) {
            return -1;
        }
        return o.measured(variant)
                ? o.measurement().orElseThrow().total(variant).opsPerUserSecond()
                : 0;
    }

    /** Parses "+F2:..." / "+F8:..." lines (ours or openssl speed's) into test name to ops/s. */
    public static Map<String, Double> parse(List<String> lines) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (String raw : lines) {
            String line = raw.trim();
            String[] f = line.split(":");
            try {
                switch (f[0]) {
                    case "+F2" -> {
                        String rsa = "rsa" + Integer.parseInt(f[2]);
                        out.put(rsa + " sign", Double.parseDouble(f[3]));
                        out.put(rsa + " verify", Double.parseDouble(f[4]));
                        if (f.length > 6) { // speed before 3.2 prints sign and verify only
                            out.put(rsa + " encrypt", Double.parseDouble(f[5]));
                            out.put(rsa + " decrypt", Double.parseDouble(f[6]));
                        }
                    }
                    case "+F3" -> {
                        String dsa = "dsa" + Integer.parseInt(f[2]);
                        out.put(dsa + " sign", Double.parseDouble(f[3]));
                        out.put(dsa + " verify", Double.parseDouble(f[4]));
                    }
                    case "+F8" -> out.put("ffdh" + Integer.parseInt(f[2]) + " derive", Double.parseDouble(f[3]));
                    default -> {
                        // other families (+F9's index depends on speed's runtime KEM list) are not read back
                    }
                }
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("cannot parse -mr line '" + line + "'", e);
            }
        }
        return out;
    }
}
