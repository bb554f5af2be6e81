package dotbench.cli;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dotbench.bindings.FileFingerprint;
import dotbench.bindings.VariantCatalog;
import dotbench.bindings.VariantSpec;
import dotbench.gmpbench.NativeFidelity;
import dotbench.gmpbench.Pairing;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * `dotbench fidelity`: one A/B pair measured by the Java harness and by gmpbench_native (C only,
 * the same workload code and settings), each in several fresh processes, and the
 * per-program/category ratios compared (see {@link NativeFidelity} for why several processes).
 */
@Command(name = "fidelity", mixinStandardHelpOptions = true,
        description = {"Compare the harness's A/B ratios with the native C driver's, per GMPbench category (base, app) and total;"
                + " the programs are shown too.",
                "Each round runs `dotbench gmpbench` in a fresh JVM and gmpbench_native in a fresh process, alternating which goes first;"
                        + " the verdict is on the geometric means over the rounds. Only the first A/B pair is compared."},
        footer = "%n" + ExitCodes.HELP)
final class FidelityCommand implements Callable<Integer> {
    @Mixin
    SuiteOptions suite;

    @Option(names = "--native", paramLabel = "EXE", description = "The native driver (default build/harness/gmpbench_native).")
    Path nativeDriver;

    @Option(names = "--tolerance", paramLabel = "FRACTION", defaultValue = "0.03",
            description = "Largest accepted |java/native - 1| for base, app and the total (default ${DEFAULT-VALUE}); programs are shown, not judged.")
    double tolerance;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "4",
            description = "Rounds, each a fresh Java process and a fresh native process (1..50, default ${DEFAULT-VALUE}).")
    int rounds;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path root = Roots.find();
        if (rounds < 1 || rounds > 50) {
            throw new DotbenchException(ExitCodes.USAGE, "--rounds must be between 1 and 50, got " + rounds);
        }
        if (!(tolerance > 0)) {
            throw new DotbenchException(ExitCodes.USAGE, "--tolerance must be positive, got " + tolerance);
        }
        var settings = suite.settings();
        var tests = suite.selectedTests();
        List<VariantSpec> specs = GmpVariantSelection.resolve(VariantCatalog.scan(root), suite.variants);
        List<String> names = specs.stream().map(VariantSpec::name).toList();
        List<Pairing> pairs = GmpBenchSession.pairings(suite, names);
        if (pairs.isEmpty()) {
            throw new DotbenchException(ExitCodes.USAGE, "fidelity needs two variants to compare");
        }
        Pairing pair = pairs.get(0);
        Path driver = nativeDriver != null ? nativeDriver : root.resolve("build/harness/gmpbench_native");
        if (!Files.isExecutable(driver)) {
            throw new DotbenchException(ExitCodes.MISSING_BUILD, driver + " is missing: run `make java`");
        }
        Map<String, Path> libraries = new LinkedHashMap<>();
        specs.stream().filter(s -> s.name().equals(pair.baseline()) || s.name().equals(pair.candidate()))
                .forEach(s -> libraries.put(s.name(), s.library()));
        Map<String, String> before = fingerprints(libraries);

        List<String> testNames = tests.stream().map(t -> t.name()).toList();
        List<String> javaArgs = new ArrayList<>(List.of("gmpbench", "--variants", pair.baseline() + "," + pair.candidate(),
                "--pairs", pair.baseline() + ":" + pair.candidate(),
                "--min-time", settings.minTime().toNanos() / 1e6 + "ms", "--samples", String.valueOf(settings.samples()),
                "--noise-threshold", String.valueOf(settings.noiseThreshold())));
        if (suite.quick) {
            javaArgs.add("--quick");
        }
        if (suite.tests != null) {
            javaArgs.addAll(List.of("--tests", suite.tests));
        }
        List<String> nativeCommand = new ArrayList<>(List.of(driver.toString(),
                "--min-time", String.valueOf(settings.minTime().toNanos() / 1e9), "--samples", String.valueOf(settings.samples()),
                "--tests", String.join(";", testNames),
                pair.baseline() + "=" + libraries.get(pair.baseline()), pair.candidate() + "=" + libraries.get(pair.candidate())));

        Path work = Files.createTempDirectory("dotbench-fidelity");
        List<NativeFidelity.Round> done = new ArrayList<>();
        try {
            for (int i = 0; i < rounds; i++) {
                boolean javaFirst = i % 2 == 0;
                Map<String, Double> java = null;
                Map<String, Double> nat = null;
                for (int side = 0; side < 2; side++) {
                    if ((side == 0) == javaFirst) {
                        err.printf("fidelity: round %d/%d: the Java harness (a fresh JVM)%n", i + 1, rounds);
                        err.flush();
                        java = runJava(root, javaArgs, work.resolve("java-" + i + ".json"), work.resolve("java-" + i + ".txt"));
                    } else {
                        err.printf("fidelity: round %d/%d: gmpbench_native%n", i + 1, rounds);
                        err.flush();
                        nat = runNative(nativeCommand, pair);
                    }
                }
                done.add(new NativeFidelity.Round(javaFirst, java, nat));
                err.printf("fidelity: round %d/%d total ratio: java %.4f, native %.4f%n", i + 1, rounds,
                        java.getOrDefault("total", Double.NaN), nat.getOrDefault("total", Double.NaN));
            }
        } finally {
            try (var files = Files.list(work)) {
                for (Path p : files.toList()) {
                    Files.deleteIfExists(p);
                }
            }
            Files.deleteIfExists(work);
        }
        if (!before.equals(fingerprints(libraries))) {
            throw new DotbenchException(ExitCodes.MISSING_BUILD, "a variant library was rebuilt during the rounds, so they timed different builds;"
                    + " rerun when no build is relinking the variants");
        }
        NativeFidelity.Result result = new NativeFidelity.Result(pair.baseline(), pair.candidate(), done, tolerance);
        out.print(result.table());
        out.flush();
        return result.passed() ? ExitCodes.OK : ExitCodes.FIDELITY_MISMATCH;
    }

    private static Map<String, String> fingerprints(Map<String, Path> libraries) {
        Map<String, String> out = new LinkedHashMap<>();
        libraries.forEach((name, lib) -> out.put(name, FileFingerprint.of(lib).sha256()));
        return out;
    }

    /** `dotbench gmpbench` in a fresh JVM (this one's java and class path); the first comparison's scope ratios. */
    private static Map<String, Double> runJava(Path root, List<String> args, Path json, Path text) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-Ddotbench.root=" + root, "-cp", System.getProperty("java.class.path"),
                Main.class.getName()));
        command.addAll(args);
        command.addAll(List.of("--out", json.toString()));
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).redirectOutput(text.toFile()).start();
        int status = p.waitFor();
        if (status != 0) {
            throw new DotbenchException(status == ExitCodes.WRONG_ANSWER ? ExitCodes.WRONG_ANSWER : ExitCodes.MISSING_BUILD,
                    "the Java run failed (exit " + status + "):\n" + Files.readString(text));
        }
        JsonObject comparison = JsonParser.parseString(Files.readString(json)).getAsJsonObject()
                .getAsJsonArray("comparisons").get(0).getAsJsonObject();
        Map<String, Double> ratios = new LinkedHashMap<>();
        comparison.getAsJsonObject("scopes").entrySet().forEach(e -> ratios.put(e.getKey(), e.getValue().getAsJsonObject().get("ratio").getAsDouble()));
        return ratios;
    }

    private static Map<String, Double> runNative(List<String> command, Pairing pair) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new DotbenchException(ExitCodes.WRONG_ANSWER, "gmpbench_native failed (exit " + p.exitValue() + "):\n" + text);
        }
        Map<String, Double> ratios = NativeFidelity.parseNative(text, pair.baseline(), pair.candidate());
        if (ratios.isEmpty()) {
            throw new DotbenchException(ExitCodes.WRONG_ANSWER, "gmpbench_native printed no ratio lines:\n" + text);
        }
        return ratios;
    }
}
