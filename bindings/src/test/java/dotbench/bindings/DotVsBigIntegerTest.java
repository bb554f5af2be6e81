package dotbench.bindings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** libdot's dispatched entry points and every runnable ISA table, against BigInteger. */
class DotVsBigIntegerTest {
    private static LibraryVariant variant;
    private static Dot dot;
    private final Random random = new Random(42);

    @BeforeAll
    static void load() {
        variant = LibraryVariant.open(TestRoot.libdot());
        dot = Dot.of(variant);
    }

    @AfterAll
    static void unload() {
        variant.close();
    }

    private List<DotKernels> runnableTables() {
        List<DotKernels> tables = dot.isaNames().stream()
                .filter(dot::isaSupported)
                .map(isa -> dot.kernels(isa).orElseThrow())
                .toList();
        assertFalse(tables.isEmpty());
        return tables;
    }

    private BigInteger operand(int n) {
        // every third operand all-ones, so carries ripple across the whole number
        return random.nextInt(3) == 0
                ? BigInteger.ONE.shiftLeft(64 * n).subtract(BigInteger.ONE)
                : new BigInteger(64 * n, random);
    }

    @Test
    void addAndSubMatchBigIntegerOnEveryTable() {
        for (DotKernels k : runnableTables()) {
            for (int n = 1; n <= 40; n++) {
                BigInteger a = operand(n), b = operand(n), limit = BigInteger.ONE.shiftLeft(64 * n);
                try (Limbs la = Limbs.of(a, n);
                        Limbs lb = Limbs.of(b, n);
                        Limbs r = Limbs.zeros(n)) {
                    for (var addN : List.of(k.addN(), k.addNCt())) {
                        long carry = Dot.callAddSub(addN, r, la, lb);
                        assertEquals(
                                a.add(b),
                                r.toBigInteger().add(BigInteger.valueOf(carry).shiftLeft(64 * n)),
                                k.name() + " add n=" + n);
                    }
                    for (var subN : List.of(k.subN(), k.subNCt())) {
                        long borrow = Dot.callAddSub(subN, r, la, lb);
                        assertEquals(a.subtract(b).mod(limit), r.toBigInteger(), k.name() + " sub n=" + n);
                        assertEquals(a.compareTo(b) < 0 ? 1 : 0, borrow);
                    }
                }
            }
        }
    }

    @Test
    void mulAndSqr4x4MatchBigIntegerOnEveryTable() {
        for (DotKernels k : runnableTables()) {
            for (int i = 0; i < 50; i++) {
                BigInteger a = operand(4), b = operand(4);
                try (Limbs la = Limbs.of(a, 4);
                        Limbs lb = Limbs.of(b, 4);
                        Limbs r = Limbs.zeros(8)) {
                    Dot.callMul4x4(k.mul4x4(), r, la, lb);
                    assertEquals(a.multiply(b), r.toBigInteger(), k.name() + " mul_4x4");
                    Dot.callSqr4x4(k.sqr4x4(), r, la);
                    assertEquals(a.multiply(a), r.toBigInteger(), k.name() + " sqr_4x4");
                }
            }
        }
    }

    @Test
    void dispatchedEntryPointsMatchBigInteger() {
        BigInteger a = operand(4), b = operand(4);
        try (Limbs la = Limbs.of(a, 4);
                Limbs lb = Limbs.of(b, 4);
                Limbs r = Limbs.zeros(4);
                Limbs p = Limbs.zeros(8)) {
            long carry = dot.addN(r, la, lb);
            assertEquals(
                    a.add(b), r.toBigInteger().add(BigInteger.valueOf(carry).shiftLeft(256)));
            dot.subN(r, la, lb);
            assertEquals(a.subtract(b).mod(BigInteger.ONE.shiftLeft(256)), r.toBigInteger());
            dot.mul4x4(p, la, lb);
            assertEquals(a.multiply(b), p.toBigInteger());
            dot.sqr4x4(p, la);
            assertEquals(a.multiply(a), p.toBigInteger());
        }
    }
}
