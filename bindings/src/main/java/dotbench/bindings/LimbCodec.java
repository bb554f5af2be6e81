package dotbench.bindings;

import java.math.BigInteger;

/** 64-bit limbs, least significant first (GMP's mpn order) to and from BigInteger magnitudes. */
public final class LimbCodec {
    private static final BigInteger LIMB_MASK = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    private LimbCodec() {}

    /** The low {@code n} limbs of a non-negative value (higher bits must be zero). */
    public static long[] toLimbs(BigInteger value, int n) {
        if (value.signum() < 0 || value.bitLength() > 64L * n) {
            throw new IllegalArgumentException("value does not fit in " + n + " unsigned limbs");
        }
        long[] limbs = new long[n];
        for (int i = 0; i < n; i++) {
            limbs[i] = value.shiftRight(64 * i).longValue();
        }
        return limbs;
    }

    /** Limbs needed for the magnitude of {@code value} (0 for zero). */
    public static int limbCount(BigInteger value) {
        return (value.abs().bitLength() + 63) / 64;
    }

    public static BigInteger fromLimbs(long[] limbs) {
        BigInteger out = BigInteger.ZERO;
        for (int i = limbs.length - 1; i >= 0; i--) {
            out = out.shiftLeft(64).or(BigInteger.valueOf(limbs[i]).and(LIMB_MASK));
        }
        return out;
    }
}
