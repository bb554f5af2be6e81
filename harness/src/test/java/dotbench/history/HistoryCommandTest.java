package dotbench.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dotbench.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryCommandTest {
    @TempDir
    Path dir;

    private static CliRun cli(String... args) {
        return CliRun.of(args);
    }

    @Test
    void addCondensesAResultIntoTheStoreAndRendersTheHistory() throws Exception {
        Path store = Files.createDirectories(dir.resolve("store"));
        Path out = dir.resolve("out");
        CliRun o = cli(
                "history",
                "--add",
                "../results/gmpbench-quick-zen4-ee422f1.json",
                "--out-dir",
                out.toString(),
                store.toString());
        assertEquals(0, o.status(), o.err());
        Path entry = store.resolve("2026-11-30T040807Z-gmpbench-ee422f1-dirty.json");
        assertTrue(Files.isRegularFile(entry), o.out());
        assertTrue(
                Files.size(entry) < 40_000,
                "an entry keeps the ratios, not the samples: " + Files.size(entry) + " bytes");
        assertTrue(o.out().contains("history: 1 run(s), 96 series, 0 change point(s)"), o.out());
        assertTrue(
                Files.readString(out.resolve("history.md")).contains("| gmpbench quick | dot vs stock | **total** |"));
        assertTrue(Files.readString(out.resolve("history-changes.md")).contains("None found."));
        assertTrue(Files.readString(out.resolve("history.html")).contains("<svg "));
    }

    @Test
    void theReportCarriesTheTrendsOfAHistory() throws Exception {
        Path out = dir.resolve("report");
        CliRun o = cli(
                "report",
                "--history",
                "../results/history",
                "--out-dir",
                out.toString(),
                "../results/gmpbench-quick-zen4-ee422f1.json");
        assertEquals(0, o.status(), o.err());
        String html = Files.readString(out.resolve("report.html"));
        assertTrue(html.contains("<h2 id=\"trends\">Trends over commits</h2>"));
        // no change point in the sample: the charts are the GMPbench scopes, 9 for each of the 2 pairs
        assertEquals(18, html.split("id=\"report-trend-", -1).length - 1);
        assertTrue(
                Files.readString(out.resolve("report.md")).contains("## dotbench history\n\n8 run(s) at 6 commit(s)"));
        CliRun plain = cli(
                "report", "--out-dir", dir.resolve("plain").toString(), "../results/gmpbench-quick-zen4-ee422f1.json");
        assertEquals(0, plain.status(), plain.err());
        assertTrue(
                !Files.readString(dir.resolve("plain/report.html")).contains("id=\"trends\""),
                "no trends without --history");
    }

    @Test
    void badRequestsAreRefusedWithOneLine() throws Exception {
        CliRun addToFile = cli(
                "history",
                "--add",
                "../results/gmpbench-quick-zen4-ee422f1.json",
                "../results/gmpbench-quick-zen4-ee422f1.json");
        assertEquals(2, addToFile.status());
        assertTrue(addToFile.err().contains("--add needs exactly one history folder"), addToFile.err());
        CliRun empty = cli(
                "history",
                "--out-dir",
                dir.resolve("o").toString(),
                Files.createDirectories(dir.resolve("empty")).toString());
        assertEquals(2, empty.status());
        assertTrue(empty.err().contains("no result file or history entry under"), empty.err());
        CliRun absent = cli("history", dir.resolve("absent").toString());
        assertEquals(5, absent.status());
        assertTrue(absent.err().contains("no such file or folder"), absent.err());
        CliRun badLevel = cli("history", "--significance", "1.5", dir.toString());
        assertEquals(2, badLevel.status());
    }
}
