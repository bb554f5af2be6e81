package dotbench.bindings;

import dotbench.bindings.generated.gmp.__gmpn_add_n_fn;
import dotbench.bindings.generated.gmp.__gmpn_mul_n_fn;
import dotbench.bindings.generated.gmp.__gmpn_sqr_fn;
import dotbench.bindings.generated.gmp.__gmpn_sub_n_fn;
import dotbench.bindings.generated.gmp.__mpz_struct;
import dotbench.bindings.generated.gmp.gmp_h;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;

/**
 * The typed view of one loaded libgmp variant: its version, mpz values and mpn kernels. Each
 * function is found in this variant's own lookup and called through jextract's descriptor of it.
 * mpz_mul and friends are macros over the {@code __gmpz_*} symbols, which are what it binds.
 */
public final class Gmp {
    private final LibraryVariant variant;
    final MpzFunctions mpz;
    private final MemorySegment addN;
    private final MemorySegment subN;
    private final MemorySegment mulN;
    private final MemorySegment sqr;

    private Gmp(LibraryVariant variant) {
        this.variant = variant;
        this.mpz = new MpzFunctions(variant);
        this.addN = variant.function("__gmpn_add_n");
        this.subN = variant.function("__gmpn_sub_n");
        this.mulN = variant.function("__gmpn_mul_n");
        this.sqr = variant.function("__gmpn_sqr");
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

    /** gmp_version, e.g. "6.3.0" (a {@code const char *const} variable: its address holds the pointer). */
    public String version() {
        MemorySegment variable = variant.lookup().findOrThrow("__gmp_version").reinterpret(gmp_h.C_POINTER.byteSize());
        return variable.get(gmp_h.C_POINTER, 0).getString(0);
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
        MemorySegment struct = mpzAddress.reinterpret(__mpz_struct.sizeof());
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
        return __gmpn_add_n_fn.invoke(addN, r.segment(), a.segment(), b.segment(), sameLength(r, a, b));
    }

    /** {r, n} = {a, n} - {b, n} through this variant's mpn_sub_n; returns the borrow. */
    public long subN(Limbs r, Limbs a, Limbs b) {
        return __gmpn_sub_n_fn.invoke(subN, r.segment(), a.segment(), b.segment(), sameLength(r, a, b));
    }

    /** {r, 2n} = {a, n} * {b, n} through mpn_mul_n. */
    public void mulN(Limbs r, Limbs a, Limbs b) {
        checkProduct(r, a.length(), b.length());
        __gmpn_mul_n_fn.invoke(mulN, r.segment(), a.segment(), b.segment(), a.length());
    }

    /** {r, 2n} = {a, n}^2 through mpn_sqr. */
    public void sqr(Limbs r, Limbs a) {
        checkProduct(r, a.length(), a.length());
        __gmpn_sqr_fn.invoke(sqr, r.segment(), a.segment(), a.length());
    }

    private static long sameLength(Limbs r, Limbs a, Limbs b) {
        if (r.length() != a.length() || a.length() != b.length()) {
            throw new IllegalArgumentException(
                    "operands must have one length, got " + r.length() + ", " + a.length() + ", " + b.length());
        }
        return a.length();
    }

    private static void checkProduct(Limbs r, int an, int bn) {
        if (an != bn || r.length() != 2 * an) {
            throw new IllegalArgumentException(
                    "need {r, 2n} = {a, n} * {b, n}, got r=" + r.length() + " a=" + an + " b=" + bn);
        }
    }
}
