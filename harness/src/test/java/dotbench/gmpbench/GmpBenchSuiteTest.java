package dotbench.gmpbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dotbench.nativeloop.NativeHelper;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GmpBenchSuiteTest {
    private static long count(Program p) {
        return GmpBenchSuite.all().stream().filter(t -> t.program() == p).count();
    }

    @Test
    void hasGmpbench02sThirtyNineTests() {
        assertEquals(39, GmpBenchSuite.all().size());
        assertEquals(15, count(Program.MULTIPLY));
        assertEquals(8, count(Program.DIVIDE));
        assertEquals(5, count(Program.GCD));
        assertEquals(5, count(Program.GCDEXT));
        assertEquals(3, count(Program.RSA));
        assertEquals(3, count(Program.PI));
        assertEquals("multiply(128)", GmpBenchSuite.all().get(0).name());
        assertEquals("multiply(16777216,262144)", GmpBenchSuite.all().get(14).name());
        assertEquals("GMPbench.app.pi(1000000)", GmpBenchSuite.all().get(38).gmpbenchLabel());
    }

    @Test
    void javaAndNativeTestListsAreTheSame() {
        try (NativeHelper helper = NativeHelper.load(Path.of(System.getProperty("dotbench.root")))) {
            assertEquals(GmpBenchSuite.all().stream().map(GmpBenchTest::name).toList(), helper.tests());
        }
    }

    @Test
    void selectsByTestAndProgramKeepingSuiteOrder() {
        List<GmpBenchTest> picked = GmpBenchSuite.select("rsa,multiply(128,128)");
        assertEquals(
                List.of("multiply(128,128)", "rsa(512)", "rsa(1024)", "rsa(2048)"),
                picked.stream().map(GmpBenchTest::name).toList());
    }

    @Test
    void unknownTestIsAnErrorListingTheValidNames() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> GmpBenchSuite.select("multiply(127)"));
        assertTrue(
                e.getMessage().contains("unknown test 'multiply(127)'")
                        && e.getMessage().contains("multiply(128)"),
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> GmpBenchSuite.select(" , "));
    }

    @Test
    void majorityDecidesWhoIsWrongWithoutAnOracle() {
        assertEquals(List.of("dot"), GmpBenchCase.outsideMajority(Map.of("stock", "a", "dot", "b", "system", "a")));
        assertEquals(List.of(), GmpBenchCase.outsideMajority(Map.of("stock", "a", "dot", "a")));
        // two variants that disagree: neither can be trusted
        assertEquals(
                2,
                GmpBenchCase.outsideMajority(Map.of("stock", "a", "dot", "b")).size());
    }

    @Test
    void oracleCoversSmallOperandsAndCatchesWrongAnswers() {
        var mul = GmpBenchSuite.select("multiply(512,512)").get(0);
        BigInteger x = BigInteger.valueOf(12345), y = BigInteger.valueOf(678);
        assertTrue(Oracle.check(mul, x, Optional.of(y), x.multiply(y), Optional.empty())
                .orElseThrow());
        assertEquals(
                false,
                Oracle.check(mul, x, Optional.of(y), x.multiply(y).add(BigInteger.ONE), Optional.empty())
                        .orElseThrow());
        assertTrue(Oracle.check(GmpBenchSuite.select("rsa(512)").get(0), x, Optional.empty(), x, Optional.empty())
                .isEmpty());
        assertEquals(
                false, Oracle.covers(GmpBenchSuite.select("multiply(2097152)").get(0)));
    }
}
