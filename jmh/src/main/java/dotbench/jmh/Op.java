package dotbench.jmh;

import java.math.BigInteger;

/** The kernels the suite times, by the shape of their call and the answer they must give. */
enum Op {
    ADD_N("add_n"),
    SUB_N("sub_n"),
    MUL_N("mul_n"),
    SQR_N("sqr_n"),
    MUL_4X4("mul_4x4"),
    SQR_4X4("sqr_4x4"),
    /** OpenSSL's BN_uadd on BIGNUMs of n limbs (bn_add_words itself is not exported). */
    BN_UADD("bn_uadd"),
    /** OpenSSL's BN_usub on BIGNUMs of n limbs, a > b. */
    BN_USUB("bn_usub");

    final String label;

    Op(String label) {
        this.label = label;
    }

    static Op of(String label) {
        for (Op o : values()) {
            if (o.label.equals(label)) {
                return o;
            }
        }
        throw new IllegalArgumentException("unknown kernel op '" + label + "'");
    }

    boolean fixedFourLimbs() {
        return this == MUL_4X4 || this == SQR_4X4;
    }

    /** Limbs of the result area. */
    int resultLimbs(int n) {
        return switch (this) {
            case ADD_N, SUB_N -> n;
            case BN_UADD -> n + 1;
            case BN_USUB -> n;
            default -> 2 * n;
        };
    }

    /** The exact result the kernel must leave, computed independently with BigInteger. */
    BigInteger expected(BigInteger a, BigInteger b, int n) {
        BigInteger mod = BigInteger.ONE.shiftLeft(64 * n);
        return switch (this) {
            case ADD_N -> a.add(b).mod(mod);
            case SUB_N -> a.subtract(b).mod(mod);
            case MUL_N, MUL_4X4 -> a.multiply(b);
            case SQR_N, SQR_4X4 -> a.multiply(a);
            case BN_UADD -> a.add(b);
            case BN_USUB -> a.subtract(b);
        };
    }

    /** mpn carry/borrow out of add/sub, which the kernel returns and the loop sums. */
    long expectedReturn(BigInteger a, BigInteger b, int n) {
        return switch (this) {
            case ADD_N -> a.add(b).shiftRight(64 * n).longValueExact();
            case SUB_N -> a.compareTo(b) < 0 ? 1 : 0;
            default -> 0;
        };
    }
}
