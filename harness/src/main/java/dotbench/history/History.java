package dotbench.history;

import dotbench.report.PairRatios;
import dotbench.stats.RatioEstimate;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A history: every run found under the given folders (result files and history entries, at any
 * depth), cut into series per suite, machine, A/B pair and figure, each with its change points.
 */
public record History(List<HistoryRun> runs, List<Series> series, EDivisive.Settings settings) {
    /** Reads every *.json under the paths; files that are neither kind are skipped with a note. */
    public static List<HistoryRun> read(List<Path> paths, PrintWriter notes) throws IOException {
        List<HistoryRun> runs = new ArrayList<>();
        for (Path p : paths) {
            if (!Files.exists(p)) {
                throw new IOException("no such file or folder: " + p);
            }
            List<Path> files;
            try (Stream<Path> s = Files.isDirectory(p) ? Files.walk(p) : Stream.of(p)) {
                files = s.filter(f -> Files.isRegularFile(f) && f.toString().endsWith(".json"))
                        .sorted()
                        .toList();
            }
            for (Path f : files) {
                try {
                    runs.add(HistoryRun.load(f));
                } catch (IOException e) {
                    if (!f.getFileName().toString().equals("paper-reference.json")) {
                        notes.println("history: skipping " + f + ": " + e.getMessage());
                    }
                }
            }
        }
        return runs;
    }

    /** Runs in date order (ties by commit), series in first-seen order, change points found. */
    public static History build(List<HistoryRun> runs, EDivisive.Settings settings) {
        return build(runs, settings, line -> {});
    }

    /**
     * The same, saying how many series there are before the search (its cost grows with the
     * square of the runs, times the permutations) and, every few seconds while it goes on, how
     * far it got and about how long is left.
     */
    public static History build(List<HistoryRun> runs, EDivisive.Settings settings, Consumer<String> progress) {
        return build(runs, settings, progress, PROGRESS_EVERY_NS);
    }

    private static final long PROGRESS_EVERY_NS = 5_000_000_000L;

    static History build(
            List<HistoryRun> runs, EDivisive.Settings settings, Consumer<String> progress, long progressEveryNs) {
        List<HistoryRun> ordered = runs.stream()
                .sorted(Comparator.comparing(HistoryRun::date).thenComparing(HistoryRun::commit))
                .toList();
        Map<Series.Key, List<Series.Point>> points = new LinkedHashMap<>();
        for (HistoryRun run : ordered) {
            for (PairRatios pair : run.pairs()) {
                add(points, run, pair, pair.scopes(), true);
                add(points, run, pair, pair.tests(), false);
            }
        }
        progress.accept(String.format(
                Locale.ROOT,
                "history: %d run(s), %d series; looking for change points (%d permutations per split)",
                ordered.size(),
                points.size(),
                settings.permutations()));
        List<Series> series = new ArrayList<>();
        long start = System.nanoTime();
        long shown = start;
        for (Map.Entry<Series.Key, List<Series.Point>> e : points.entrySet()) {
            series.add(new Series(e.getKey(), List.copyOf(e.getValue()), changes(e.getValue(), settings)));
            long now = System.nanoTime();
            if (now - shown >= progressEveryNs && series.size() < points.size()) {
                shown = now;
                double seconds = (now - start) / 1e9;
                progress.accept(String.format(
                        Locale.ROOT,
                        "history: [%d/%d series] (%.0f s, about %.0f s left)",
                        series.size(),
                        points.size(),
                        seconds,
                        seconds / series.size() * (points.size() - series.size())));
            }
        }
        return new History(ordered, series, settings);
    }

    private static void add(
            Map<Series.Key, List<Series.Point>> points,
            HistoryRun run,
            PairRatios pair,
            Map<String, RatioEstimate> figures,
            boolean scope) {
        figures.forEach((figure, r) -> points.computeIfAbsent(
                        new Series.Key(
                                run.suiteProfile(), run.machine(), pair.baseline(), pair.candidate(), figure, scope),
                        k -> new ArrayList<>())
                .add(new Series.Point(run.shortCommit(), run.date().toString(), run.source(), r)));
    }

    static List<Series.Change> changes(List<Series.Point> pts, EDivisive.Settings settings) {
        double[] x = pts.stream().mapToDouble(p -> p.ratio().ratio()).toArray();
        List<EDivisive.ChangePoint> found = EDivisive.find(x, settings);
        List<Series.Change> out = new ArrayList<>();
        for (int i = 0; i < found.size(); i++) {
            int at = found.get(i).index();
            int from = i == 0 ? 0 : found.get(i - 1).index();
            int to = i + 1 < found.size() ? found.get(i + 1).index() : x.length;
            out.add(new Series.Change(
                    at,
                    pts.get(at).commit(),
                    pts.get(at - 1).commit(),
                    mean(x, from, at),
                    mean(x, at, to),
                    found.get(i).pValue()));
        }
        return out;
    }

    private static double mean(double[] x, int from, int to) {
        double s = 0;
        for (int i = from; i < to; i++) {
            s += x[i];
        }
        return s / (to - from);
    }

    public List<Series> withChanges() {
        return series.stream().filter(s -> !s.changes().isEmpty()).toList();
    }
}
