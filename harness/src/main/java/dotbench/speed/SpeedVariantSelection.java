package dotbench.speed;

import dotbench.bindings.LibraryKind;
import dotbench.bindings.VariantCatalog;
import dotbench.bindings.VariantSpec;
import java.util.ArrayList;
import java.util.List;

/** Turns --variants into libcrypto variant specs, with errors a user can act on. */
public final class SpeedVariantSelection {
    /** The variant matrix's OpenSSL builds, in the order pairs and tables list them. */
    public static final List<String> MATRIX = List.of("stock", "dot", "stock-noasm", "dot-noasm");

    /** A named variant that belongs to the matrix but is not built (the CLI maps it to "missing build"). */
    public static final class NotBuilt extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NotBuilt(String message) {
            super(message);
        }
    }

    private SpeedVariantSelection() {
    }

    /** @param spec the --variants value, or null for every built matrix variant */
    public static List<VariantSpec> resolve(VariantCatalog catalog, String spec) {
        if (spec == null) {
            List<VariantSpec> built = new ArrayList<>();
            MATRIX.forEach(n -> catalog.find(LibraryKind.OPENSSL, n).ifPresent(built::add));
            catalog.built(LibraryKind.OPENSSL).stream().filter(v -> !MATRIX.contains(v.name())).forEach(built::add);
            if (built.isEmpty()) {
                throw new NotBuilt("no OpenSSL variants under " + catalog.root().resolve("build/openssl")
                        + " (expected stock, dot, stock-noasm, dot-noasm with lib/libcrypto.so). Build them with `make libs`;"
                        + " to time the system's libcrypto instead, ask for it: --variants system");
            }
            return built;
        }
        List<VariantSpec> out = new ArrayList<>();
        for (String raw : spec.split(",")) {
            String name = raw.trim();
            if (name.isEmpty()) {
                continue;
            }
            if (out.stream().anyMatch(v -> v.name().equals(name))) {
                throw new IllegalArgumentException("variant '" + name + "' is named twice");
            }
            var found = catalog.find(LibraryKind.OPENSSL, name);
            if (found.isPresent()) {
                out.add(found.get());
            } else if (MATRIX.contains(name)) {
                throw new NotBuilt("OpenSSL variant '" + name + "' is not built: " + catalog.root().resolve("build/openssl/" + name + "/lib/libcrypto.so")
                        + " does not exist (run `make libs`)");
            } else {
                List<String> known = new ArrayList<>(MATRIX);
                catalog.of(LibraryKind.OPENSSL).forEach(v -> {
                    if (!known.contains(v.name())) {
                        known.add(v.name());
                    }
                });
                throw new IllegalArgumentException("unknown OpenSSL variant '" + name + "'; known: " + String.join(", ", known));
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("--variants names no variant");
        }
        return out;
    }

    /** The quick profile's algorithms: one size per family plus RSA 4096 (an IFMA size) and no slow keygens. */
    public static List<Algorithm> quickAlgorithms() {
        return Algorithm.parse("rsa2048,rsa4096,rsakem2048,ffdh2048,dsa2048");
    }
}
