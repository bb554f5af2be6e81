package dotbench.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryTest {
    @TempDir
    Path dir;

    private static Series series(History h, String figure) {
        return h.series().stream()
                .filter(s -> s.key().figure().equals(figure))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void theStepIsFoundAtItsCommitAndTheFlatSeriesIsNot() {
        List<HistoryRun> shuffled = new ArrayList<>(SyntheticHistory.runs(5));
        Collections.shuffle(shuffled, new Random(1));
        History h = History.build(shuffled, EDivisive.Settings.DEFAULT);
        assertEquals(2, h.series().size());
        Series stepped = series(h, SyntheticHistory.STEPPED);
        assertEquals(SyntheticHistory.RUNS, stepped.points().size());
        assertEquals(1, stepped.changes().size(), "changes: " + stepped.changes());
        Series.Change c = stepped.changes().getFirst();
        assertEquals(SyntheticHistory.STEP_AT, c.index(), "runs are put back in date order before the search");
        assertEquals(SyntheticHistory.commit(SyntheticHistory.STEP_AT).substring(0, 7), c.commit());
        assertEquals(SyntheticHistory.commit(SyntheticHistory.STEP_AT - 1).substring(0, 7), c.previousCommit());
        assertEquals(-0.05, c.relative(), 0.015);
        assertTrue(
                series(h, SyntheticHistory.FLAT).changes().isEmpty(),
                "flat series: " + series(h, SyntheticHistory.FLAT).changes());
    }

    @Test
    void markdownAndHtmlNameTheCommitOfTheChange() {
        History h = History.build(SyntheticHistory.runs(5), EDivisive.Settings.DEFAULT);
        String md = HistoryMarkdown.render(h);
        assertTrue(
                md.contains(
                        "| gmpbench quick | dot vs stock | multiply(8192,8192) | AMD EPYC @ ci | c110000 .. **c120000** |"),
                md);
        assertTrue(md.contains("| gmpbench quick | dot vs stock | gcd(128,128) | AMD EPYC @ ci | 24 |"), md);
        assertTrue(HistoryMarkdown.changePoints(h).length() < md.length());
        String html = HistoryHtml.render(h, "test");
        assertEquals(2, html.split("<svg ", -1).length - 1, "one trend chart per series");
        assertTrue(html.contains("stroke=\"" + TrendChart.CHANGE_COLOR + "\""), "a change-point line");
        assertTrue(html.contains(">c120000 -"), "the change is labelled with its commit and size");
        History flat = History.build(
                SyntheticHistory.runs(5).subList(0, SyntheticHistory.STEP_AT), EDivisive.Settings.DEFAULT);
        assertTrue(HistoryMarkdown.render(flat).contains("None found."));
        assertTrue(
                !HistoryHtml.render(flat, "test").contains("stroke=\"" + TrendChart.CHANGE_COLOR + "\""),
                "no change line without a change");
    }

    @Test
    void anEntryReadsBackAsTheRunItCondenses() throws IOException {
        HistoryRun run = SyntheticHistory.runs(3).get(4);
        Path f = dir.resolve(run.entryFileName());
        Files.writeString(f, run.toEntryJson());
        assertEquals(run, HistoryRun.load(f));
        assertEquals("2026-11-05T000000Z-gmpbench-c040000.json", run.entryFileName());
    }

    @Test
    void badFilesAreSkippedWithANoteAndNewerEntriesRefused() throws IOException {
        Path nested = Files.createDirectories(dir.resolve("a/b"));
        HistoryRun run = SyntheticHistory.runs(3).getFirst();
        Files.writeString(nested.resolve("one.json"), run.toEntryJson());
        Files.writeString(dir.resolve("broken.json"), "{ not json");
        Files.writeString(
                dir.resolve("newer.json"), run.toEntryJson().replace("\"schema_version\": 1", "\"schema_version\": 2"));
        Files.writeString(dir.resolve("array-schema.json"), "{\"schema\": [1]}");
        Files.writeString(
                dir.resolve("text-version.json"),
                "{\"schema\": \"" + HistoryRun.ENTRY_SCHEMA + "\", \"schema_version\": \"abc\"}");
        StringWriter notes = new StringWriter();
        List<HistoryRun> read = History.read(List.of(dir), new PrintWriter(notes, true));
        assertTrue(notes.toString().contains("array-schema.json: not a dotbench result file"), notes.toString());
        assertTrue(
                notes.toString().contains("text-version.json: history entry schema_version \"abc\" is not one"),
                notes.toString());
        assertEquals(List.of(run), read, "the entry two folders down is found");
        assertTrue(notes.toString().contains("broken.json: not JSON"), notes.toString());
        assertTrue(
                notes.toString().contains("newer.json: history entry schema_version 2 is not one this reader knows"),
                notes.toString());
        assertThrows(IOException.class, () -> History.read(List.of(dir.resolve("absent")), new PrintWriter(notes)));
    }

    @Test
    void theSearchSaysHowBigItIsAndHowFarItGot() {
        List<String> lines = new ArrayList<>();
        History h = History.build(SyntheticHistory.runs(5), EDivisive.Settings.DEFAULT, lines::add, 0);
        int n = h.series().size();
        assertTrue(n > 1, "series: " + n);
        assertEquals(
                "history: " + h.runs().size() + " run(s), " + n
                        + " series; looking for change points (499 permutations per split)",
                lines.getFirst());
        assertEquals(n, lines.size(), "one line before the search, then one per series but the last: " + lines);
        assertTrue(
                lines.get(1).matches("history: \\[1/" + n + " series\\] \\(\\d+ s, about \\d+ s left\\)"),
                lines.get(1));
    }
}
