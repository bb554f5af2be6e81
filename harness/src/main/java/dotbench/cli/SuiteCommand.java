package dotbench.cli;

import com.google.gson.JsonObject;
import dotbench.pipeline.Comparison;
import dotbench.pipeline.DotbenchException;
import dotbench.pipeline.ExitCodes;
import dotbench.pipeline.Pairing;
import dotbench.pipeline.Pipeline;
import dotbench.pipeline.RatioTable;
import dotbench.pipeline.RunResult;
import dotbench.pipeline.Settings;
import dotbench.pipeline.Suite;
import dotbench.pipeline.SuiteRun;
import dotbench.pipeline.VariantSelection;
import dotbench.results.AtomicFiles;
import dotbench.results.Provenance;
import dotbench.results.ResultJson;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * `dotbench SUITE`: any registered suite through the one pipeline: select the variants and pairs,
 * run the cases, print the suite's per-variant blocks and the shared ratio tables, write the
 * result file, and exit 1 if a variant got something wrong.
 */
@Command(mixinStandardHelpOptions = true, footer = "%n" + ExitCodes.HELP)
final class SuiteCommand implements Callable<Integer> {
    @Mixin
    SuiteOptions shared;

    @Spec
    CommandSpec spec;

    private final Suite<?> suite;

    private SuiteCommand(Suite<?> suite) {
        this.suite = suite;
    }

    /** The suite's subcommand: the shared options plus the suite's own. */
    static CommandLine of(Suite<?> suite) {
        CommandSpec spec = CommandSpec.forAnnotatedObject(new SuiteCommand(suite));
        spec.name(suite.name());
        spec.usageMessage().description(suite.description());
        addOptions(spec, "suite", suite.options());
        return new CommandLine(spec);
    }

    /** Adds an object's picocli options to a command; an object without any adds nothing. */
    static void addOptions(CommandSpec spec, String name, Object options) {
        boolean annotated = Arrays.stream(options.getClass().getDeclaredFields())
                .anyMatch(f -> f.isAnnotationPresent(Option.class) || f.isAnnotationPresent(Parameters.class));
        if (annotated) {
            spec.addMixin(name, CommandSpec.forAnnotatedObject(options));
        }
    }

    @Override
    public Integer call() {
        return run(suite);
    }

    private <D> int run(Suite<D> s) {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        Path root = Roots.find();
        Settings settings = shared.settings(s);
        Path file = shared.resultFile(root, s.name());
        // provenance as the run starts: a commit landing during a long run is not what ran
        JsonObject provenance = Provenance.collect(root);
        String command = String.join(" ", spec.commandLine().getParseResult().originalArgs());
        try (SuiteRun<D> run = s.open(new Suite.Context(root, settings, shared.variants(), stderr::println))) {
            List<Pairing> pairs = Pairing.select(shared.pairs().or(run::defaultPairs), run.variants());
            RunResult<D> result = Pipeline.run(run, settings, pairs, line -> {
                stderr.println(line);
                stderr.flush();
            });
            print(stdout, run, result);
            write(file, ResultJson.text(ResultJson.of(s.name(), run, result, provenance, command)));
            stdout.printf(
                    "%s: %d cases in %.0f s; results in %s%n",
                    s.name(), result.outcomes().size(), result.elapsed().toMillis() / 1000.0, file);
            return report(stdout, s.name(), result);
        }
    }

    /** The suite's per-variant blocks, then one ratio table per pair. */
    static <D> void print(PrintWriter stdout, SuiteRun<D> run, RunResult<D> result) {
        for (String v : result.variants()) {
            stdout.println(run.variantText(v, result));
        }
        for (Comparison c : result.comparisons()) {
            stdout.println(
                    RatioTable.render(c, result.outcomes(), run::scopeLabel) + layoutReading(c, result.comparisons()));
        }
    }

    /** For a real pair whose baseline's layout control ran too: which of its verdicts lie beyond it. */
    static String layoutReading(Comparison c, List<Comparison> all) {
        Pairing pair = new Pairing(c.baseline(), c.candidate());
        if (VariantSelection.isControl(pair) || VariantSelection.isLayoutControl(pair)) {
            return "";
        }
        return all.stream()
                .filter(l -> l.baseline().equals(c.baseline())
                        && VariantSelection.isLayoutControl(new Pairing(l.baseline(), l.candidate()))
                        && !l.tests().isEmpty())
                .map(l -> RatioTable.beyondLayout(c, l))
                .findFirst()
                .orElse("");
    }

    static void write(Path file, String text) {
        try {
            AtomicFiles.write(file, text);
        } catch (IOException e) {
            throw new DotbenchException(ExitCodes.IO_ERROR, "cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** Names every wrong answer; exit 1 when there is one. */
    static int report(PrintWriter stdout, String suite, RunResult<?> result) {
        if (!result.anyFailure()) {
            return ExitCodes.OK;
        }
        List<String> wrong = result.outcomes().stream()
                .flatMap(o -> o.failed().keySet().stream().map(v -> v + " in " + o.name()))
                .toList();
        stdout.println(suite + ": WRONG ANSWERS (figures withheld) from: " + String.join(", ", wrong));
        return ExitCodes.WRONG_ANSWER;
    }
}
