package dotbench.cli;

import dotbench.bindings.Gmp;
import dotbench.bindings.LibraryVariant;
import dotbench.bindings.VariantCatalog;
import dotbench.bindings.VariantSpec;
import dotbench.gmpbench.GmpBenchReport;
import dotbench.gmpbench.GmpBenchRun;
import dotbench.gmpbench.Pairing;
import dotbench.nativeloop.NativeHelper;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Loads the chosen variants and the native helper, runs the suite, unloads everything. */
final class GmpBenchSession {
    private GmpBenchSession() {
    }

    static GmpBenchReport run(Path root, SuiteOptions options, PrintWriter progress) {
        var settings = options.settings();
        var tests = options.selectedTests();
        List<VariantSpec> specs = GmpVariantSelection.resolve(VariantCatalog.scan(root), options.variants);
        List<String> names = specs.stream().map(VariantSpec::name).toList();
        List<Pairing> pairs = pairings(options, names);
        List<LibraryVariant> loaded = new ArrayList<>();
        try (NativeHelper helper = loadHelper(root)) {
            Map<String, Gmp> gmps = new LinkedHashMap<>();
            for (VariantSpec s : specs) {
                try {
                    LibraryVariant v = LibraryVariant.open(s);
                    loaded.add(v);
                    gmps.put(s.name(), Gmp.of(v));
                } catch (IllegalArgumentException e) {
                    throw new DotbenchException(ExitCodes.MISSING_BUILD, e.getMessage(), e);
                }
            }
            progress.printf("gmpbench: %d tests x %d variants (%s), %s profile: %d samples of >= %d ms each%n", tests.size(), names.size(),
                    String.join(", ", names), settings.quick() ? "quick" : "full", settings.samples(), settings.minTime().toMillis());
            return new GmpBenchRun(helper, gmps, settings, progress::println).run(tests, pairs);
        } finally {
            loaded.forEach(LibraryVariant::close);
        }
    }

    /** The A/B pairs --pairs names, or the defaults for {@code names}; a bad --pairs is a usage error. */
    static List<Pairing> pairings(SuiteOptions options, List<String> names) {
        try {
            return options.pairs == null ? Pairing.defaults(names) : Pairing.parse(options.pairs, names);
        } catch (IllegalArgumentException e) {
            throw new DotbenchException(ExitCodes.USAGE, e.getMessage());
        }
    }

    private static NativeHelper loadHelper(Path root) {
        try {
            return NativeHelper.load(root);
        } catch (IllegalStateException e) {
            throw new DotbenchException(ExitCodes.MISSING_BUILD, e.getMessage(), e);
        }
    }
}
