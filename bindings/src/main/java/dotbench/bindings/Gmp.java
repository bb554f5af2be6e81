package dotbench.bindings;

import dotbench.bindings.internal.__mpz_struct;
import dotbench.bindings.internal.gmp_h;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;

/** The typed view of one loaded libgmp variant: its version, mpz values and mpn kernels. */
public final class Gmp {
    private final LibraryVariant variant;
    private final gmp_h h;

    private Gmp(LibraryVariant variant) {
        this.variant = variant;
        this.h = new gmp_h(variant.lookup());
    }

    public static Gmp of(LibraryVariant variant) {
        if (variant.spec().kind() != LibraryKind.GMP) {
            throw new IllegalArgumentException(variant + " is not a GMP variant");
        }
        return new Gmp(variant);
    }

    public LibraryVariant variant() {
        return variant;
    }

    /** The low-level header binding, for callers that need a function's address. */
    public gmp_h header() {
        return h;
    }

    /** gmp_version, e.g. "6.3.0". */
    public String version() {
        return h.__gmp_version().reinterpret(Long.MAX_VALUE).getString(0);
    }

    public Mpz newMpz() {
        return new Mpz(this);
    }

    public Mpz newMpz(BigInteger value) {
        Mpz z = new Mpz(this);
        z.set(value);
        return z;
    }

    /** Reads the value of an mpz_t owned elsewhere (e.g. by a native workload), given its address. */
    public static BigInteger read(MemorySegment mpzAddress) {
        MemorySegment struct = __mpz_struct.reinterpret(mpzAddress);
        int size = __mpz_struct._mp_size(struct);
        int n = Math.abs(size);
        if (n == 0) {
            return BigInteger.ZERO;
        }
        long[] limbs = __mpz_struct._mp_d(struct).reinterpret(8L * n).toArray(ValueLayout.JAVA_LONG);
        BigInteger magnitude = LimbCodec.fromLimbs(limbs);
        return size < 0 ? magnitude.negate() : magnitude;
    }

    /** {r, n} = {a, n} + {b, n} through this variant's mpn_add_n; returns the carry. */
    public long addN(Limbs r, Limbs a, Limbs b) {
        return h.__gmpn_add_n(r.segment(), a.segment(), b.segment(), sameLength(r, a, b));
    }

    /** {r, n} = {a, n} - {b, n} through this variant's mpn_sub_n; returns the borrow. */
    public long subN(Limbs r, Limbs a, Limbs b) {
        return h.__gmpn_sub_n(r.segment(), a.segment(), b.segment(), sameLength(r, a, b));
    }

    /** {r, 2n} = {a, n} * {b, n} through mpn_mul_n. */
    public void mulN(Limbs r, Limbs a, Limbs b) {
        checkProduct(r, a.length(), b.length());
        h.__gmpn_mul_n(r.segment(), a.segment(), b.segment(), a.length());
    }

    /** {r, 2n} = {a, n}^2 through mpn_sqr. */
    public void sqr(Limbs r, Limbs a) {
        checkProduct(r, a.length(), a.length());
        h.__gmpn_sqr(r.segment(), a.segment(), a.length());
    }

    private static long sameLength(Limbs r, Limbs a, Limbs b) {
        if (r.length() != a.length() || a.length() != b.length()) {
            throw new IllegalArgumentException("operands must have one length, got " + r.length() + ", "
                    + a.length() + ", " + b.length());
        }
        return a.length();
    }

    private static void checkProduct(Limbs r, int an, int bn) {
        if (an != bn || r.length() != 2 * an) {
            throw new IllegalArgumentException("need {r, 2n} = {a, n} * {b, n}, got r=" + r.length() + " a=" + an + " b=" + bn);
        }
    }
}
