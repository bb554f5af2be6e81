package dotbench.bindings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The system libgmp through the bindings, against java.math.BigInteger as the oracle. */
class GmpVsBigIntegerTest {
    private static LibraryVariant variant;
    private static Gmp gmp;
    private final SplittableRandom random = new SplittableRandom(20240601);

    @BeforeAll
    static void load() {
        variant = LibraryVariant.open(TestRoot.systemGmp());
        gmp = Gmp.of(variant);
    }

    @AfterAll
    static void unload() {
        variant.close();
    }

    private BigInteger randomSigned(int maxBits) {
        BigInteger v = new BigInteger(random.nextInt(maxBits + 1), new Random(random.nextLong()));
        return random.nextBoolean() ? v.negate() : v;
    }

    @Test
    void roundTripsValuesIncludingZeroAndNegatives() {
        for (BigInteger v : new BigInteger[] {
            BigInteger.ZERO,
            BigInteger.ONE,
            BigInteger.ONE.negate(),
            BigInteger.ONE.shiftLeft(64),
            BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE),
            randomSigned(5000)
        }) {
            try (Mpz z = gmp.newMpz(v)) {
                assertEquals(v, z.toBigInteger());
            }
        }
    }

    @Test
    void mpzArithmeticMatchesBigInteger() {
        for (int i = 0; i < 200; i++) {
            BigInteger a = randomSigned(3000), b = randomSigned(3000);
            try (Mpz x = gmp.newMpz(a);
                    Mpz y = gmp.newMpz(b);
                    Mpz r = gmp.newMpz()) {
                assertEquals(a.multiply(b), r.mul(x, y).toBigInteger());
                assertEquals(a.add(b), r.add(x, y).toBigInteger());
                assertEquals(a.subtract(b), r.sub(x, y).toBigInteger());
                assertEquals(a.gcd(b), r.gcd(x, y).toBigInteger());
                assertEquals(Integer.signum(a.compareTo(b)), x.compareTo(y));
                if (b.signum() != 0) {
                    assertEquals(a.divide(b), r.tdivQ(x, y).toBigInteger(), "tdiv_q truncates like BigInteger.divide");
                }
            }
        }
    }

    @Test
    void powmMatchesBigInteger() {
        for (int i = 0; i < 20; i++) {
            BigInteger m = randomSigned(1024).abs().setBit(0).setBit(1023);
            BigInteger base = randomSigned(1100).abs(), exp = randomSigned(1024).abs();
            try (Mpz zm = gmp.newMpz(m);
                    Mpz zb = gmp.newMpz(base);
                    Mpz ze = gmp.newMpz(exp);
                    Mpz r = gmp.newMpz()) {
                assertEquals(base.modPow(exp, m), r.powm(zb, ze, zm).toBigInteger());
            }
        }
    }

    @Test
    void mpnKernelsMatchBigInteger() {
        for (int n : new int[] {1, 2, 3, 4, 5, 8, 17, 64}) {
            BigInteger a = randomSigned(64 * n).abs(), b = randomSigned(64 * n).abs();
            BigInteger limit = BigInteger.ONE.shiftLeft(64 * n);
            try (Limbs la = Limbs.of(a, n);
                    Limbs lb = Limbs.of(b, n);
                    Limbs r = Limbs.zeros(n);
                    Limbs p = Limbs.zeros(2 * n)) {
                long carry = gmp.addN(r, la, lb);
                assertEquals(
                        a.add(b), r.toBigInteger().add(BigInteger.valueOf(carry).shiftLeft(64 * n)));
                long borrow = gmp.subN(r, la, lb);
                assertEquals(a.subtract(b).mod(limit), r.toBigInteger());
                assertEquals(a.compareTo(b) < 0 ? 1 : 0, borrow);
                gmp.mulN(p, la, lb);
                assertEquals(a.multiply(b), p.toBigInteger());
                gmp.sqr(p, la);
                assertEquals(a.multiply(a), p.toBigInteger());
            }
        }
    }
}
