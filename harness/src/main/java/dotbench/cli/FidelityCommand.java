package dotbench.cli;

import dotbench.pipeline.DotbenchException;
import dotbench.pipeline.ExitCodes;
import dotbench.pipeline.FidelityCheck;
import dotbench.pipeline.Suite;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * `dotbench fidelity SUITE`: the suite's figures against its native reference, in alternating
 * rounds, with the suite's own options; exit 4 when they disagree beyond the tolerance.
 */
@Command(mixinStandardHelpOptions = true, footer = "%n" + ExitCodes.HELP)
final class FidelityCommand implements Callable<Integer> {
    @Mixin
    SuiteOptions shared;

    @Option(names = "--rounds", paramLabel = "N", description = "Alternating rounds (1..50; default: the suite's).")
    Integer rounds;

    @Option(
            names = "--tolerance",
            paramLabel = "FRACTION",
            description = "Largest accepted relative difference (default: the suite's).")
    Double tolerance;

    @Spec
    CommandSpec spec;

    private final Suite<?> suite;
    private final FidelityCheck check;

    private FidelityCommand(Suite<?> suite, FidelityCheck check) {
        this.suite = suite;
        this.check = check;
    }

    /** `dotbench fidelity` with one subcommand per registered suite that has a native reference. */
    static CommandLine parent(List<Suite<?>> suites) {
        CommandLine parent = new CommandLine(new Parent());
        for (Suite<?> s : suites) {
            s.fidelity().ifPresent(check -> {
                CommandSpec spec = CommandSpec.forAnnotatedObject(new FidelityCommand(s, check));
                spec.name(s.name());
                spec.usageMessage().description(check.description());
                SuiteCommand.addOptions(spec, "suite", s.options());
                SuiteCommand.addOptions(spec, "check", check.options());
                parent.addSubcommand(s.name(), new CommandLine(spec));
            });
        }
        return parent;
    }

    @Command(
            name = "fidelity",
            mixinStandardHelpOptions = true,
            synopsisSubcommandLabel = "SUITE",
            description =
                    "Check a suite's figures against its native reference (gmpbench: gmpbench_native; speed: openssl speed)"
                            + " in rounds that alternate which side goes first. `dotbench fidelity SUITE --help` lists its options.",
            footer = "%n" + ExitCodes.HELP)
    static final class Parent implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            throw new DotbenchException(
                    ExitCodes.USAGE,
                    "fidelity needs a suite: one of "
                            + String.join(", ", spec.subcommands().keySet()));
        }
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        int n = rounds != null ? rounds : check.defaultRounds();
        double t = tolerance != null ? tolerance : check.defaultTolerance();
        if (n < 1 || n > 50) {
            throw new DotbenchException(ExitCodes.USAGE, "--rounds must be between 1 and 50, got " + n);
        }
        if (!(t > 0) || Double.isInfinite(t)) {
            throw new DotbenchException(ExitCodes.USAGE, "--tolerance must be a positive finite fraction, got " + t);
        }
        Path root = Roots.find();
        Optional<Path> file = Optional.ofNullable(shared.out);
        file.ifPresent(OutputCheck::writable);
        FidelityCheck.Verdict v = check.run(new FidelityCheck.Request(
                root,
                shared.settings(suite),
                shared.variants(),
                shared.pairs(),
                file,
                n,
                t,
                String.join(" ", spec.commandLine().getParseResult().originalArgs()),
                line -> {
                    err.println(line);
                    err.flush();
                }));
        out.print(v.table());
        out.flush();
        return v.passed() ? ExitCodes.OK : ExitCodes.FIDELITY_MISMATCH;
    }
}
