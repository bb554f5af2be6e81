package dotbench.jmh;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The JMH modmul cases outside JMH: a right chain runs and passes its check, a planted wrong one is refused. */
class ModMulBenchTest {
    static {
        System.setProperty("dotbench.root", KernelCaseTest.ROOT.toString());
    }

    private static ModMulBench bench(String kase) {
        ModMulBench b = new ModMulBench();
        b.kase = kase;
        return b;
    }

    @Test
    void eachContenderRunsAndStaysRight() {
        for (String c : new String[] {"pmns-full", "pmns-trunc", "gmp", "openssl"}) {
            ModMulBench b = bench(c + ":1024:s3");
            b.open();
            try {
                assertTrue(b.product() > 0, c + " took no time");
                b.check();
            } finally {
                b.close();
            }
        }
    }

    @Test
    void aWrongChainOrABadCaseIsRefused() {
        ModMulBench planted = bench("pmns-trunc:1024:s3");
        planted.planted = Optional.of("pmns-trunc");
        IllegalStateException e = assertThrows(IllegalStateException.class, planted::open);
        assertTrue(e.getMessage().contains("before timing"), e.getMessage());
        assertThrows(
                IllegalArgumentException.class, () -> bench("pmns-trunc:999:s3").open());
        assertThrows(
                IllegalArgumentException.class, () -> bench("nobody:1024:s3").open());
    }
}
