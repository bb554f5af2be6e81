package dotbench.cli;

import dotbench.bindings.Dot;
import dotbench.bindings.Gmp;
import dotbench.bindings.LibraryKind;
import dotbench.bindings.LibraryVariant;
import dotbench.bindings.VariantCatalog;
import dotbench.bindings.VariantSpec;
import dotbench.pipeline.ExitCodes;
import dotbench.pipeline.VariantSelection;
import dotbench.results.Provenance;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** `dotbench info`: the CPU, libdot's choice of ISA, and every library variant found and whether it loads. */
@Command(name = "info", description = "CPU features, libdot's ISA, and the library variants found and loadable.")
final class InfoCommand implements Callable<Integer> {
    private static final List<String> FEATURES = List.of(
            "sse4_2", "avx2", "bmi2", "adx", "avx512f", "avx512vl", "avx512dq", "avx512bw", "avx512ifma", "avx_ifma");

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Path root = Roots.find();
        String cpuinfo = Files.readString(Path.of("/proc/cpuinfo"));
        List<String> flags = Provenance.cpuinfoField(cpuinfo, "flags")
                .map(f -> List.of(f.split("\\s+")))
                .orElse(List.of());
        out.println(cpuLine(cpuinfo, Runtime.getRuntime().availableProcessors()));
        out.println("CPU features: "
                + String.join(
                        " ",
                        FEATURES.stream()
                                .map(f -> (flags.contains(f) ? "+" : "-") + f)
                                .toList()));
        out.println("Repository: " + root);
        VariantCatalog catalog = VariantCatalog.scan(root);
        VariantSpec libdot = catalog.dot();
        if (libdot.present()) {
            try (LibraryVariant v = LibraryVariant.open(libdot)) {
                Dot dot = Dot.of(v);
                out.printf(
                        "libdot %s at %s: runs %s (built: %s; runnable here: %s)%n",
                        dot.version(),
                        libdot.library(),
                        dot.settings(),
                        String.join(" ", dot.isaNames()),
                        String.join(
                                " ",
                                dot.isaNames().stream()
                                        .filter(dot::isaSupported)
                                        .toList()));
            }
        } else {
            out.println("libdot: not built (" + libdot.library() + "; run `make dot`)");
        }
        out.println("GMP variants:");
        for (VariantSpec s : catalog.of(LibraryKind.GMP)) {
            out.println("  " + describeGmp(s));
        }
        for (String name : VariantSelection.MATRIX) {
            if (catalog.find(LibraryKind.GMP, name).isEmpty()) {
                out.printf("  %-12s not built (build/gmp/%s; run `make libs`)%n", name, name);
            }
        }
        out.println("OpenSSL variants:");
        for (VariantSpec s : catalog.of(LibraryKind.OPENSSL)) {
            out.println("  " + describeOther(s));
        }
        return ExitCodes.OK;
    }

    private static String describeGmp(VariantSpec s) {
        return describe(s, v -> "GMP " + Gmp.of(v).version() + ", ");
    }

    private static String describeOther(VariantSpec s) {
        return describe(s, v -> "");
    }

    /** One line per variant: name, what {@code version} says of the loaded library, path, marker, manifest. */
    private static String describe(VariantSpec s, Function<LibraryVariant, String> version) {
        try (LibraryVariant v = LibraryVariant.open(s)) {
            return String.format(
                    "%-12s %s%s%s%s",
                    s.name(),
                    version.apply(v),
                    s.library(),
                    v.marker().map(m -> ", marker: " + m).orElse(""),
                    manifestSummary(s));
        } catch (RuntimeException e) {
            return String.format("%-12s NOT LOADABLE: %s", s.name(), e.getMessage());
        }
    }

    private static String manifestSummary(VariantSpec s) {
        if (s.manifest().source().isEmpty()) {
            return ", no manifest";
        }
        String patches = s.manifest()
                .field("patch_series_hash")
                .map(h -> h.length() > 12 ? h.substring(0, 12) : h)
                .orElse("?");
        return ", manifest: upstream " + s.manifest().field("upstream_version").orElse("?") + ", patches " + patches
                + ", built " + s.manifest().field("date").orElse("?");
    }

    /**
     * "CPU: AMD EPYC (AuthenticAMD family 26 model 2 stepping 1), 2 logical CPUs": the model name
     * alone does not tell CPU generations apart (Zen 4 and Zen 5 are both "AMD EPYC").
     */
    static String cpuLine(String cpuinfo, int logicalCpus) {
        String model = Provenance.cpuinfoField(cpuinfo, "model name").orElse("unknown");
        String numbers = Provenance.cpuinfoField(cpuinfo, "cpu family")
                .map(f -> " (" + Provenance.cpuinfoField(cpuinfo, "vendor_id").orElse("unknown vendor") + " family " + f
                        + " model " + Provenance.cpuinfoField(cpuinfo, "model").orElse("?") + " stepping "
                        + Provenance.cpuinfoField(cpuinfo, "stepping").orElse("?") + ")")
                .orElse("");
        return String.format(Locale.ROOT, "CPU: %s%s, %d logical CPUs", model, numbers, logicalCpus);
    }
}
