package dotbench.cli;

import dotbench.pipeline.DotbenchException;
import dotbench.pipeline.ExitCodes;
import dotbench.pipeline.Registry;
import dotbench.pipeline.Suite;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.RunLast;

/** dotbench: the harness's command line. */
@Command(
        name = "dotbench",
        mixinStandardHelpOptions = true,
        version = "dotbench 0.1.0",
        description =
                "A/B benchmarks of stock vs DoT-patched GMP and OpenSSL, loaded side by side; reports and regression comparison.",
        subcommands = {
            InfoCommand.class,
            OfficialCommand.class,
            VsOfficialCommand.class,
            ReportCommand.class,
            CompareCommand.class,
            VerdictsCommand.class,
            HistoryCommand.class,
            ExportCommand.class,
            CommandLine.HelpCommand.class
        },
        footer = "%n" + ExitCodes.HELP)
public final class Main {
    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs the command line with the given streams; returns the exit status (see ExitCodes). */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        return run(args, out, err, Suites.builtIn());
    }

    /** The same with the suites of {@code registry}: each becomes a subcommand, and a `fidelity` one where it has a reference. */
    public static int run(String[] args, PrintWriter out, PrintWriter err, Registry registry) {
        return run(args, out, err, registry, System.getenv());
    }

    /** The commands that only read and write result files: they load no library, so libdot's variables do not matter. */
    private static final Set<String> FILE_COMMANDS =
            Set.of("report", "compare", "verdicts", "history", "export", "vs-official", "help");

    /** The same with {@code env} as the environment whose libdot variables are checked. */
    static int run(String[] args, PrintWriter out, PrintWriter err, Registry registry, Map<String, String> env) {
        CommandLine cli = new CommandLine(new Main());
        List<Suite<?>> suites = registry.fresh();
        suites.forEach(s -> cli.addSubcommand(s.name(), SuiteCommand.of(s)));
        cli.addSubcommand("fidelity", FidelityCommand.parent(registry.fresh()));
        cli.setOut(out);
        cli.setErr(err);
        cli.setExitCodeExceptionMapper(e -> e instanceof DotbenchException d ? d.exitCode() : ExitCodes.USAGE);
        cli.setParameterExceptionHandler((e, a) -> {
            err.println("dotbench: " + e.getMessage());
            err.println("Try 'dotbench "
                    + (e.getCommandLine().getCommandName().equals("dotbench")
                            ? ""
                            : e.getCommandLine().getCommandName() + " ")
                    + "--help'.");
            return ExitCodes.USAGE;
        });
        cli.setExecutionStrategy(parsed -> {
            ParseResult command = parsed.subcommand();
            if (command != null && !FILE_COMMANDS.contains(command.commandSpec().name()) && !helpAsked(parsed)) {
                try {
                    LibdotEnvironment.check(env, Roots.find());
                } catch (DotbenchException d) {
                    err.println("dotbench: " + d.getMessage());
                    return d.exitCode();
                }
            }
            return new RunLast().execute(parsed);
        });
        cli.setExecutionExceptionHandler((e, c, p) -> {
            if (e instanceof DotbenchException d) {
                err.println("dotbench: " + d.getMessage());
                return d.exitCode();
            }
            throw e;
        });
        return cli.execute(args);
    }

    private static boolean helpAsked(ParseResult parsed) {
        for (ParseResult p = parsed; p != null; p = p.subcommand()) {
            if (p.isUsageHelpRequested() || p.isVersionHelpRequested()) {
                return true;
            }
        }
        return false;
    }
}
