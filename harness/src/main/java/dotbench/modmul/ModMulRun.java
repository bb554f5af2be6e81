package dotbench.modmul;

import com.google.gson.JsonObject;
import dotbench.bindings.Dot;
import dotbench.bindings.LibraryKind;
import dotbench.bindings.LibraryVariant;
import dotbench.bindings.Pmns;
import dotbench.bindings.VariantCatalog;
import dotbench.bindings.helper.ModmulLoops;
import dotbench.nativeloop.NativeHelper;
import dotbench.pipeline.Case;
import dotbench.pipeline.DotbenchException;
import dotbench.pipeline.ExitCodes;
import dotbench.pipeline.Outcome;
import dotbench.pipeline.RunResult;
import dotbench.pipeline.Suite;
import dotbench.pipeline.SuiteRun;
import dotbench.results.Provenance;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A modmul run: libdot, the stock libgmp and libcrypto and the native loops loaded; one case per size and s. */
final class ModMulRun implements SuiteRun<ModMulDetail> {
    static final String GMP = "gmp";
    static final String OPENSSL = "openssl";
    static final String PMNS_FULL = "pmns-full";
    static final String PMNS_TRUNC = "pmns-trunc";
    private static final List<String> GMP_FNS = List.of("__gmpn_mul_n", "__gmpn_redc_1", "__gmpn_sub_n");
    private static final List<String> OPENSSL_FNS = List.of(
            "BN_CTX_new",
            "BN_MONT_CTX_new",
            "BN_MONT_CTX_set",
            "BN_lebin2bn",
            "BN_bn2lebinpad",
            "BN_mod_mul_montgomery",
            "BN_free",
            "BN_MONT_CTX_free",
            "BN_CTX_free");

    private final Path root;
    private final Arena arena = Arena.ofShared();
    private final ModmulLoops loops;
    private final LibraryVariant dot;
    private final String pmnsIsa;
    private final Map<String, LibraryVariant> baselines = new LinkedHashMap<>();
    private final List<String> variants = new ArrayList<>();
    private final List<ModMulCase> cases = new ArrayList<>();
    private final Optional<String> planted;

    private ModMulRun(Path root, Optional<String> planted) {
        this.root = root;
        this.planted = planted;
        Path helper = root.resolve(NativeHelper.LIBRARY);
        VariantCatalog catalog = VariantCatalog.scan(root);
        if (!Files.isRegularFile(helper) || !catalog.dot().present()) {
            throw new DotbenchException(
                    ExitCodes.MISSING_BUILD, "modmul needs libdot and " + helper + ": run `make java`");
        }
        this.loops = new ModmulLoops(SymbolLookup.libraryLookup(helper, arena));
        this.dot = LibraryVariant.open(catalog.dot());
        this.pmnsIsa = Dot.of(dot).isa();
        load(catalog, LibraryKind.GMP, GMP);
        load(catalog, LibraryKind.OPENSSL, OPENSSL);
        variants.add(PMNS_FULL);
        variants.add(PMNS_TRUNC);
    }

    private void load(VariantCatalog catalog, LibraryKind kind, String name) {
        catalog.find(kind, "stock").filter(s -> s.present()).ifPresent(spec -> {
            baselines.put(name, LibraryVariant.open(spec));
            variants.add(name);
        });
    }

    static ModMulRun open(Suite.Context context, List<Integer> sizes, List<Integer> digits, Optional<String> planted) {
        ModMulRun run = new ModMulRun(context.root(), planted);
        for (String missing : List.of(GMP, OPENSSL)) {
            if (!run.variants.contains(missing)) {
                context.progress()
                        .accept("modmul: no stock " + missing + " build under build/: " + missing
                                + " is not run (make libs builds it)");
            }
        }
        context.progress()
                .accept("modmul: PMNS kernels of libdot's " + run.pmnsIsa + " variant"
                        + (run.pmnsIsa.equals("ifma")
                                ? " (AVX-512 IFMA)"
                                : " (the portable scalar reference: no IFMA on this CPU, or DOT_ISA chose it)"));
        for (int bits : sizes) {
            for (int s : digits) {
                Path file = context.root().resolve("dot/pmns/params/pmns-" + bits + "-s" + s + ".txt");
                run.cases.add(new ModMulCase(run, bits, s, file, coefficients(file)));
            }
        }
        return run;
    }

    /** n, from the parameter file's "n" line. */
    private static long coefficients(Path file) {
        try {
            return Files.readAllLines(file).stream()
                    .filter(l -> l.startsWith("n "))
                    .map(l -> Long.parseLong(l.substring(2).trim()))
                    .findFirst()
                    .orElseThrow(() -> new DotbenchException(ExitCodes.MISSING_BUILD, file + " has no 'n' line"));
        } catch (IOException | NumberFormatException e) {
            throw new DotbenchException(ExitCodes.MISSING_BUILD, "cannot read the PMNS parameter file " + file);
        }
    }

    Path root() {
        return root;
    }

    LibraryVariant dot() {
        return dot;
    }

    String pmnsIsa() {
        return pmnsIsa;
    }

    ModmulLoops loops() {
        return loops;
    }

    Optional<String> planted() {
        return planted;
    }

    /** A new native chain for {@code variant} on p, x, y (limbs in {@code scratch}). */
    MemorySegment newChain(
            String variant, Pmns pmns, MemorySegment p, MemorySegment x, MemorySegment y, Arena scratch) {
        long n = pmns.limbs();
        return switch (variant) {
            case GMP -> loops.newGmp(table(scratch, baselines.get(GMP), GMP_FNS), p, n, x, y);
            case OPENSSL -> loops.newOpenssl(table(scratch, baselines.get(OPENSSL), OPENSSL_FNS), p, n, x, y);
            default -> {
                String mul = variant.equals(PMNS_TRUNC) ? "dot_pmns_mul_trunc" : "dot_pmns_mul";
                MemorySegment fns = table(scratch, dot, List.of("dot_pmns_from_int", "dot_pmns_to_int", mul));
                yield loops.newPmns(fns, pmns.address(), n, pmns.words(), x, y);
            }
        };
    }

    private static MemorySegment table(Arena scratch, LibraryVariant library, List<String> names) {
        MemorySegment fns = scratch.allocate(ValueLayout.ADDRESS, names.size());
        for (int i = 0; i < names.size(); i++) {
            fns.setAtIndex(ValueLayout.ADDRESS, i, library.function(names.get(i)));
        }
        return fns;
    }

    @Override
    public List<String> variants() {
        return variants;
    }

    @Override
    public List<? extends Case<ModMulDetail>> cases() {
        return cases;
    }

    @Override
    public Optional<String> defaultPairs() {
        List<String> pairs = new ArrayList<>(List.of(PMNS_FULL + ":" + PMNS_TRUNC));
        if (variants.contains(GMP)) {
            pairs.add(GMP + ":" + PMNS_FULL);
            pairs.add(GMP + ":" + PMNS_TRUNC);
        }
        if (variants.contains(OPENSSL)) {
            pairs.add(OPENSSL + ":" + PMNS_FULL);
            pairs.add(OPENSSL + ":" + PMNS_TRUNC);
        }
        return Optional.of(String.join(",", pairs));
    }

    @Override
    public JsonObject provenance() {
        JsonObject o = new JsonObject();
        o.add("libdot", Provenance.libdot(root));
        return o;
    }

    @Override
    public String variantText(String variant, RunResult<ModMulDetail> result) {
        return ModMulFields.text(variant, result);
    }

    @Override
    public Map<String, String> settingsNotes() {
        return ModMulFields.settingsNotes();
    }

    @Override
    public JsonObject variant(String name) {
        return ModMulFields.variant(name, name.startsWith("pmns") ? dot : baselines.get(name), pmnsIsa);
    }

    @Override
    public void caseFields(Outcome<ModMulDetail> outcome, JsonObject test) {
        ModMulFields.caseFields(outcome, test);
    }

    @Override
    public void close() {
        baselines.values().forEach(LibraryVariant::close);
        dot.close();
        arena.close();
    }
}
