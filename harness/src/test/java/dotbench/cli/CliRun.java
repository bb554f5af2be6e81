package dotbench.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** One `dotbench` command line run in this JVM: its exit status and what it printed. */
public record CliRun(int status, String out, String err) {
    public static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new CliRun(status, out.toString(), err.toString());
    }
}
