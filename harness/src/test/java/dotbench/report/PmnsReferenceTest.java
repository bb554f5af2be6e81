package dotbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * results/reference/paper-001-pmns.json (the PMNS paper's claims) against the paper's text, and its
 * rows and the Table 5 figure against the committed modmul result.
 */
class PmnsReferenceTest {
    static final Path ROOT = PaperReferenceTest.ROOT;
    static final Path REFERENCE = ROOT.resolve("results/reference/paper-001-pmns.json");

    /** The claims are percentages: each figure's value, as a percentage, is written in its quote, and the quote is in the paper. */
    @Test
    void valuesAreInTheirQuotesAndQuotesAreInThePaper() throws IOException {
        Path paper = ROOT.resolve("../shared/papers/001_e9e861d1c67912de.txt");
        String text = Files.exists(paper) ? Files.readString(paper) : null;
        List<PaperFigure> figures = PaperFigure.load(REFERENCE);
        assertEquals(3, figures.size());
        for (PaperFigure f : figures) {
            double percent = f.unit().equals("speedup") ? (f.value() - 1) * 100 : f.value();
            assertTrue(
                    f.quote().contains(String.format(Locale.ROOT, "%.0f%%", percent)),
                    f.id() + ": " + percent + "% not in its quote");
            assertTrue(text == null || text.contains(f.quote()), f.id() + ": quote not in the paper");
            assertTrue(f.notMeasurable().isPresent() != !f.measures().isEmpty(), f.id());
        }
    }

    private static List<ResultFile> modmulResults() throws IOException {
        try (Stream<Path> s = Files.list(ROOT.resolve("results"))) {
            return s.filter(p -> p.getFileName().toString().matches("modmul-quick-zen4-.*\\.json"))
                    .map(p -> {
                        try {
                            return ResultFile.load(p);
                        } catch (IOException e) {
                            throw new IllegalStateException(e);
                        }
                    })
                    .toList();
        }
    }

    @Test
    void everyMeasurableRowIsJudgedFromTheCommittedModmulResult() throws IOException {
        List<ResultFile> files = modmulResults();
        assertFalse(files.isEmpty(), "a committed modmul result");
        List<Machine> machines = Machine.group(files);
        List<Reproduction.Row> rows = Reproduction.table(PaperFigure.load(REFERENCE), machines);
        assertEquals(4, rows.size(), "two single-pathway figures, one with two pathways");
        for (Reproduction.Row r : rows) {
            Reproduction.Cell c = r.cells().get(0);
            if (r.measure().isPresent()) {
                assertNotEquals(
                        Verdict.NOT_MEASURED, c.verdict(), r.figure().id() + " " + r.pathway() + ": " + c.note());
                assertTrue(c.measured().isPresent(), r.figure().id());
            } else {
                assertEquals(Verdict.NOT_MEASURABLE, c.verdict());
            }
        }
        String md = ModMulTable.markdown(machines);
        assertEquals(
                12,
                md.lines()
                        .filter(l -> l.matches("\\| (1024|2048|4096|8192) \\| .*"))
                        .count(),
                md);
        assertTrue(ModMulTable.html(machines).contains("<td>8192</td>"));
        assertEquals("", ModMulTable.markdown(List.of()), "no modmul result, no table");
    }
}
