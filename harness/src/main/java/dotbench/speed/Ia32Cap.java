package dotbench.speed;

import dotbench.bindings.CEnvironment;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * OPENSSL_ia32cap masks for --ia32cap: one for every variant ("MASK") and/or per variant
 * ("NAME=MASK"). libcrypto reads the variable once, in OPENSSL_cpuid_setup, which its .init
 * section runs when the library is loaded; so the mask is put into this process's C environment
 * (libc setenv: Java's own view of the environment is a copy taken at startup) just before that
 * variant is loaded, and the previous value is put back after. Each variant then keeps the
 * vector it computed at its own load, which OPENSSL_info(OPENSSL_INFO_CPU_SETTINGS) reports.
 */
public final class Ia32Cap {
    public static final String VARIABLE = "OPENSSL_ia32cap";
    /** Up to five colon-separated logical vectors, each empty or [~]number (0x hex or decimal), as cpuid.c parses them. */
    private static final Pattern MASK = Pattern.compile(
            "(~?(0[xX][0-9a-fA-F]{1,16}|[0-9]{1,20}))?(:(~?(0[xX][0-9a-fA-F]{1,16}|[0-9]{1,20}))?){0,4}");

    private final Optional<String> all;
    private final Map<String, String> perVariant;

    private Ia32Cap(Optional<String> all, Map<String, String> perVariant) {
        this.all = all;
        this.perVariant = Map.copyOf(perVariant);
    }

    public static Ia32Cap none() {
        return new Ia32Cap(Optional.empty(), Map.of());
    }

    /** Parses the --ia32cap values; a bad mask or a variant named twice is an IllegalArgumentException. */
    public static Ia32Cap parse(Iterable<String> values) {
        Optional<String> all = Optional.empty();
        Map<String, String> per = new LinkedHashMap<>();
        for (String v : values) {
            int eq = v.indexOf('=');
            String name = eq < 0 ? null : v.substring(0, eq).trim();
            String mask = (eq < 0 ? v : v.substring(eq + 1)).trim();
            if (mask.isEmpty() || !MASK.matcher(mask).matches()) {
                throw new IllegalArgumentException(
                        "bad OPENSSL_ia32cap mask '" + mask + "': expected up to five ':'-separated"
                                + " vectors, each [~]0xHEX or [~]DECIMAL, e.g. '~0x0:~0x200000:~0x80000000000000:~0x0:~0x0'");
            }
            checkNumbers(mask);
            if (name == null) {
                if (all.isPresent()) {
                    throw new IllegalArgumentException("--ia32cap without a variant name given twice");
                }
                all = Optional.of(mask);
            } else if (name.isEmpty() || per.put(name, mask) != null) {
                throw new IllegalArgumentException("--ia32cap " + v + ": "
                        + (name.isEmpty() ? "empty variant name" : "variant '" + name + "' given twice"));
            }
        }
        return new Ia32Cap(all, per);
    }

    /**
     * What OpenSSL's ossl_strtouint64 would read differently from what was written: it takes a
     * leading 0 as octal (0789 reads as 7, stopping at the 8) and wraps a number past 64 bits.
     * Such a vector is refused rather than passed on to mean something else.
     */
    private static void checkNumbers(String mask) {
        for (String vector : mask.split(":", -1)) {
            String n = vector.startsWith("~") ? vector.substring(1) : vector;
            if (n.isEmpty() || n.startsWith("0x") || n.startsWith("0X")) {
                continue;
            }
            if (n.length() > 1 && n.startsWith("0")) {
                throw new IllegalArgumentException("OPENSSL_ia32cap vector '" + vector
                        + "' has a leading 0, which OpenSSL reads as octal; write it in hex (0x...) or"
                        + " without the leading 0");
            }
            if (new BigInteger(n).bitLength() > 64) {
                throw new IllegalArgumentException(
                        "OPENSSL_ia32cap vector '" + vector
                                + "' does not fit in 64 bits (OpenSSL would wrap it silently); the largest is 18446744073709551615");
            }
        }
    }

    /** The mask a variant is loaded with, if any. */
    public Optional<String> maskFor(String variant) {
        return Optional.ofNullable(perVariant.get(variant)).or(() -> all);
    }

    public Map<String, String> perVariant() {
        return perVariant;
    }

    /** Runs {@code load} with OPENSSL_ia32cap set to {@code mask} (or as inherited, when empty) in the C environment. */
    public static <T> T withMask(Optional<String> mask, Supplier<T> load) {
        if (mask.isEmpty()) {
            return load.get();
        }
        Optional<String> previous = Optional.ofNullable(System.getenv(VARIABLE));
        CEnvironment.set(VARIABLE, mask.get());
        try {
            return load.get();
        } finally {
            if (previous.isPresent()) {
                CEnvironment.set(VARIABLE, previous.get());
            } else {
                CEnvironment.unset(VARIABLE);
            }
        }
    }
}
