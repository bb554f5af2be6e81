package dotbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The NTT suite in the report: the committed reference rows of paper 002 (traceable to its text,
 * marked as another machine), their verdicts on an NTT result, and the speedup-over-size chart.
 */
class NttReportTest {
    static final Path REFERENCE = PaperReferenceTest.ROOT.resolve("results/reference/paper-002-ntt.json");

    @Test
    void theReferenceRowsQuoteThePaperAndNameItsMachine() throws Exception {
        List<PaperFigure> figures = PaperFigure.load(REFERENCE);
        assertEquals(3, figures.size());
        Path paper = PaperReferenceTest.ROOT.resolve("../shared/papers/002_ef41cb452854ce6a.txt");
        String text = Files.exists(paper) ? Files.readString(paper) : null;
        for (PaperFigure f : figures) {
            assertEquals(
                    "Arm Cortex-A76 (Arm NEON; a different machine from the ones dotbench measures)", f.cpuModel());
            assertTrue(f.quote().contains(String.valueOf(f.value())), f.id() + ": " + f.value() + " not in its quote");
            assertTrue(text == null || text.contains(f.quote()), f.id() + ": the quote is not in the paper");
            assertTrue(f.metric().contains("A different machine"), f.id());
            assertEquals(2, f.measures().size(), f.id());
        }
    }

    /** An ntt result where the IFMA NTT is slower than GMP at 88 limbs and faster from 132 on. */
    private static Path nttFile(Path dir) throws Exception {
        Map<String, double[]> ifma = new LinkedHashMap<>();
        ifma.put("mul(64)", new double[] {0.6, 0.59, 0.61});
        ifma.put("mul(88)", new double[] {0.66, 0.65, 0.67});
        ifma.put("mul(132)", new double[] {1.2, 1.18, 1.22});
        ifma.put("mul(256)", new double[] {1.3, 1.28, 1.32});
        ifma.put("sqr(256)", new double[] {1.2, 1.18, 1.22});
        Path file = new ResultFixtures("ntt", "AMD EPYC 9R14", ResultFixtures.ZEN4_FLAGS, "ifma")
                .variants("gmp-stock", "ntt-ifma")
                .comparison("gmp-stock", "ntt-ifma", ifma, Map.of())
                .write(dir.resolve("ntt.json"));
        JsonObject root = JsonParser.parseString(Files.readString(file)).getAsJsonObject();
        JsonObject crossover = new JsonObject();
        crossover.addProperty("candidate", "ntt-ifma");
        crossover.addProperty("op", "mul");
        crossover.addProperty("limbs", 132);
        crossover.addProperty("min_limbs_measured", 64);
        crossover.addProperty("max_limbs_measured", 256);
        JsonArray a = new JsonArray();
        a.add(crossover);
        root.add("crossover", a);
        Files.writeString(file, root.toString());
        return file;
    }

    @Test
    void theRowsJudgeWhatThisMachineShows(@TempDir Path dir) throws Exception {
        List<Machine> machines = Machine.group(List.of(ResultFile.load(nttFile(dir))));
        Map<String, Reproduction.Cell> ifma = new LinkedHashMap<>();
        for (Reproduction.Row r : Reproduction.table(PaperFigure.load(REFERENCE), machines)) {
            if (r.pathway().startsWith("IFMA")) {
                ifma.put(r.figure().id(), r.cells().getFirst());
            }
        }
        assertEquals(Verdict.NOT_REPRODUCED, ifma.get("ntt002-5632-bits").verdict(), "slower at 5,632 bits");
        assertEquals(0.66, ifma.get("ntt002-5632-bits").measured().orElseThrow().ratio(), 1e-9);
        assertEquals(Verdict.REPRODUCED, ifma.get("ntt002-8448-bits").verdict(), "20% faster at 8,448 bits");
        Reproduction.Cell crossover = ifma.get("ntt002-crossover");
        assertEquals(0.66, crossover.measured().orElseThrow().ratio(), 1e-9, "the smallest ratio from 88 limbs up");
        assertEquals(Verdict.NOT_REPRODUCED, crossover.verdict());
    }

    @Test
    void theChartPlotsEachPairOverSizeWithTheCrossoverInItsTitle(@TempDir Path dir) throws Exception {
        List<Machine> machines = Machine.group(List.of(ResultFile.load(nttFile(dir))));
        List<Charts.Chart> charts = NttCurves.charts(machines);
        assertEquals(
                List.of("ntt-m0-mul"), charts.stream().map(Charts.Chart::id).toList(), "sqr has one size only");
        String svg = charts.getFirst().svg();
        assertTrue(svg.contains("ntt-ifma from 132 limbs (8448 bits)"), svg);
        assertTrue(svg.contains("ntt-ifma vs gmp-stock"), svg);
    }
}
