package dotbench.pipeline;

import dotbench.bindings.LibraryKind;
import dotbench.bindings.VariantCatalog;
import dotbench.bindings.VariantSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Turns --variants into the variant specs of one library kind (GMP: libgmp builds; OpenSSL:
 * libcrypto builds), with errors a user can act on: a matrix variant that is not built is exit 3,
 * an unknown name is a usage error listing the known ones. NAME~copy is a byte copy of NAME's
 * library, loaded as a library of its own: timed against NAME, an A/A control. NAME~shift is the
 * layout control, NAME relinked with its code at other addresses (make libs-shift): timed
 * against NAME, it shows what code placement alone moves. Controls run only when named.
 */
public final class VariantSelection {
    /** The variant matrix's builds of every kind, in the order A/B pairs and tables list them. */
    public static final List<String> MATRIX = List.of("stock", "dot", "stock-noasm", "dot-noasm");

    private final VariantCatalog catalog;
    private final LibraryKind kind;
    private final String label;
    private final String folder;

    /** @param label the kind as messages name it ("GMP"); @param folder its builds' folder under build/ ("gmp") */
    public VariantSelection(VariantCatalog catalog, LibraryKind kind, String label, String folder) {
        this.catalog = catalog;
        this.kind = kind;
        this.label = label;
        this.folder = folder;
    }

    /** @param spec the --variants value; empty for every built variant */
    public List<VariantSpec> resolve(Optional<String> spec) {
        if (spec.isEmpty()) {
            return defaults();
        }
        List<VariantSpec> out = new ArrayList<>();
        for (String raw : spec.get().split(",")) {
            String name = raw.trim();
            if (name.isEmpty()) {
                continue;
            }
            if (out.stream().anyMatch(v -> v.name().equals(name))) {
                throw new DotbenchException(ExitCodes.USAGE, "variant '" + name + "' is named twice");
            }
            if (name.endsWith(VariantSpec.COPY)) {
                out.add(copyOf(name));
            } else if (name.endsWith(VariantSpec.SHIFT)) {
                out.add(catalog.find(kind, name).orElseThrow(() -> missingShift(name)));
            } else {
                out.add(catalog.find(kind, name).orElseThrow(() -> missing(name)));
            }
        }
        if (out.isEmpty()) {
            throw new DotbenchException(ExitCodes.USAGE, "--variants names no variant");
        }
        return out;
    }

    /** Whether the pair is an A/A control: the candidate a byte copy of the baseline. */
    public static boolean isControl(Pairing pair) {
        return pair.candidate().equals(pair.baseline() + VariantSpec.COPY);
    }

    /** Whether the pair is a layout control: the candidate the baseline's code at other addresses. */
    public static boolean isLayoutControl(Pairing pair) {
        return pair.candidate().equals(pair.baseline() + VariantSpec.SHIFT);
    }

    private DotbenchException missingShift(String name) {
        String original = VariantSpec.originalOf(name);
        if (!original.equals("stock")) {
            return new DotbenchException(
                    ExitCodes.USAGE,
                    "no layout control '" + name + "': the one made is stock~shift (`make libs-" + folder + "-shift`)");
        }
        return new DotbenchException(
                ExitCodes.MISSING_BUILD,
                "layout control '" + name + "' is not built: "
                        + catalog.root().resolve("build/" + folder + "/" + name + "/lib/" + kind.fileName())
                        + " does not exist (run `make libs-" + folder + "-shift`)");
    }

    /**
     * NAME~copy: NAME's library copied byte for byte into a temporary folder (removed when the JVM
     * exits) and loaded from there, so the loader maps it as a second library. It runs the same code
     * as NAME; against NAME its intervals exclude 1 only by chance, and how often they do says how
     * far this machine's noise is from what the intervals assume (RatioTable counts it).
     */
    private VariantSpec copyOf(String name) {
        String original = VariantSpec.originalOf(name);
        VariantSpec of = catalog.find(kind, original).orElseThrow(() -> missing(original));
        try {
            Path dir = Files.createTempDirectory("dotbench-" + name.replace('~', '-'));
            dir.toFile().deleteOnExit(); // registered first: deleted after the file in it
            Path copy = dir.resolve(of.library().getFileName());
            Files.copy(of.library(), copy);
            copy.toFile().deleteOnExit();
            return new VariantSpec(name, kind, copy, of.include(), of.manifest());
        } catch (IOException e) {
            throw new DotbenchException(
                    ExitCodes.IO_ERROR, "cannot copy " + of.library() + " for " + name + ": " + e.getMessage(), e);
        }
    }

    private DotbenchException missing(String name) {
        if (MATRIX.contains(name)) {
            return new DotbenchException(
                    ExitCodes.MISSING_BUILD,
                    label + " variant '" + name + "' is not built: "
                            + catalog.root().resolve("build/" + folder + "/" + name + "/lib/" + kind.fileName())
                            + " does not exist (run `make libs`)");
        }
        List<String> known = new ArrayList<>(MATRIX);
        catalog.of(kind).stream()
                .map(VariantSpec::name)
                .filter(n -> !known.contains(n))
                .forEach(known::add);
        return new DotbenchException(
                ExitCodes.USAGE, "unknown " + label + " variant '" + name + "'; known: " + String.join(", ", known));
    }

    /**
     * The built matrix variants, then any other built ones but controls (they run when named); none
     * is an error, never a quiet fallback to the system's.
     */
    private List<VariantSpec> defaults() {
        List<VariantSpec> built = new ArrayList<>();
        MATRIX.forEach(n -> catalog.find(kind, n).ifPresent(built::add));
        catalog.built(kind).stream()
                .filter(v -> !MATRIX.contains(v.name()) && !VariantSpec.isControl(v.name()))
                .forEach(built::add);
        if (built.isEmpty()) {
            throw new DotbenchException(
                    ExitCodes.MISSING_BUILD,
                    "no " + label + " variants under "
                            + catalog.root().resolve("build/" + folder)
                            + " (expected stock, dot, stock-noasm, dot-noasm with lib/"
                            + kind.fileName()
                            + "). Build them with `make libs`; to time the system's library instead, ask for it:"
                            + " --variants system");
        }
        return built;
    }
}
