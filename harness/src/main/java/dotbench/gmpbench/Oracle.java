package dotbench.gmpbench;

import java.math.BigInteger;
import java.util.Optional;

/**
 * java.math.BigInteger's answer for the tests where computing it costs little next to the run
 * (operands up to 131072 bits): the authority that decides which variant is wrong when variants
 * disagree. rsa, pi and the largest operands are checked by agreement between variants only.
 */
public final class Oracle {
    static final long MAX_BITS = 131072;

    private Oracle() {}

    public static boolean covers(GmpBenchTest test) {
        return test.program() != Program.RSA
                && test.program() != Program.PI
                && test.args().stream().allMatch(bits -> bits <= MAX_BITS);
    }

    /**
     * Whether outputs z (and s, for gcdext) are right for operands x and y (y absent: a squaring).
     * Empty when the oracle does not cover the test.
     */
    public static Optional<Boolean> check(
            GmpBenchTest test, BigInteger x, Optional<BigInteger> y, BigInteger z, Optional<BigInteger> s) {
        if (!covers(test)) {
            return Optional.empty();
        }
        BigInteger b = y.orElse(x);
        return Optional.of(
                switch (test.program()) {
                    case MULTIPLY -> x.multiply(b).equals(z);
                    case DIVIDE -> x.divide(b).equals(z);
                    case GCD -> x.gcd(b).equals(z);
                    // GMP picks one cofactor among many; any s with s*x = g (mod y) is a right answer
                    case GCDEXT ->
                        x.gcd(b).equals(z)
                                && s.isPresent()
                                && (b.signum() == 0
                                        || x.multiply(s.get())
                                                        .subtract(z)
                                                        .mod(b.abs())
                                                        .signum()
                                                == 0);
                    case RSA, PI -> throw new IllegalStateException("not covered");
                });
    }
}
