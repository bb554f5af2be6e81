package dotbench.bindings;

import java.math.BigInteger;

/** 64-bit limbs, least significant first (GMP's mpn order) to and from BigInteger magnitudes. */
public final class LimbCodec {
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

    /** The magnitude the limbs spell, in one pass (a million-digit value reads in milliseconds). */
    public static BigInteger fromLimbs(long[] limbs) {
        byte[] bigEndian = new byte[8 * limbs.length];
        for (int i = 0; i < limbs.length; i++) {
            long limb = limbs[limbs.length - 1 - i];
            for (int k = 0; k < 8; k++) {
                bigEndian[8 * i + k] = (byte) (limb >>> (56 - 8 * k));
            }
        }
        return new BigInteger(1, bigEndian);
    }
}
