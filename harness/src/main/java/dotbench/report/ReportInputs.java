package dotbench.report;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The result files a report is made from: files named directly must be dotbench results; in a
 * folder, every *.json that is one is taken; the rest is skipped, with a note unless it is the
 * paper reference that lives in results/ beside them.
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
                        try {
                            out.add(ResultFile.load(f));
                        } catch (IOException e) {
                            if (!f.getFileName().toString().equals("paper-reference.json")) {
                                notes.println("report: skipping " + f + ": " + e.getMessage());
                            }
                        }
                    }
                }
            } else {
                out.add(ResultFile.load(p));
            }
        }
        return out;
    }
}
