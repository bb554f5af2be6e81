package dotbench.report;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The result files a report is made from: a file named directly or a *.json in a named folder is
 * taken when it is a usable dotbench result; any other is skipped with a note naming it and why
 * (the paper reference that lives in results/ beside them silently). A path that does not exist
 * is an error.
 */
public final class ReportInputs {
    private ReportInputs() {}

    public static List<ResultFile> collect(List<Path> paths, PrintWriter notes) throws IOException {
        List<ResultFile> out = new ArrayList<>();
        for (Path p : paths) {
            if (Files.isDirectory(p)) {
                try (Stream<Path> s = Files.list(p)) {
                    for (Path f : s.filter(x -> x.toString().endsWith(".json"))
                            .sorted()
                            .toList()) {
                        take(f, notes, out);
                    }
                }
            } else if (!Files.exists(p)) {
                throw new NoSuchFileException(p.toString(), null, "no such file or folder");
            } else {
                take(p, notes, out);
            }
        }
        return out;
    }

    private static void take(Path f, PrintWriter notes, List<ResultFile> out) {
        try {
            out.add(ResultFile.load(f));
        } catch (IOException e) {
            if (!f.getFileName().toString().equals("paper-reference.json")) {
                notes.println("report: skipping " + e.getMessage());
            }
        }
    }
}
