package dotbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dotbench.results.ProvenanceTest;
import org.junit.jupiter.api.Test;

class InfoCpuLineTest {
    /** info names the family numbers beside the model name; a cpuinfo without them keeps the name alone. */
    @Test
    void theCpuLineNamesTheFamilyNumbers() {
        assertEquals(
                "CPU: AMD EPYC (AuthenticAMD family 26 model 2 stepping 1), 2 logical CPUs",
                InfoCommand.cpuLine(ProvenanceTest.CPUINFO, 2));
        assertEquals("CPU: ARM thing, 4 logical CPUs", InfoCommand.cpuLine("model name\t: ARM thing\n", 4));
    }
}
