package dotbench.gmpbench;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dotbench.bindings.FileFingerprint;
import dotbench.bindings.VariantSpec;
import dotbench.pipeline.DotbenchException;
import dotbench.pipeline.ExitCodes;
import dotbench.pipeline.FidelityCheck;
import dotbench.pipeline.Pairing;
import dotbench.pipeline.Schedule;
import dotbench.pipeline.Settings;
import dotbench.pipeline.Suite;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * `dotbench fidelity gmpbench`: one A/B pair measured by the Java harness and by gmpbench_native
 * (C only, the same workload code and settings), each round a fresh JVM and a fresh native
 * process, and the per-program/category ratios compared (see {@link NativeFidelity} for why).
 */
final class NativeFidelityCheck implements FidelityCheck {
    /** The check's own option. */
    static final class Options {
        @Option(
                names = "--native",
                paramLabel = "EXE",
                description = "The native driver (default build/harness/gmpbench_native).")
        Path nativeDriver;
    }

    private final GmpBench suite;
    private final Options options = new Options();

    NativeFidelityCheck(GmpBench suite) {
        this.suite = suite;
    }

    @Override
    public String description() {
        return "The harness's A/B ratios against the native C driver's (gmpbench_native), per GMPbench category (base, app)"
                + " and total; the programs are shown too. Each round runs `dotbench gmpbench` in a fresh JVM and gmpbench_native"
                + " in a fresh process, alternating which goes first; the verdict is on the geometric means over the rounds."
                + " Only the first A/B pair is compared.";
    }

    @Override
    public Object options() {
        return options;
    }

    @Override
    public int defaultRounds() {
        return 4;
    }

    @Override
    public double defaultTolerance() {
        return 0.03;
    }

    @Override
    public Verdict run(Request request) throws IOException, InterruptedException {
        Settings settings = request.settings();
        List<GmpBenchTest> tests = suite.tests();
        List<VariantSpec> specs =
                GmpBench.variants(new Suite.Context(request.root(), settings, request.variants(), request.progress()));
        List<String> names = specs.stream().map(VariantSpec::name).toList();
        List<Pairing> pairs = Pairing.select(request.pairs(), names);
        if (pairs.isEmpty()) {
            throw new DotbenchException(ExitCodes.USAGE, "fidelity needs two variants to compare");
        }
        Pairing pair = pairs.get(0);
        Path driver = options.nativeDriver != null
                ? options.nativeDriver
                : request.root().resolve("build/harness/gmpbench_native");
        if (!Files.isExecutable(driver)) {
            throw new DotbenchException(ExitCodes.MISSING_BUILD, driver + " is missing: run `make java`");
        }
        Map<String, Path> libraries = new LinkedHashMap<>();
        specs.stream()
                .filter(s -> s.name().equals(pair.baseline()) || s.name().equals(pair.candidate()))
                .forEach(s -> libraries.put(s.name(), s.library()));
        Map<String, String> before = fingerprints(libraries);
        long minTimeNs = ((Schedule.Batches) settings.schedule()).minTime().toNanos();
        List<String> javaArgs = new ArrayList<>(List.of(
                "gmpbench",
                "--variants",
                pair.baseline() + "," + pair.candidate(),
                "--pairs",
                pair.baseline() + ":" + pair.candidate(),
                "--min-time",
                minTimeNs / 1e6 + "ms",
                "--samples",
                String.valueOf(settings.samples()),
                "--noise-threshold",
                String.valueOf(settings.noiseThreshold()),
                "--tests",
                String.join(",", tests.stream().map(GmpBenchTest::name).toList())));
        if (settings.quick()) {
            javaArgs.add("--quick");
        }
        List<String> nativeCommand = List.of(
                driver.toString(),
                "--min-time",
                String.valueOf(minTimeNs / 1e9),
                "--samples",
                String.valueOf(settings.samples()),
                "--tests",
                String.join(";", tests.stream().map(GmpBenchTest::name).toList()),
                pair.baseline() + "=" + libraries.get(pair.baseline()),
                pair.candidate() + "=" + libraries.get(pair.candidate()));
        Path work = Files.createTempDirectory("dotbench-fidelity");
        List<NativeFidelity.Round> done = new ArrayList<>();
        int rounds = request.rounds();
        try {
            for (int i = 0; i < rounds; i++) {
                boolean javaFirst = i % 2 == 0;
                Map<String, Double> java = null;
                Map<String, Double> nat = null;
                for (int side = 0; side < 2; side++) {
                    if ((side == 0) == javaFirst) {
                        request.progress()
                                .accept(String.format(
                                        "fidelity: round %d/%d: the Java harness (a fresh JVM)", i + 1, rounds));
                        java = runJava(
                                request.root(),
                                javaArgs,
                                work.resolve("java-" + i + ".json"),
                                work.resolve("java-" + i + ".txt"));
                    } else {
                        request.progress()
                                .accept(String.format("fidelity: round %d/%d: gmpbench_native", i + 1, rounds));
                        nat = runNative(nativeCommand, pair);
                    }
                }
                done.add(new NativeFidelity.Round(javaFirst, java, nat));
                request.progress()
                        .accept(String.format(
                                "fidelity: round %d/%d total ratio: java %.4f, native %.4f",
                                i + 1,
                                rounds,
                                java.getOrDefault("total", Double.NaN),
                                nat.getOrDefault("total", Double.NaN)));
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
            throw new DotbenchException(
                    ExitCodes.MISSING_BUILD,
                    "a variant library was rebuilt during the rounds, so they timed"
                            + " different builds; rerun when no build is relinking the variants");
        }
        NativeFidelity.Result result =
                new NativeFidelity.Result(pair.baseline(), pair.candidate(), done, request.tolerance());
        return new Verdict(result.passed(), result.table());
    }

    private static Map<String, String> fingerprints(Map<String, Path> libraries) {
        Map<String, String> out = new LinkedHashMap<>();
        libraries.forEach((name, lib) -> out.put(name, FileFingerprint.of(lib).sha256()));
        return out;
    }

    /** `dotbench gmpbench` in a fresh JVM (this one's java and class path); the first comparison's scope ratios. */
    private static Map<String, Double> runJava(Path root, List<String> args, Path json, Path text)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED",
                "-Ddotbench.root=" + root,
                "-cp",
                System.getProperty("java.class.path"),
                "dotbench.cli.Main"));
        command.addAll(args);
        command.addAll(List.of("--out", json.toString()));
        Process p = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .redirectOutput(text.toFile())
                .start();
        int status = p.waitFor();
        if (status != 0) {
            throw new DotbenchException(
                    status == ExitCodes.WRONG_ANSWER ? ExitCodes.WRONG_ANSWER : ExitCodes.MISSING_BUILD,
                    "the Java run failed (exit " + status + "):\n" + Files.readString(text));
        }
        JsonObject comparison = JsonParser.parseString(Files.readString(json))
                .getAsJsonObject()
                .getAsJsonArray("comparisons")
                .get(0)
                .getAsJsonObject();
        Map<String, Double> ratios = new LinkedHashMap<>();
        comparison
                .getAsJsonObject("scopes")
                .entrySet()
                .forEach(e -> ratios.put(
                        e.getKey(), e.getValue().getAsJsonObject().get("ratio").getAsDouble()));
        return ratios;
    }

    private static Map<String, Double> runNative(List<String> command, Pairing pair)
            throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new DotbenchException(
                    ExitCodes.WRONG_ANSWER, "gmpbench_native failed (exit " + p.exitValue() + "):\n" + text);
        }
        Map<String, Double> ratios = NativeFidelity.parseNative(text, pair.baseline(), pair.candidate());
        if (ratios.isEmpty()) {
            throw new DotbenchException(ExitCodes.WRONG_ANSWER, "gmpbench_native printed no ratio lines:\n" + text);
        }
        return ratios;
    }
}
