package dotbench.cli;

import dotbench.gmpbench.Comparison;
import dotbench.gmpbench.GmpBenchReport;
import dotbench.gmpbench.GmpBenchTest;
import dotbench.stats.RatioEstimate;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * `dotbench fidelity`: the same A/B measured twice, by the Java harness and by gmpbench_native
 * (C only, same workload code and settings), and the per-program/category ratios compared.
 */
@Command(name = "fidelity", mixinStandardHelpOptions = true,
        description = "Compare the harness's A/B ratios with the native C driver's, per program and category.",
        footer = "%n" + ExitCodes.HELP)
final class FidelityCommand implements Callable<Integer> {
    @Mixin
    SuiteOptions suite;

    @Option(names = "--native", paramLabel = "EXE", description = "The native driver (default build/harness/gmpbench_native).")
    Path nativeDriver;

    @Option(names = "--tolerance", paramLabel = "FRACTION", defaultValue = "0.03",
            description = "Largest accepted |java/native - 1| per scope (default ${DEFAULT-VALUE}).")
    double tolerance;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        Path root = Roots.find();
        Path driver = nativeDriver != null ? nativeDriver : root.resolve("build/harness/gmpbench_native");
        if (!Files.isExecutable(driver)) {
            throw new DotbenchException(ExitCodes.MISSING_BUILD, driver + " is missing: run `make java`");
        }
        GmpBenchReport report = GmpBenchSession.run(root, suite, spec.commandLine().getErr());
        if (report.comparisons().isEmpty()) {
            throw new DotbenchException(ExitCodes.USAGE, "fidelity needs two variants to compare");
        }
        Comparison java = report.comparisons().get(0);
        for (var v : report.variants()) {
            if (v.changedDuringRun() || !dotbench.bindings.FileFingerprint.of(v.library()).sha256().equals(v.sha256())) {
                throw new DotbenchException(ExitCodes.MISSING_BUILD, v.library() + " was rebuilt during the Java run; the native driver"
                        + " would time a different build. Rerun when no build is relinking the variants.");
            }
        }
        Map<String, Double> nativeRatios = runNative(driver, report, java);
        out.printf("fidelity: %s/%s, Java harness vs gmpbench_native, tolerance %.1f%%%n", java.candidate(), java.baseline(), 100 * tolerance);
        out.printf("  %-10s %10s %10s %9s%n", "scope", "java", "native", "diff");
        boolean ok = true;
        for (String scope : Comparison.SCOPE_ORDER) {
            RatioEstimate j = java.scopes().get(scope);
            Double n = nativeRatios.get(scope);
            if (j == null || n == null) {
                continue;
            }
            double diff = j.ratio() / n - 1;
            boolean within = Math.abs(diff) <= tolerance;
            ok &= within;
            out.printf(Locale.ROOT, "  %-10s %10.4f %10.4f %+8.2f%%%s%n", scope, j.ratio(), n, 100 * diff, within ? "" : "  OUTSIDE");
        }
        out.println(ok ? "fidelity: agree within tolerance" : "fidelity: DISAGREE beyond tolerance (noise on a shared machine can do this; rerun or raise --samples)");
        return ok ? ExitCodes.OK : ExitCodes.FIDELITY_MISMATCH;
    }

    private static Map<String, Double> runNative(Path driver, GmpBenchReport report, Comparison pair) throws IOException, InterruptedException {
        Map<String, Path> libraries = new LinkedHashMap<>();
        report.variants().forEach(v -> libraries.put(v.name(), v.library()));
        List<String> command = new ArrayList<>(List.of(driver.toString(),
                "--min-time", String.valueOf(report.settings().minTime().toNanos() / 1e9),
                "--samples", String.valueOf(report.settings().samples()),
                "--tests", String.join(";", report.outcomes().stream().map(o -> o.test()).map(GmpBenchTest::name).toList())));
        command.add(pair.baseline() + "=" + libraries.get(pair.baseline()));
        command.add(pair.candidate() + "=" + libraries.get(pair.candidate()));
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new DotbenchException(ExitCodes.WRONG_ANSWER, "gmpbench_native failed (exit " + p.exitValue() + "):\n" + text);
        }
        Map<String, Double> ratios = new LinkedHashMap<>();
        String prefix = "ratio " + pair.candidate() + "/" + pair.baseline() + " ";
        text.lines().filter(l -> l.startsWith(prefix)).forEach(l -> {
            String[] f = l.substring(prefix.length()).trim().split("\\s+");
            ratios.put(f[0], Double.parseDouble(f[1]));
        });
        return ratios;
    }

}
