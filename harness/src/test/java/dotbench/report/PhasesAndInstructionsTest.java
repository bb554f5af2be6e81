package dotbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dotbench.stats.RatioEstimate;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The paper's Table 1/3 rows read the committed bench_phases result (suite "phases") and its
 * Figure 3(c) instruction rows the committed valgrind counts (suite "icount"): each row shows
 * the measured value, and a file whose metric or pair is not the row's is never taken for it.
 */
class PhasesAndInstructionsTest {
    @TempDir
    Path dir;

    private static Path committed(String prefix) throws IOException {
        try (Stream<Path> s = Files.list(PaperReferenceTest.ROOT.resolve("results"))) {
            return s.filter(p -> p.getFileName().toString().startsWith(prefix)
                            && p.toString().endsWith(".json"))
                    .sorted()
                    .reduce((a, b) -> b)
                    .orElseThrow(() -> new AssertionError("no committed results/" + prefix + "*.json"));
        }
    }

    private static PaperFigure figure(String id) throws IOException {
        return PaperFigure.load(PaperReferenceTest.REFERENCE).stream()
                .filter(f -> f.id().equals(id))
                .findFirst()
                .orElseThrow();
    }

    private static List<Reproduction.Row> rows(String id, Path file) throws IOException {
        return Reproduction.table(List.of(figure(id)), Machine.group(List.of(ResultFile.load(file))));
    }

    private static JsonObject json(Path file) throws IOException {
        return JsonParser.parseString(Files.readString(file)).getAsJsonObject();
    }

    private static JsonObject test(JsonObject root, String name) {
        for (var t : root.getAsJsonArray("tests")) {
            if (t.getAsJsonObject().get("name").getAsString().equals(name)) {
                return t.getAsJsonObject();
            }
        }
        throw new AssertionError("no test " + name);
    }

    private Path write(String name, JsonObject root) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, root.toString());
        return p;
    }

    @Test
    void ifmaShareRowShowsTheCommittedMeasurementWithAVerdict() throws Exception {
        Path file = committed("phases-zen4-");
        JsonObject m = test(json(file), "mul_4x4-ifma-random")
                .getAsJsonObject("metrics")
                .getAsJsonObject("ifma_share_percent");
        Reproduction.Cell cell =
                rows("tab3-dot-mul-ifma-share", file).getFirst().cells().getFirst();
        RatioEstimate v = cell.measured().orElseThrow();
        assertEquals(m.get("value").getAsDouble(), v.ratio(), 1e-9);
        assertEquals(m.get("ci_low").getAsDouble(), v.low(), 1e-9);
        assertEquals(m.get("ci_high").getAsDouble(), v.high(), 1e-9);
        assertEquals(Verdict.judgeMagnitude(19.4, v), cell.verdict());
        assertTrue(cell.note().contains(file.getFileName().toString()), cell.note());
        assertTrue(cell.note().contains("phase-truncated"), cell.note());
        String md = MarkdownReport.render(ReportModel.build(
                List.of(ResultFile.load(file)),
                PaperReferenceTest.REFERENCE,
                List.of(figure("tab3-dot-mul-ifma-share")),
                "now"));
        assertTrue(md.contains(String.format(Locale.ROOT, "%.1f%%", v.ratio())), md);
        assertTrue(md.contains(cell.verdict().label()), md);
    }

    @Test
    void aMetricOfAnotherNameIsNotTakenForTheRow() throws Exception {
        JsonObject root = json(committed("phases-zen4-"));
        JsonObject metrics = test(root, "mul_4x4-ifma-random").getAsJsonObject("metrics");
        // planted: the same number under another metric (a share of the whole call, loop included)
        metrics.add("ifma_share_of_call_percent", metrics.remove("ifma_share_percent"));
        Reproduction.Cell cell = rows("tab3-dot-mul-ifma-share", write("phases-wrong-metric.json", root))
                .getFirst()
                .cells()
                .getFirst();
        assertTrue(cell.measured().isEmpty(), cell.toString());
        assertEquals(Verdict.NOT_MEASURED, cell.verdict());
        assertTrue(cell.note().contains("has no metric ifma_share_percent"), cell.note());
    }

    @Test
    void aShareFarFromThePapersIsNotReproduced() throws Exception {
        JsonObject root = json(committed("phases-zen4-"));
        JsonObject m =
                test(root, "mul_4x4-ifma-random").getAsJsonObject("metrics").getAsJsonObject("ifma_share_percent");
        m.addProperty("value", 60.0);
        m.addProperty("ci_low", 58.0);
        m.addProperty("ci_high", 62.0);
        Reproduction.Cell cell = rows("tab3-dot-mul-ifma-share", write("phases-far.json", root))
                .getFirst()
                .cells()
                .getFirst();
        assertEquals(60.0, cell.measured().orElseThrow().ratio(), 0);
        assertEquals(Verdict.NOT_REPRODUCED, cell.verdict());
    }

    @Test
    void magnitudeRuleNeedsTheWholeIntervalWithinAFactorOfTwo() {
        assertEquals(Verdict.REPRODUCED, Verdict.judgeMagnitude(19.4, new RatioEstimate(17.3, 17.1, 17.8, false)));
        assertEquals(
                Verdict.NOT_REPRODUCED,
                Verdict.judgeMagnitude(19.4, new RatioEstimate(11.0, 9.6, 12.0, false)),
                "the low end is below half the paper's value");
        assertEquals(
                Verdict.NOT_REPRODUCED,
                Verdict.judgeMagnitude(19.4, new RatioEstimate(30.0, 25.0, 39.0, false)),
                "the high end is above twice the paper's value");
        assertEquals(Verdict.NOT_REPRODUCED, Verdict.judgeMagnitude(22.9, new RatioEstimate(0.9, 0.9, 1.4, false)));
    }

    @Test
    void anUndefinedCarryRatioIsShownAsNotMeasurableWithTheFilesReason() throws Exception {
        JsonObject root = json(committed("phases-zen4-"));
        JsonObject m =
                test(root, "add-avx512-random").getAsJsonObject("metrics").getAsJsonObject("carry_to_add_ratio");
        Reproduction.Cell cell = rows("tab3-dot-carry-ratio", committed("phases-zen4-"))
                .getFirst()
                .cells()
                .getFirst();
        if (m.get("value").isJsonNull()) {
            assertTrue(cell.measured().isEmpty());
            assertEquals(Verdict.NOT_MEASURABLE, cell.verdict());
            assertTrue(cell.note().contains(m.get("undefined_because").getAsString()), cell.note());
        } else {
            assertEquals(
                    m.get("value").getAsDouble(), cell.measured().orElseThrow().ratio(), 1e-9);
            assertNotEquals(Verdict.NOT_MEASURABLE, cell.verdict());
        }
        // planted: a defined ratio in the same file is shown and judged
        m.addProperty("value", 5.1);
        m.addProperty("ci_low", 4.0);
        m.addProperty("ci_high", 6.0);
        Reproduction.Cell planted = rows("tab3-dot-carry-ratio", write("phases-defined.json", root))
                .getFirst()
                .cells()
                .getFirst();
        assertEquals(5.1, planted.measured().orElseThrow().ratio(), 0);
        assertEquals(Verdict.REPRODUCED, planted.verdict());
    }

    @Test
    void instructionRowsShowTheGeomeanReductionOfTheCommittedCounts() throws Exception {
        Path file = committed("icount-fig3c-zen4-");
        JsonObject root = json(file);
        String[][] cases = {
            {"fig3c-dotmp-add-instructions", "add_n", "gmp"},
            {"fig3c-dotmp-sub-instructions", "sub_n", "gmp"},
            {"fig3c-dotssl-add-instructions", "bn_uadd", "openssl"},
            {"fig3c-dotssl-sub-instructions", "bn_usub", "openssl"},
        };
        for (String[] c : cases) {
            for (Reproduction.Row row : rows(c[0], file)) {
                PaperFigure.Measure m = row.measure().orElseThrow();
                assertTrue(m.candidate().endsWith("@avx2") && row.pathway().contains("avx2"), row.pathway());
                // by hand from the per-call counts: the geometric mean of baseline/candidate
                double logs = 0;
                for (int limbs : Reproduction.PAPER_LIMBS) {
                    JsonObject perCall = test(root, c[1] + "(" + limbs + ")").getAsJsonObject("instructions_per_call");
                    logs += Math.log(perCall.get(m.baseline()).getAsDouble()
                            / perCall.get(m.candidate()).getAsDouble());
                }
                double ratio = Math.exp(logs / Reproduction.PAPER_LIMBS.size());
                Reproduction.Cell cell = row.cells().getFirst();
                assertEquals(ratio, cell.measured().orElseThrow().ratio(), 1e-9, c[0]);
                assertEquals(
                        Verdict.judge(row.figure().asRatio(), cell.measured().get()), cell.verdict());
            }
        }
    }

    @Test
    void countsOfAnotherIsaAreNotTakenForTheAvx2Row() throws Exception {
        JsonObject root = json(committed("icount-fig3c-zen4-"));
        // planted: the avx2 pair renamed, as if it had been counted at avx512
        for (var c : root.getAsJsonArray("comparisons")) {
            JsonObject o = c.getAsJsonObject();
            o.addProperty("candidate", o.get("candidate").getAsString().replace("@avx2", "@avx512"));
        }
        for (Reproduction.Row row : rows("fig3c-dotmp-add-instructions", write("icount-renamed.json", root))) {
            Reproduction.Cell cell = row.cells().getFirst();
            assertTrue(cell.measured().isEmpty(), cell.toString());
            assertEquals(Verdict.NOT_MEASURED, cell.verdict());
        }
    }

    @Test
    void reductionUnitConvertsBothWays() throws Exception {
        PaperFigure f = figure("fig3c-dotmp-add-instructions");
        // 78.6% fewer instructions: the candidate executes 0.214 of the baseline's
        assertEquals(1 / 0.214, f.asRatio(), 1e-12);
        assertEquals(78.6, f.inUnit(1 / 0.214), 1e-9);
        assertEquals("0.5% more", f.format(f.inUnit(1 / 1.005)));
    }
}
