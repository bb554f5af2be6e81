package dotbench.pipeline;

import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A benchmark suite on the pipeline. It declares its options and profile, and opens a run: loads
 * its variants and sets up its cases; selection of pairs, the runner, the result model, the JSON
 * file, the ratio tables and the exit status are shared. A new suite is a package with one class
 * implementing this and a line in the registry ({@code dotbench.cli.Suites}).
 *
 * @param <D> the suite's record of one case (see {@link Case})
 */
public interface Suite<D> {
    /** Its subcommand and the "suite" field of its result files, e.g. "gmpbench". */
    String name();

    /** What it runs, for --help. */
    String description();

    /**
     * Its own command-line options: an object with picocli {@code @Option} fields, added to its
     * subcommand beside the shared ones (--variants, --pairs, --quick, --samples,
     * --noise-threshold, --out).
     */
    Object options();

    /** The profile's settings with the suite's own timing options applied (a bad value: IllegalArgumentException). */
    Settings settings(boolean quick);

    /** Checks its options, loads the variants and sets up the cases; errors are {@link DotbenchException}s. */
    SuiteRun<D> open(Context context);

    /** The check against a native reference, for the suites that have one (`dotbench fidelity NAME`). */
    default Optional<FidelityCheck> fidelity() {
        return Optional.empty();
    }

    /**
     * What a run is opened with.
     *
     * @param variants the --variants value, if given
     * @param progress receives progress lines (stderr)
     */
    record Context(Path root, Settings settings, Optional<String> variants, Consumer<String> progress) {}
}
