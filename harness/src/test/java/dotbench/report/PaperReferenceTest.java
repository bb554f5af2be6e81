package dotbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The committed results/paper-reference.json: well formed, and its numbers traceable to the paper's text. */
class PaperReferenceTest {
    static final Path ROOT = Path.of(System.getProperty("dotbench.root", ".."));
    static final Path REFERENCE = ROOT.resolve("results/paper-reference.json");
    static final Set<String> UNITS = Set.of(
            "speedup",
            "throughput_improvement_percent",
            "latency_reduction_percent",
            "instructions",
            "instruction_reduction_percent",
            "cycles",
            "carry_to_add_ratio",
            "percent");

    @Test
    void everyFigureHasAQuoteASourceAUnitAndAWayToMeasureItOrAReasonWhyNot() throws Exception {
        List<PaperFigure> figures = PaperFigure.load(REFERENCE);
        assertTrue(figures.size() >= 40, "figures: " + figures.size());
        Set<String> ids = new HashSet<>();
        for (PaperFigure f : figures) {
            assertTrue(ids.add(f.id()), "duplicate id " + f.id());
            assertTrue(UNITS.contains(f.unit()), f.id() + ": unit " + f.unit());
            assertFalse(f.quote().isBlank(), f.id());
            assertTrue(f.cpu().equals("ER") || f.cpu().equals("SPR"), f.id());
            assertTrue(
                    f.notMeasurable().isPresent() != !f.measures().isEmpty(),
                    f.id() + ": either measures or a reason, not both");
        }
    }

    /**
     * Each transcribed value appears, as written, in its own quote, and each quote appears in the
     * paper's text (whitespace and the multiplication sign normalised): no number is invented.
     */
    @Test
    void valuesAreInTheirQuotesAndQuotesAreInThePaper() throws Exception {
        Path paper = ROOT.resolve("../shared/papers/000_befec93dc919c099.txt");
        String text = Files.exists(paper) ? normalise(Files.readString(paper)) : null;
        for (PaperFigure f : PaperFigure.load(REFERENCE)) {
            String v = f.value() == Math.rint(f.value())
                            && !f.unit().endsWith("percent")
                            && !f.unit().equals("speedup")
                    ? String.valueOf((long) f.value())
                    : String.valueOf(f.value());
            String quote = normalise(f.quote());
            assertTrue(
                    quote.contains(v)
                            || quote.contains(v.replaceAll("\\.0$", ""))
                            || quote.contains(String.format(Locale.ROOT, "%.2f", f.value())),
                    f.id() + ": value " + v + " not in its quote");
            if (text != null && !f.figure().startsWith("Table")) {
                for (String part : quote.split(" \\.\\.\\. |; ")) {
                    assertTrue(
                            text.contains(part.replace("~", "∼")) || text.contains(part),
                            f.id() + ": quote part not in the paper: " + part);
                }
            }
        }
    }

    private static String normalise(String s) {
        return s.replace('×', 'x')
                .replace('−', '-')
                .replace('–', '-')
                .replace("𝑤", "w")
                .replace("𝜋", "pi")
                .replace('’', '\'')
                .replaceAll("\\s+", " ")
                .replaceAll("- ", "-");
    }

    @Test
    void unitConversionsMatchHandComputedValues() throws Exception {
        PaperFigure total = PaperFigure.load(REFERENCE).stream()
                .filter(f -> f.id().equals("fig4-total"))
                .findFirst()
                .orElseThrow();
        assertEquals(1.078, total.asRatio(), 1e-12);
        assertEquals(7.8, total.inUnit(1.078), 1e-9);
        PaperFigure p50 = PaperFigure.load(REFERENCE).stream()
                .filter(f -> f.id().equals("fig9-dsa-verify-2048-p50"))
                .findFirst()
                .orElseThrow();
        // 7.9% lower latency: candidate latency 0.921 of baseline, speed ratio 1/0.921
        assertEquals(1 / 0.921, p50.asRatio(), 1e-12);
        assertEquals(7.9, p50.inUnit(1 / 0.921), 1e-9);
    }
}
