package dotbench.pipeline;

/** dotbench's exit statuses (also listed in `dotbench --help`). */
public final class ExitCodes {
    private ExitCodes() {}

    public static final int OK = 0;
    /** A variant computed a wrong answer: its figures are withheld, the rest are reported. */
    public static final int WRONG_ANSWER = 1;
    /** Bad command line: unknown option, test, variant or pair, a bad value, or a bad DOT_ISA/DOT_CPU_DISABLE/DOT_CROSSOVER/DOT_BASECASE. */
    public static final int USAGE = 2;
    /** A library or helper the command needs is not built or cannot be loaded (a broken manifest included). */
    public static final int MISSING_BUILD = 3;
    /** fidelity: Java and native ratios differ by more than the tolerance. */
    public static final int FIDELITY_MISMATCH = 4;
    /** A file could not be read (missing, a folder, not UTF-8 JSON, not a usable result file) or written. */
    public static final int IO_ERROR = 5;
    /** compare: at least one figure regressed (its whole CI beyond the threshold). */
    public static final int REGRESSION = 10;
    /** compare: the two runs are not comparable (CPU model, variant set, libdot ISA or suite), or share no figure. */
    public static final int NOT_COMPARABLE = 11;

    public static final String HELP = """
            Exit status: 0 ok; 1 a variant computed a wrong answer (reported FAILED,
            never timed as fast); 2 bad usage (unknown option, test, variant, pair, a
            bad value, or a bad DOT_ISA, DOT_CPU_DISABLE, DOT_CROSSOVER or DOT_BASECASE); 3 a needed
            library or helper is not built or cannot be loaded; 4 fidelity: Java and
            native ratios disagree beyond the tolerance; 5 a file cannot be read
            (missing, a folder, not UTF-8 JSON, not a usable result file) or written;
            compare: 10 a regression, 11 the runs are not comparable or share no
            figure. Every error is one line on stderr starting "dotbench: "; no result
            file is left half-written.""";
}
