package dotbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

public class ProvenanceTest {
    /** Two CPUs of /proc/cpuinfo, the first a Zen 5. */
    public static final String CPUINFO = String.join(
            "\n",
            "processor\t: 0",
            "vendor_id\t: AuthenticAMD",
            "cpu family\t: 26",
            "model\t\t: 2",
            "model name\t: AMD EPYC",
            "stepping\t: 1",
            "processor\t: 1",
            "model\t\t: 9");

    /** A key is matched whole: "model" is not "model name", and the first CPU's value is taken. */
    @Test
    void cpuinfoFieldsAreMatchedByTheirWholeKey() {
        assertEquals(Optional.of("2"), Provenance.cpuinfoField(CPUINFO, "model"));
        assertEquals(Optional.of("AMD EPYC"), Provenance.cpuinfoField(CPUINFO, "model name"));
        assertEquals(Optional.of("26"), Provenance.cpuinfoField(CPUINFO, "cpu family"));
        assertEquals(Optional.empty(), Provenance.cpuinfoField(CPUINFO, "cpu"));
        assertEquals(Optional.empty(), Provenance.cpuinfoField(CPUINFO, "flags"));
    }
}
