package dotbench.cli;

import dotbench.bindings.LibraryKind;
import dotbench.bindings.VariantCatalog;
import dotbench.bindings.VariantSpec;
import java.util.ArrayList;
import java.util.List;

/** Turns --variants into GMP variant specs, with the errors a user can act on. */
final class GmpVariantSelection {
    /** The variant matrix's GMP builds, in the order A/B pairs and tables list them. */
    static final List<String> MATRIX = List.of("stock", "dot", "stock-noasm", "dot-noasm");

    private GmpVariantSelection() {
    }

    static List<VariantSpec> resolve(VariantCatalog catalog, String spec) {
        if (spec == null) {
            return defaults(catalog);
        }
        List<VariantSpec> out = new ArrayList<>();
        for (String raw : spec.split(",")) {
            String name = raw.trim();
            if (name.isEmpty()) {
                continue;
            }
            if (out.stream().anyMatch(v -> v.name().equals(name))) {
                throw new DotbenchException(ExitCodes.USAGE, "variant '" + name + "' is named twice");
            }
            var found = catalog.find(LibraryKind.GMP, name);
            if (found.isPresent()) {
                out.add(found.get());
            } else if (MATRIX.contains(name)) {
                throw new DotbenchException(ExitCodes.MISSING_BUILD, "GMP variant '" + name + "' is not built: "
                        + catalog.root().resolve("build/gmp/" + name + "/lib/libgmp.so") + " does not exist (run `make libs`)");
            } else {
                throw new DotbenchException(ExitCodes.USAGE, "unknown GMP variant '" + name + "'; known: "
                        + String.join(", ", known(catalog)));
            }
        }
        if (out.isEmpty()) {
            throw new DotbenchException(ExitCodes.USAGE, "--variants names no variant");
        }
        return out;
    }

    /** The built matrix variants; none built is an error rather than a silent fallback to the system GMP. */
    private static List<VariantSpec> defaults(VariantCatalog catalog) {
        List<VariantSpec> built = new ArrayList<>();
        for (String name : MATRIX) {
            catalog.find(LibraryKind.GMP, name).ifPresent(built::add);
        }
        catalog.built(LibraryKind.GMP).stream().filter(v -> !MATRIX.contains(v.name())).forEach(built::add);
        if (built.isEmpty()) {
            throw new DotbenchException(ExitCodes.MISSING_BUILD, "no GMP variants under " + catalog.root().resolve("build/gmp")
                    + " (expected stock, dot, stock-noasm, dot-noasm with lib/libgmp.so). Build them with `make libs`;"
                    + " to time the system's GMP instead, ask for it: --variants system");
        }
        return built;
    }

    private static List<String> known(VariantCatalog catalog) {
        List<String> names = new ArrayList<>(MATRIX);
        catalog.of(LibraryKind.GMP).forEach(v -> {
            if (!names.contains(v.name())) {
                names.add(v.name());
            }
        });
        return names;
    }
}
