package dotbench.speed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dotbench.stats.Intervals;
import java.util.List;
import org.junit.jupiter.api.Test;

class AlgorithmTest {
    @Test
    void namesWithSizesSelectOneAlgorithmAndFamiliesSelectSpeedsDefaultSizes() {
        assertEquals(
                List.of(new Algorithm(Family.RSA, 2048), new Algorithm(Family.FFDH, 3072)),
                Algorithm.parse("rsa2048, FFDH3072"));
        assertEquals(
                List.of(512, 1024, 2048, 3072, 4096, 7680, 15360),
                Algorithm.parse("rsa").stream().map(Algorithm::bits).toList());
        assertEquals(List.of(new Algorithm(Family.RSA_KEM, 1024)), Algorithm.parse("rsakem1024"));
        assertEquals(2, Algorithm.parse("dsa").size());
        assertEquals(
                List.of(new Algorithm(Family.DSA, 1024)), Algorithm.parse("dsa1024,dsa1024"), "duplicates collapse");
        assertEquals(7 + 7 + 5 + 2, Algorithm.all().size());
    }

    /**
     * The full profile's samples give a verdict on all its tests at once (the whole range of each
     * test's ratios covers 1 - 5% / tests); two fewer, the planted control, do not.
     */
    @Test
    void theFullProfileSamplesSufficeForAVerdictOnEveryTest() {
        int tests = Algorithm.all().stream()
                .mapToInt(a -> a.family().operations().size())
                .sum();
        assertEquals(7 * 4 + 7 * 3 + 5 * 2 + 2 * 2, tests);
        assertTrue(Intervals.familyRank(Speed.FULL_SAMPLES, tests) >= 1);
        assertEquals(0, Intervals.familyRank(Speed.FULL_SAMPLES - 2, tests));
    }

    @Test
    void unknownAlgorithmsAndSizesAreErrorsThatSayWhatExists() {
        var unknown = assertThrows(IllegalArgumentException.class, () -> Algorithm.parse("ecdsa256"));
        assertTrue(
                unknown.getMessage().contains("unknown algorithm 'ecdsa256'")
                        && unknown.getMessage().contains("rsakem"),
                unknown.getMessage());
        var size = assertThrows(IllegalArgumentException.class, () -> Algorithm.parse("rsa1000"));
        assertTrue(
                size.getMessage().contains("unknown size 1000")
                        && size.getMessage().contains("15360"),
                size.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Algorithm.parse("dsa512"), "speed removed dsa512");
        assertThrows(IllegalArgumentException.class, () -> Algorithm.parse(" , "));
        assertThrows(IllegalArgumentException.class, () -> Algorithm.parse("rsa2048x"));
    }

    @Test
    void speedIndexIsThePositionInSpeedsTable() {
        assertEquals(2, Family.RSA.speedIndex(2048));
        assertEquals(0, Family.FFDH.speedIndex(2048));
        assertEquals(1, Family.DSA.speedIndex(2048));
        assertEquals("ffdhe6144", new Algorithm(Family.FFDH, 6144).group());
    }
}
