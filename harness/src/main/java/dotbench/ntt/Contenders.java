package dotbench.ntt;

import com.google.gson.JsonObject;
import dotbench.bindings.Gmp;
import dotbench.bindings.LibraryKind;
import dotbench.bindings.LibraryVariant;
import dotbench.bindings.VariantCatalog;
import dotbench.bindings.VariantSpec;
import dotbench.bindings.helper.NttLoops;
import dotbench.pipeline.DotbenchException;
import dotbench.pipeline.ExitCodes;
import dotbench.pipeline.VariantSelection;
import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The suite's contenders, loaded: GMP builds ("gmp-" + the build's name: gmp-stock, gmp-dot, ...)
 * first, then libdot's NTT variants ("ntt-" + the variant: ntt-ifma, ntt-avx2, ntt-scalar), all
 * called through the native helper's timed loop.
 */
final class Contenders implements AutoCloseable {
    static final String HELPER = "build/harness/libdotbench_ntt.so";
    static final String GMP_PREFIX = "gmp-";
    static final String NTT_PREFIX = "ntt-";
    /** The NTT variants run by default, when this CPU runs them. */
    static final List<String> DEFAULT_NTT = List.of("ifma", "avx2");

    private final Arena arena;
    private final NttLoops loops;
    private final List<LibraryVariant> gmps;
    private final List<Contender> list;
    private final Path helper;

    private Contenders(Arena arena, NttLoops loops, List<LibraryVariant> gmps, List<Contender> list, Path helper) {
        this.arena = arena;
        this.loops = loops;
        this.gmps = gmps;
        this.list = list;
        this.helper = helper;
    }

    static Contenders open(Path root, Optional<String> spec, List<String> planted, Consumer<String> progress) {
        List<String> gmpNames = new ArrayList<>();
        List<String> nttNames = new ArrayList<>();
        if (spec.isPresent()) {
            for (String raw : spec.get().split(",")) {
                String name = raw.trim();
                if (name.startsWith(GMP_PREFIX)) {
                    gmpNames.add(name.substring(GMP_PREFIX.length()));
                } else if (name.startsWith(NTT_PREFIX) && !nttNames.contains(name.substring(NTT_PREFIX.length()))) {
                    nttNames.add(name.substring(NTT_PREFIX.length()));
                } else if (!name.isEmpty()) {
                    throw new DotbenchException(
                            ExitCodes.USAGE,
                            "unknown ntt variant '" + name + "' (or named twice); known: gmp-BUILD (gmp-stock, gmp-dot,"
                                    + " gmp-stock-noasm, gmp-dot-noasm) and ntt-ifma, ntt-avx2, ntt-scalar");
                }
            }
            if (gmpNames.isEmpty()) {
                throw new DotbenchException(
                        ExitCodes.USAGE,
                        "--variants must name a GMP build (e.g. gmp-stock): the baseline of the ratios");
            }
        }
        Path helper = root.resolve(HELPER);
        if (!Files.isRegularFile(helper)) {
            throw new DotbenchException(
                    ExitCodes.MISSING_BUILD,
                    helper + " is missing: run `make java` (it builds the NTT suite's helper)");
        }
        List<VariantSpec> specs = new VariantSelection(VariantCatalog.scan(root), LibraryKind.GMP, "GMP", "gmp")
                .resolve(spec.isPresent() ? Optional.of(String.join(",", gmpNames)) : Optional.of(defaultGmp(root)));
        Arena arena = Arena.ofShared();
        NttLoops loops = new NttLoops(SymbolLookup.libraryLookup(helper, arena));
        List<String> ntts;
        try {
            ntts = nttVariants(loops, spec.isPresent() ? nttNames : DEFAULT_NTT, spec.isPresent(), progress);
        } catch (DotbenchException e) {
            arena.close();
            throw e;
        }
        List<LibraryVariant> gmps = new ArrayList<>();
        List<Contender> list = new ArrayList<>();
        try {
            for (VariantSpec s : specs) {
                LibraryVariant v = LibraryVariant.open(s);
                gmps.add(v);
                JsonObject info = new JsonObject();
                info.addProperty("name", GMP_PREFIX + s.name());
                info.addProperty("library", "gmp");
                info.addProperty("path", s.library().toString());
                info.addProperty("version", Gmp.of(v).version());
                info.addProperty("modified", s.patched());
                info.addProperty("functions", "__gmpn_mul (products), __gmpn_sqr (squares)");
                v.marker().ifPresent(m -> info.addProperty("marker", m));
                list.add(
                        new Contender(GMP_PREFIX + s.name(), v.function("__gmpn_mul"), v.function("__gmpn_sqr"), info));
            }
        } catch (IllegalArgumentException | UnsatisfiedLinkError e) {
            gmps.forEach(LibraryVariant::close);
            arena.close();
            throw new DotbenchException(ExitCodes.MISSING_BUILD, e.getMessage(), e);
        }
        for (String v : ntts) {
            list.add(ntt(
                    loops,
                    v,
                    "libdot's " + v + " NTT product (ntt_mul_with/ntt_sqr_with on ntt_" + v + "_ops,"
                            + " what dot_ntt_mul and dot_ntt_sqr run when dot_isa() selects it)",
                    helper));
        }
        for (String p : planted) {
            list.add(ntt(loops, p, "a planted control: products made wrong on purpose", helper));
        }
        return new Contenders(arena, loops, gmps, list, helper);
    }

    /** The NTT variants to run: named ones must exist and run here; default ones are skipped, with a line, where not. */
    private static List<String> nttVariants(
            NttLoops loops, List<String> wanted, boolean named, Consumer<String> progress) {
        List<String> out = new ArrayList<>();
        for (String v : wanted) {
            if (!loops.variants().contains(v)) {
                throw new DotbenchException(
                        ExitCodes.USAGE,
                        "unknown NTT variant 'ntt-" + v + "'; known: ntt-" + String.join(", ntt-", loops.variants()));
            }
            if (loops.runs(v)) {
                out.add(v);
                continue;
            }
            String lacks =
                    "this CPU (or DOT_CPU_DISABLE) lacks " + (v.equals("ifma") ? "AVX-512 IFMA" : "AVX2 with FMA");
            if (named) {
                throw new DotbenchException(ExitCodes.USAGE, "ntt-" + v + " cannot run here: " + lacks);
            }
            progress.accept("ntt-" + v + " skipped: " + lacks);
        }
        return out;
    }

    private static Contender ntt(NttLoops loops, String variant, String what, Path helper) {
        JsonObject info = new JsonObject();
        info.addProperty("name", NTT_PREFIX + variant);
        info.addProperty("library", "libdot");
        info.addProperty("path", helper.toString());
        info.addProperty("modified", false);
        info.addProperty("ntt_variant", variant);
        info.addProperty("what", what);
        return new Contender(
                NTT_PREFIX + variant,
                loops.kernel(variant, NttLoops.SHAPE_MUL).orElseThrow(),
                loops.kernel(variant, NttLoops.SHAPE_SQR).orElseThrow(),
                info);
    }

    /** stock and dot where built; any other built GMP if neither is. */
    private static String defaultGmp(Path root) {
        VariantCatalog catalog = VariantCatalog.scan(root);
        List<String> built = new ArrayList<>();
        for (String n : List.of("stock", "dot")) {
            catalog.find(LibraryKind.GMP, n).ifPresent(s -> built.add(n));
        }
        if (built.isEmpty()) {
            catalog.built(LibraryKind.GMP).stream().findFirst().ifPresent(s -> built.add(s.name()));
        }
        if (built.isEmpty()) {
            throw new DotbenchException(
                    ExitCodes.MISSING_BUILD,
                    "no GMP build under " + root.resolve("build/gmp") + " (run `make libs`): the NTT suite's baseline");
        }
        return String.join(",", built);
    }

    List<Contender> list() {
        return list;
    }

    List<String> names() {
        return list.stream().map(Contender::name).toList();
    }

    NttLoops loops() {
        return loops;
    }

    Path helper() {
        return helper;
    }

    @Override
    public void close() {
        gmps.forEach(LibraryVariant::close);
        arena.close();
    }
}
