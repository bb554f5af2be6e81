package dotbench.speed;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** One family at one size, e.g. rsa2048 or ffdh3072; parsed from --algs. */
public record Algorithm(Family family, int bits) {
    public Algorithm {
        family.speedIndex(bits);
    }

    public String name() {
        return family.prefix() + bits;
    }

    /** The FFDH group name (RFC 7919) of an ffdh algorithm. */
    public String group() {
        if (family != Family.FFDH) {
            throw new IllegalStateException(name() + " is not an FFDH group");
        }
        return "ffdhe" + bits;
    }

    public static List<Algorithm> all() {
        List<Algorithm> out = new ArrayList<>();
        for (Family f : Family.values()) {
            f.sizes().forEach(b -> out.add(new Algorithm(f, b)));
        }
        return out;
    }

    /**
     * Parses "rsa2048,ffdh3072,dsa" (a family name alone means all its sizes, as in openssl
     * speed). Unknown names and sizes are errors that list what exists.
     */
    public static List<Algorithm> parse(String spec) {
        Set<Algorithm> out = new LinkedHashSet<>();
        for (String raw : spec.split(",")) {
            String token = raw.trim().toLowerCase(Locale.ROOT);
            if (token.isEmpty()) {
                continue;
            }
            out.addAll(parseOne(token));
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("--algs names no algorithm");
        }
        return List.copyOf(out);
    }

    private static List<Algorithm> parseOne(String token) {
        // longest prefix first: "rsakem2048" must not be read as rsa + "kem2048"
        Family[] byPrefixLength = Family.values().clone();
        Arrays.sort(byPrefixLength, (a, b) -> b.prefix().length() - a.prefix().length());
        for (Family f : byPrefixLength) {
            if (!token.startsWith(f.prefix())) {
                continue;
            }
            String size = token.substring(f.prefix().length());
            if (size.isEmpty()) {
                return f.sizes().stream().map(b -> new Algorithm(f, b)).toList();
            }
            if (!size.chars().allMatch(Character::isDigit) || size.length() > 6) {
                break;
            }
            int bits = Integer.parseInt(size);
            if (!f.sizes().contains(bits)) {
                throw new IllegalArgumentException("unknown size " + bits + " for " + f.prefix() + " in '" + token
                        + "'; " + f.prefix() + " sizes: "
                        + f.sizes().stream()
                                .map(String::valueOf)
                                .reduce((a, b) -> a + ", " + b)
                                .orElse(""));
            }
            return List.of(new Algorithm(f, bits));
        }
        throw new IllegalArgumentException(
                "unknown algorithm '" + token + "'; known: rsa, rsakem, ffdh, dsa, each alone (all sizes)"
                        + " or with a size, e.g. rsa2048, rsakem3072, ffdh4096, dsa1024");
    }
}
