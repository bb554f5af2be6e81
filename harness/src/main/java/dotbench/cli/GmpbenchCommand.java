package dotbench.cli;

import com.google.gson.JsonObject;
import dotbench.bindings.Dot;
import dotbench.bindings.LibraryVariant;
import dotbench.bindings.VariantCatalog;
import dotbench.bindings.VariantSpec;
import dotbench.gmpbench.Comparison;
import dotbench.gmpbench.GmpBenchReport;
import dotbench.gmpbench.GmpBenchText;
import dotbench.gmpbench.VariantInfo;
import dotbench.results.AtomicFiles;
import dotbench.results.Provenance;
import dotbench.results.ResultJson;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** `dotbench gmpbench`: the GMPbench-style A/B run. */
@Command(name = "gmpbench", mixinStandardHelpOptions = true,
        description = "GMPbench 0.2's 39 tests on each GMP variant, A/B interleaved; GMPbench-style scores, ratio tables, JSON results.",
        footer = "%n" + ExitCodes.HELP)
final class GmpbenchCommand implements Callable<Integer> {
    @Mixin
    SuiteOptions suite;

    @Option(names = "--out", paramLabel = "FILE", description = "Results JSON (default build/results/gmpbench-DATE.json).")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        Path root = Roots.find();
        // provenance as the run starts: a commit landing during a long run is not what ran
        var provenance = Provenance.collect(root);
        GmpBenchReport report = GmpBenchSession.run(root, suite, stderr);
        for (VariantInfo v : report.variants()) {
            stdout.println(GmpBenchText.block(v, report.outcomes(), report.scores().get(v.name())));
        }
        for (Comparison c : report.comparisons()) {
            stdout.println(GmpBenchText.ratioTable(c, ResultJson.overheadFractions(report)));
        }
        Path file = out != null ? out : root.resolve("build/results/gmpbench-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + ".json");
        try {
            AtomicFiles.write(file, ResultJson.gmpbench(report, provenance, libdot(root), String.join(" ", spec.commandLine().getParseResult().originalArgs())));
        } catch (IOException e) {
            throw new DotbenchException(ExitCodes.IO_ERROR, "cannot write " + file + ": " + e.getMessage(), e);
        }
        stdout.printf("gmpbench: %d tests in %.0f s; results in %s%n", report.outcomes().size(), report.elapsed().toMillis() / 1000.0, file);
        if (report.anyFailure()) {
            stdout.println("gmpbench: WRONG ANSWERS from: " + String.join(", ", report.outcomes().stream()
                    .flatMap(o -> o.failed().stream().map(v -> v + " in " + o.test().name())).toList()));
            return ExitCodes.WRONG_ANSWER;
        }
        return ExitCodes.OK;
    }

    /** libdot as this process sees it: the version and the ISA its dispatcher picks here. */
    static JsonObject libdot(Path root) {
        JsonObject o = new JsonObject();
        VariantSpec spec = VariantCatalog.scan(root).dot();
        o.addProperty("path", spec.library().toString());
        if (!spec.present()) {
            o.addProperty("status", "not built");
            return o;
        }
        try (LibraryVariant v = LibraryVariant.open(spec)) {
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
