package dotbench.cli;

import dotbench.bindings.Dot;
import dotbench.bindings.LibraryVariant;
import dotbench.bindings.VariantCatalog;
import dotbench.bindings.VariantSpec;
import dotbench.pipeline.DotbenchException;
import dotbench.pipeline.ExitCodes;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * libdot's environment variables, checked before a command loads any library: libdot (inside
 * libdot.so and the patched GMP and OpenSSL) aborts the whole process on a bad DOT_ISA,
 * DOT_CPU_DISABLE, DOT_CROSSOVER or DOT_BASECASE at its first call, which may come after a long
 * run. Here the same values are refused up front with exit 2 and the valid names, by the same
 * rules as libdot (dot/src/dispatch.c, cpu.c, crossover.c, basecase_window.c).
 */
final class LibdotEnvironment {
    private LibdotEnvironment() {}

    /** The names DOT_CPU_DISABLE takes (dot/src/cpu.c's disable_names). */
    static final List<String> CPU_FEATURES = List.of("sse42", "avx2", "avx512", "ifma", "adx");
    /** libdot's variants when no libdot.so is built to ask (dot/src/dispatch.c's names). */
    static final List<String> ISAS = List.of("scalar", "chain", "sse", "avx2", "avx512", "ifma");

    private static final String SIZE = "(max|[0-9]{1,19})";
    private static final Pattern CROSSOVER = Pattern.compile(
            SIZE + "|(add_n|sub_n|add_n_ct|sub_n_ct)=" + SIZE + "(,(add_n|sub_n|add_n_ct|sub_n_ct)=" + SIZE + ")*");

    /** Exit 2 naming the variable, the bad item and the valid ones when {@code env} holds a value libdot would abort on. */
    static void check(Map<String, String> env, Path root) {
        String disable = env.get("DOT_CPU_DISABLE");
        if (disable != null && !disable.isEmpty()) {
            for (String item : disable.split(",", -1)) {
                if (!CPU_FEATURES.contains(item)) {
                    throw usage("DOT_CPU_DISABLE=" + disable + ": '" + item + "' names no CPU feature; known: "
                            + String.join(", ", CPU_FEATURES) + " (comma-separated, exact names, no spaces)");
                }
            }
        }
        String crossover = env.get("DOT_CROSSOVER");
        if (crossover != null
                && !crossover.isEmpty()
                && !CROSSOVER.matcher(crossover).matches()) {
            throw usage("DOT_CROSSOVER=" + crossover + " is not N, max, or a list such as"
                    + " add_n=N,sub_n=N,add_n_ct=N,sub_n_ct=N (N a decimal limb count of up to 19 digits, or max)");
        }
        String basecase = env.get("DOT_BASECASE");
        if (basecase != null && !basecase.isEmpty() && !basecase.equals("off")) {
            checkBasecase(basecase);
        }
        String isa = env.get("DOT_ISA");
        if (isa != null && !isa.isEmpty()) {
            checkIsa(isa, disable, VariantCatalog.scan(root).dot());
        }
    }

    /** Smallest value of every DOT_BASECASE item but powm, and the largest of mul and sqr (dot.h). */
    static final int WINDOW_MIN = 12;

    static final int WINDOW_MAX = 64;

    /** The smallest modulus any dot_powm window starts at, in limbs (dot.h's DOT_POWM_MIN): the powm item's minimum. */
    static final int POWM_MIN = 7;

    /** The largest modulus dot_powm takes, in limbs (dot.h's DOT_POWM_MAX): the powm item's maximum. */
    static final int POWM_MAX = 64;

    /**
     * A DOT_BASECASE list: items mul, sqr (N or off), karatsuba_mul, karatsuba_sqr (N + 1 at most, or own), powm
     * (P or off) and powm4 (on or off: the 4-limb exponentiation).
     */
    private static void checkBasecase(String value) {
        for (String item : value.split(",", -1)) {
            int eq = item.indexOf('=');
            String key = eq < 0 ? item : item.substring(0, eq);
            String v = eq < 0 ? "" : item.substring(eq + 1);
            boolean window = key.equals("mul") || key.equals("sqr");
            boolean karatsuba = key.equals("karatsuba_mul") || key.equals("karatsuba_sqr");
            boolean powm = key.equals("powm");
            int min = powm ? POWM_MIN : WINDOW_MIN;
            int max = window ? WINDOW_MAX : powm ? POWM_MAX : WINDOW_MAX + 1;
            boolean ok = eq >= 0
                    && (key.equals("powm4")
                            ? v.equals("on") || v.equals("off")
                            : (window || karatsuba || powm)
                                    && (v.equals(karatsuba ? "own" : "off") || inRange(v, min, max)));
            if (!ok) {
                throw usage("DOT_BASECASE=" + value + ": '" + item + "' is not one of mul=N, sqr=N (N from "
                        + WINDOW_MIN + " to " + WINDOW_MAX + ", or off), karatsuba_mul=K, karatsuba_sqr=K (K from "
                        + WINDOW_MIN + " to " + (WINDOW_MAX + 1) + ", or own), powm=P (P from " + POWM_MIN
                        + " to " + POWM_MAX + ", or off), powm4=on or powm4=off; or the whole value off");
            }
        }
    }

    private static boolean inRange(String v, int min, int max) {
        if (!v.matches("[0-9]+")) {
            return false;
        }
        java.math.BigInteger n = new java.math.BigInteger(v);
        return n.compareTo(java.math.BigInteger.valueOf(min)) >= 0
                && n.compareTo(java.math.BigInteger.valueOf(max)) <= 0;
    }

    private static void checkIsa(String isa, String disable, VariantSpec libdot) {
        if (!libdot.present()) {
            if (!ISAS.contains(isa)) {
                throw unknownIsa(isa, ISAS);
            }
            return;
        }
        try (LibraryVariant v = LibraryVariant.open(libdot)) {
            Dot dot = Dot.of(v);
            List<String> names = dot.isaNames();
            if (!names.contains(isa)) {
                throw unknownIsa(isa, names);
            }
            if (!dot.isaSupported(isa)) {
                throw usage("DOT_ISA=" + isa + ": this CPU (or OS"
                        + (disable == null || disable.isEmpty() ? "" : ", with DOT_CPU_DISABLE=" + disable)
                        + ") cannot run it; runnable here: "
                        + String.join(
                                ", ", names.stream().filter(dot::isaSupported).toList()));
            }
        } catch (IllegalArgumentException e) {
            throw new DotbenchException(ExitCodes.MISSING_BUILD, e.getMessage(), e);
        }
    }

    private static DotbenchException unknownIsa(String isa, List<String> names) {
        return usage("DOT_ISA=" + isa + " names no libdot variant; known: " + String.join(", ", names));
    }

    private static DotbenchException usage(String message) {
        return new DotbenchException(ExitCodes.USAGE, message);
    }
}
