package dotbench.gmpbench;

import dotbench.bindings.Gmp;
import dotbench.bindings.LibraryKind;
import dotbench.bindings.LibraryVariant;
import dotbench.bindings.VariantCatalog;
import dotbench.bindings.VariantSpec;
import dotbench.nativeloop.NativeHelper;
import dotbench.pipeline.BatchTime;
import dotbench.pipeline.DotbenchException;
import dotbench.pipeline.ExitCodes;
import dotbench.pipeline.FidelityCheck;
import dotbench.pipeline.Schedule;
import dotbench.pipeline.Settings;
import dotbench.pipeline.Suite;
import dotbench.pipeline.SuiteRun;
import dotbench.pipeline.VariantSelection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The GMPbench-style suite: GMPbench 0.2's 39 tests on each GMP variant, timed in calibrated batches. */
public final class GmpBench implements Suite<TestDetail> {
    /** gmpbench's own options. */
    public static final class Options {
        @Option(
                names = "--tests",
                paramLabel = "TEST[,TEST...]",
                description = "Tests (e.g. 'multiply(128,128)') or programs (multiply, divide, gcd, gcdext, rsa, pi)."
                        + " Default: all 39.")
        String tests;

        @Mixin
        BatchTime batchTime = new BatchTime();
    }

    private final Options options = new Options();

    @Override
    public String name() {
        return "gmpbench";
    }

    @Override
    public String description() {
        return "GMPbench 0.2's 39 tests on each GMP variant (stock, dot, stock-noasm, dot-noasm under build/gmp, or system),"
                + " A/B interleaved; GMPbench-style scores, ratio tables, JSON results. Quick profile: 50 ms batches,"
                + " 5 samples (default: 250 ms, 11).";
    }

    @Override
    public Object options() {
        return options;
    }

    @Override
    public Settings settings(boolean quick) {
        return options.batchTime.settings(quick, Duration.ofMillis(50), Duration.ofMillis(250));
    }

    /** The tests --tests names (all by default); an unknown name is a usage error. */
    List<GmpBenchTest> tests() {
        try {
            return options.tests == null ? GmpBenchSuite.all() : GmpBenchSuite.select(options.tests);
        } catch (IllegalArgumentException e) {
            throw new DotbenchException(ExitCodes.USAGE, e.getMessage());
        }
    }

    /** The GMP variants --variants names, with the errors a user can act on. */
    static List<VariantSpec> variants(Context context) {
        return new VariantSelection(VariantCatalog.scan(context.root()), LibraryKind.GMP, "GMP", "gmp")
                .resolve(context.variants());
    }

    @Override
    public SuiteRun<TestDetail> open(Context context) {
        List<GmpBenchTest> tests = tests();
        List<VariantSpec> specs = variants(context);
        NativeHelper helper;
        try {
            helper = NativeHelper.load(context.root());
        } catch (IllegalStateException e) {
            throw new DotbenchException(ExitCodes.MISSING_BUILD, e.getMessage(), e);
        }
        List<LibraryVariant> loaded = new ArrayList<>();
        Map<String, Gmp> gmps = new LinkedHashMap<>();
        try {
            for (VariantSpec s : specs) {
                LibraryVariant v = LibraryVariant.open(s);
                loaded.add(v);
                gmps.put(s.name(), Gmp.of(v));
            }
        } catch (IllegalArgumentException e) {
            loaded.forEach(LibraryVariant::close);
            helper.close();
            throw new DotbenchException(ExitCodes.MISSING_BUILD, e.getMessage(), e);
        }
        Settings s = context.settings();
        context.progress()
                .accept(String.format(
                        "gmpbench: %d tests x %d variants (%s), %s profile: %d samples of >= %d ms each",
                        tests.size(),
                        gmps.size(),
                        String.join(", ", gmps.keySet()),
                        s.quick() ? "quick" : "full",
                        s.samples(),
                        ((Schedule.Batches) s.schedule()).minTime().toMillis()));
        return new GmpBenchRun(context.root(), helper, loaded, gmps, tests);
    }

    @Override
    public Optional<FidelityCheck> fidelity() {
        return Optional.of(new NativeFidelityCheck(this));
    }
}
