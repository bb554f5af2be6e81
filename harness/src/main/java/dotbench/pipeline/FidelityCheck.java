package dotbench.pipeline;

import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A suite's check against a native reference (`dotbench fidelity SUITE`): the harness's figures
 * and the reference program's, measured in rounds that alternate which side goes first, must agree
 * within a tolerance. The suite's own options (its picocli mixin) are parsed before {@link #run}.
 */
public interface FidelityCheck {
    /** What is compared with what, for --help. */
    String description();

    /** The check's own options (picocli {@code @Option} fields), e.g. the reference program's path. */
    Object options();

    int defaultRounds();

    double defaultTolerance();

    /** Runs the check (errors as {@link DotbenchException}s) and returns the verdict. */
    Verdict run(Request request) throws Exception;

    /**
     * What the check is run with: the shared suite options as given.
     *
     * @param out where to write the result file of the harness's last round, if the check keeps one
     */
    record Request(
            Path root,
            Settings settings,
            Optional<String> variants,
            Optional<String> pairs,
            Optional<Path> out,
            int rounds,
            double tolerance,
            String commandLine,
            Consumer<String> progress) {}

    /**
     * The outcome.
     *
     * @param table what the command prints: the figures of both sides per round and the verdict
     */
    record Verdict(boolean passed, String table) {}
}
