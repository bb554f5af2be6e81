package dotbench.jmh;

import com.google.gson.JsonObject;
import dotbench.bindings.Dot;
import dotbench.bindings.LibraryKind;
import dotbench.bindings.LibraryVariant;
import dotbench.bindings.VariantCatalog;
import dotbench.results.AtomicFiles;
import dotbench.results.Provenance;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs the kernel suite with JMH and writes the dotbench result file.
 *
 * <pre>BenchMain [--full] [--cases REGEX] [--out FILE]</pre>
 *
 * The short profile (default, `make bench`) runs every case in this JVM (no fork): the timed work
 * is native code called from a C loop, and a fresh JVM per case would cost more than the
 * measurement. --full forks one JVM per case and times longer.
 */
public final class BenchMain {
    private BenchMain() {}

    public static void main(String[] args) throws Exception {
        boolean full = false;
        String filter = ".*";
        Path root = Path.of(System.getProperty("dotbench.root", "."))
                .toAbsolutePath()
                .normalize();
        Path out = root.resolve("build/results/jmh-short.json");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--full" -> full = true;
                case "--cases" -> filter = args[++i];
                case "--out" -> out = Path.of(args[++i]);
                default -> {
                    System.err.println("usage: BenchMain [--full] [--cases REGEX] [--out FILE]");
                    System.exit(2);
                }
            }
        }
        Pattern p = Pattern.compile(filter);
        List<String> cases =
                Cases.all(root).stream().filter(c -> p.matcher(c).find()).toList();
        if (cases.isEmpty()) {
            System.err.println("jmh: no case matches " + filter);
            System.exit(2);
        }
        List<String> overheadCases =
                cases.stream().filter(c -> c.startsWith("libdot/scalar:add_n:")).toList();
        Path jmhJson = out.resolveSibling(out.getFileName() + ".jmh.json");
        Files.createDirectories(out.toAbsolutePath().getParent());
        long start = System.nanoTime();
        run(full, root, "kernel", cases, jmhJson);
        Map<String, double[]> kernel = JmhResults.iterations(Files.readString(jmhJson), "kernel");
        Map<String, double[]> overhead = Map.of();
        if (!overheadCases.isEmpty()) {
            Path ov = out.resolveSibling(out.getFileName() + ".overhead.jmh.json");
            run(full, root, "overhead", overheadCases, ov);
            overhead = JmhResults.iterations(Files.readString(ov), "overhead");
        }
        List<String> failed = new ArrayList<>(
                cases.stream().filter(c -> !kernel.containsKey(c)).toList());
        JsonObject provenance = Provenance.collect(root);
        provenance.add("libdot", libdot(root));
        JsonObject settings = new JsonObject();
        // the schema's profile names: short is this suite's quick profile
        settings.addProperty("profile", full ? "full" : "quick");
        settings.addProperty("samples", full ? 10 : 5);
        settings.addProperty("min_time_s", full ? 0.2 : 0.05);
        settings.addProperty(
                "harness",
                "JMH 1.37, AverageTime, " + KernelBench.CALLS + " kernel calls per invocation inside a native C loop");
        settings.addProperty("forks", full ? 1 : 0);
        settings.addProperty("warmup", full ? "3 x 200 ms" : "1 x 50 ms");
        settings.addProperty("measurement", full ? "10 x 200 ms" : "5 x 50 ms");
        settings.addProperty("clock", "JMH wall time (System.nanoTime) per iteration");
        settings.addProperty("interleaving", "none: JMH runs cases one after another; A and B samples are independent");
        settings.addProperty(
                "statistic",
                "ratio of median ns/op; percentile bootstrap 95% over iterations, each side resampled on its own");
        settings.addProperty("noise_threshold", JmhResults.NOISE_THRESHOLD);
        JsonObject result = JmhResults.toResult(
                kernel,
                overhead,
                libraries(root),
                failed,
                provenance,
                settings,
                "jmh " + String.join(" ", args),
                (System.nanoTime() - start) / 1e9);
        var failedArray = new com.google.gson.JsonArray();
        failed.forEach(failedArray::add);
        result.add("failed_cases", failedArray);
        AtomicFiles.write(out, JmhResults.pretty(result));
        System.out.printf(
                "jmh: %d cases, %d failed; results in %s (JMH's own JSON: %s)%n",
                cases.size(), failed.size(), out, jmhJson);
        if (!failed.isEmpty()) {
            System.out.println("jmh: FAILED (wrong answer or error): " + String.join(", ", failed));
            System.exit(1);
        }
    }

    private static void run(boolean full, Path root, String benchmark, List<String> cases, Path jmhJson)
            throws Exception {
        ChainedOptionsBuilder o = new OptionsBuilder()
                .include(Pattern.quote(KernelBench.class.getName() + "." + benchmark) + "$")
                .param("kase", cases.toArray(String[]::new))
                .shouldFailOnError(false)
                .resultFormat(ResultFormatType.JSON)
                .result(jmhJson.toString())
                .jvmArgsAppend("--enable-native-access=ALL-UNNAMED", "-Ddotbench.root=" + root);
        if (full) {
            o.forks(1)
                    .warmupIterations(3)
                    .warmupTime(TimeValue.milliseconds(200))
                    .measurementIterations(10)
                    .measurementTime(TimeValue.milliseconds(200));
        } else {
            o.forks(0)
                    .warmupIterations(1)
                    .warmupTime(TimeValue.milliseconds(50))
                    .measurementIterations(5)
                    .measurementTime(TimeValue.milliseconds(50));
        }
        new Runner(o.build()).run();
    }

    /** Every implementation id this machine could run, with its library file. */
    private static Map<String, JmhResults.Library> libraries(Path root) {
        VariantCatalog catalog = VariantCatalog.scan(root);
        Map<String, JmhResults.Library> out = new HashMap<>();
        catalog.built(LibraryKind.GMP)
                .forEach(v -> out.put(
                        "gmp/" + v.name(), new JmhResults.Library(v.library().toString(), v.patched())));
        catalog.built(LibraryKind.OPENSSL)
                .forEach(v -> out.put(
                        "openssl/" + v.name(),
                        new JmhResults.Library(v.library().toString(), v.patched())));
        String dot = catalog.dot().library().toString();
        for (String c : Cases.all(root)) {
            String impl = c.substring(0, c.indexOf(':'));
            if (impl.startsWith("libdot/") || impl.startsWith("baseline/")) {
                out.put(impl, new JmhResults.Library(dot, false));
            }
        }
        return out;
    }

    private static JsonObject libdot(Path root) {
        JsonObject o = new JsonObject();
        try (LibraryVariant v = LibraryVariant.open(VariantCatalog.scan(root).dot())) {
            Dot dot = Dot.of(v);
            o.addProperty("version", dot.version());
            o.addProperty("isa", dot.isa());
            o.addProperty("settings", dot.settings());
            o.addProperty("isa_env", System.getenv("DOT_ISA"));
            o.addProperty("crossover_env", System.getenv("DOT_CROSSOVER"));
        }
        return o;
    }
}
