package dotbench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Field;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every case this machine would time opens and gives the BigInteger answer (at the smallest
 * paper size, an odd size and the 4x4 kernels), so `make bench` cannot post a wrong kernel's time.
 */
class KernelCaseTest {
    static final Path ROOT = Path.of(System.getProperty("dotbench.root", ".."));

    @Test
    void everyCaseComputesTheRightAnswer() {
        List<String> cases = Cases.all(ROOT).stream()
                .filter(c -> c.endsWith(":8") || c.endsWith(":13") || c.endsWith(":4"))
                .toList();
        assertTrue(
                cases.stream().anyMatch(c -> c.startsWith("libdot/scalar:add_n")),
                "libdot's scalar variant always runs: " + cases);
        assertTrue(cases.stream().anyMatch(c -> c.startsWith("baseline/adc:sub_n")), cases.toString());
        for (String id : cases) {
            try (KernelCase c = KernelCase.open(ROOT, id)) {
                c.check();
                c.run(3);
                c.check();
            }
        }
    }

    @Test
    void everyNttCaseComputesTheRightProduct() {
        List<String> cases = Cases.all(ROOT).stream()
                .filter(c -> c.startsWith("ntt/") && c.endsWith(":64"))
                .toList();
        assertTrue(cases.contains("ntt/avx2:mul_n:64"), "AVX2 runs here: " + cases);
        for (String id : cases) {
            try (KernelCase c = KernelCase.open(ROOT, id)) {
                c.check();
                c.run(3);
                c.check();
            }
        }
        assertThrows(IllegalArgumentException.class, () -> KernelCase.open(ROOT, "ntt/avx2:add_n:64"));
    }

    @Test
    void theNativeLoopReturnsTheSumOfCarries() {
        // random 8-limb operands: whether a carry comes out is fixed by the seed; the loop sums it
        try (KernelCase c = KernelCase.open(ROOT, "libdot/scalar:add_n:8")) {
            long once = c.run(1);
            assertEquals(once * 10, c.run(10));
        }
    }

    /** A kernel that computes something else than the answer computed at setup must fail the check, not post a time. */
    @Test
    void aWrongAnswerFailsTheCase() throws Exception {
        try (KernelCase c = KernelCase.open(ROOT, "libdot/scalar:add_n:8")) {
            Field up = KernelCase.class.getDeclaredField("up");
            up.setAccessible(true);
            // change an input limb behind the expected answer's back: the kernel's sum no longer matches it
            ((MemorySegment) up.get(c)).set(ValueLayout.JAVA_LONG, 0, 12345L);
            IllegalStateException e = assertThrows(IllegalStateException.class, c::check);
            assertTrue(e.getMessage().contains("WRONG ANSWER"), e.getMessage());
        }
    }

    /**
     * The operands lie on pages of their own at 0, 1 KiB and 2 KiB modulo 4 KiB (KernelCase.place), at
     * every size: 1 KiB or more apart, so no store to rp can hold up a load of up or vp in another
     * page (4K aliasing). Control: the check must flag the layout three allocations one after the other
     * gave at 512 limbs (up at 560 modulo 4 KiB, vp at 576, rp at 592).
     */
    @Test
    void operandsLieApartModuloFourKiB() {
        for (String id : List.of("libdot/scalar:add_n:512", "baseline/adc:sub_n:13", "libdot/scalar:add_n:8")) {
            try (KernelCase c = KernelCase.open(ROOT, id)) {
                long[] rpUpVp = c.operandAddresses();
                assertEquals(KernelCase.Operand.R.pageOffset, rpUpVp[0] % KernelCase.Operand.PAGE, id);
                assertEquals(KernelCase.Operand.U.pageOffset, rpUpVp[1] % KernelCase.Operand.PAGE, id);
                assertEquals(KernelCase.Operand.V.pageOffset, rpUpVp[2] % KernelCase.Operand.PAGE, id);
                assertTrue(nearestModPage(rpUpVp) >= 1024, id);
                c.check();
            }
        }
        long nearest = nearestModPage(4096L * 7 + 592, 4096L * 3 + 560, 4096L * 5 + 576);
        assertEquals(16, nearest);
        assertTrue(nearest < 64, "the control layout must be flagged");
    }

    /**
     * The smallest distance, modulo 4 KiB, between the starts of any two of the given addresses
     * (0 to 2048): below 64 bytes, a store to one may hold up a load from another in another page.
     */
    private static long nearestModPage(long... addresses) {
        long page = KernelCase.Operand.PAGE;
        long nearest = page / 2;
        for (int i = 0; i < addresses.length; i++) {
            for (int j = i + 1; j < addresses.length; j++) {
                long d = Math.floorMod(addresses[i] - addresses[j], page);
                nearest = Math.min(nearest, Math.min(d, page - d));
            }
        }
        return nearest;
    }

    @Test
    void malformedCasesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> KernelCase.open(ROOT, "libdot/scalar:add_n"));
        assertThrows(IllegalArgumentException.class, () -> KernelCase.open(ROOT, "libdot/scalar:mul_4x4:8"));
        assertThrows(IllegalArgumentException.class, () -> KernelCase.open(ROOT, "libdot/scalar:frobnicate:8"));
        assertThrows(IllegalArgumentException.class, () -> KernelCase.open(ROOT, "gmp/no-such-variant:add_n:8"));
    }
}
