package dotbench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The result files of one machine (same CPU model and host name). A fleet view has one column per
 * machine; where a machine has several files of one suite, the newest stands for it.
 */
public record Machine(String label, List<ResultFile> files) {
    public Machine {
        files = List.copyOf(files);
    }

    public Optional<ResultFile> latest(String suite) {
        return files.stream().filter(f -> suite.equals(f.suite())).max(Comparator.comparing(ResultFile::date));
    }

    public ResultFile any() {
        return files.getFirst();
    }

    /** Groups files by machine, machines in the order their first file was given. */
    public static List<Machine> group(List<ResultFile> files) {
        Map<String, List<ResultFile>> by = new LinkedHashMap<>();
        for (ResultFile f : files) {
            by.computeIfAbsent(f.machine(), k -> new ArrayList<>()).add(f);
        }
        return by.entrySet().stream()
                .map(e -> new Machine(e.getKey(), e.getValue()))
                .toList();
    }
}
