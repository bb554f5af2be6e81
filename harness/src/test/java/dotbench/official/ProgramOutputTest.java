package dotbench.official;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The two figures runbench's programs print, read from their real output shapes. */
class ProgramOutputTest {
    @Test
    void readsIterationsAndTheResultAsPrinted() {
        ProgramOutput o = ProgramOutput.parse(
                "Calibrating CPU speed...done\nSigning random messages 3366 times...done!\nRESULT: 1683.5 operations per second\n");
        assertEquals(3366, o.iterations());
        assertEquals("1683.5", o.result());
        assertEquals(1683.5, o.opsPerSecond());
    }

    @Test
    void squaringAndPiShapesToo() {
        assertEquals(
                1234,
                ProgramOutput.parse(
                                "Squaring a 128-bit number 1234 times...done!\nRESULT: 146206677 operations per second\n")
                        .iterations());
        assertEquals(
                7,
                ProgramOutput.parse("Computing 1000000 pi digits 7 times...done!\nRESULT: 0.67 operations per second\n")
                        .iterations());
    }

    @Test
    void missingOrBrokenLinesAreErrorsThatShowTheOutput() {
        var e = assertThrows(
                IllegalArgumentException.class,
                () -> ProgramOutput.parse("Squaring a 128-bit number 5 times...done!\n"));
        assertTrue(e.getMessage().contains("RESULT") && e.getMessage().contains("Squaring"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ProgramOutput.parse("RESULT: 12 operations per second\n"));
        assertThrows(
                IllegalArgumentException.class,
                () -> ProgramOutput.parse("x 5 times...\nRESULT: 0 operations per second\n"));
        assertThrows(
                IllegalArgumentException.class,
                () -> ProgramOutput.parse("x 0 times...\nRESULT: 3 operations per second\n"));
    }

    @Test
    void cpuTimeIsIterationsOverTheResult() {
        assertEquals(2_000_000_000L, new ProgramRun(new ProgramOutput(3366, "1683"), 1).cpuNs());
    }
}
