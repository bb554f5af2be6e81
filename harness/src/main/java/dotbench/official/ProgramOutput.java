package dotbench.official;

import java.math.BigDecimal;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one run of a GMPbench 0.2 program printed: its iteration count ("... 1234 times...") and
 * its RESULT line, the figure runbench reads (grep "^RESULT", the number after the colon).
 *
 * @param iterations the timed loop's iteration count
 * @param result     the RESULT figure exactly as printed (runbench computes with this text)
 */
public record ProgramOutput(long iterations, String result) {
    private static final Pattern RESULT = Pattern.compile("(?m)^RESULT: ([0-9.]*).*$");
    private static final Pattern TIMES = Pattern.compile("(\\d+) times\\.\\.\\.");

    public ProgramOutput {
        if (iterations < 1) {
            throw new IllegalArgumentException("a program runs its loop at least once, got " + iterations);
        }
        if (!(new BigDecimal(result).signum() > 0)) {
            throw new IllegalArgumentException("RESULT must be a positive rate, got " + result);
        }
    }

    /** The RESULT figure in operations per second. */
    public double opsPerSecond() {
        return Double.parseDouble(result);
    }

    /** Reads a program's standard output; a missing or malformed line is an IllegalArgumentException naming it. */
    public static ProgramOutput parse(String stdout) {
        Matcher r = RESULT.matcher(stdout);
        if (!r.find() || r.group(1).isEmpty()) {
            throw new IllegalArgumentException("no 'RESULT: <rate>' line in the program's output:\n" + stdout);
        }
        Matcher t = TIMES.matcher(stdout);
        if (!t.find()) {
            throw new IllegalArgumentException("no '<N> times...' iteration count in the program's output:\n" + stdout);
        }
        try {
            return new ProgramOutput(Long.parseLong(t.group(1)), r.group(1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "unreadable figure in the program's output: " + e.getMessage() + "\n" + stdout, e);
        }
    }
}
