package dotbench.bindings;

import dotbench.bindings.internal.__mpz_struct;
import dotbench.bindings.internal.gmp_h;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;

/**
 * An mpz_t of one GMP variant: its struct lives in an Arena this object owns, its limbs in that
 * variant's allocator; close() runs mpz_clear and frees the struct. Single-threaded. The
 * operations below exist so tests can compare each variant with java.math.BigInteger.
 */
public final class Mpz implements AutoCloseable {
    private final Gmp gmp;
    private final gmp_h h;
    private final Arena arena;
    private final MemorySegment struct;

    Mpz(Gmp gmp) {
        this.gmp = gmp;
        this.h = gmp.header();
        this.arena = Arena.ofConfined();
        this.struct = __mpz_struct.allocate(arena);
        h.__gmpz_init(struct);
    }

    /** The mpz_t's address, for passing to native code of the same variant. */
    public MemorySegment segment() {
        return struct;
    }

    public Gmp gmp() {
        return gmp;
    }

    public void set(BigInteger value) {
        int n = LimbCodec.limbCount(value);
        if (n == 0) {
            h.__gmpz_set_ui(struct, 0);
            return;
        }
        try (Arena scratch = Arena.ofConfined()) {
            MemorySegment limbs = scratch.allocateFrom(ValueLayout.JAVA_LONG, LimbCodec.toLimbs(value.abs(), n));
            // order -1: least significant word first; endian 0: native; no nails
            h.__gmpz_import(struct, n, -1, Long.BYTES, 0, 0, limbs);
        }
        if (value.signum() < 0) {
            // mpz_neg in place is exactly a sign flip of _mp_size (gmp.h's own inline does this)
            __mpz_struct._mp_size(struct, -__mpz_struct._mp_size(struct));
        }
    }

    public BigInteger toBigInteger() {
        return Gmp.read(struct);
    }

    /** this = a * b */
    public Mpz mul(Mpz a, Mpz b) {
        h.__gmpz_mul(struct, a.struct, b.struct);
        return this;
    }

    /** this = a + b */
    public Mpz add(Mpz a, Mpz b) {
        h.__gmpz_add(struct, a.struct, b.struct);
        return this;
    }

    /** this = a - b */
    public Mpz sub(Mpz a, Mpz b) {
        h.__gmpz_sub(struct, a.struct, b.struct);
        return this;
    }

    /** this = trunc(n / d) */
    public Mpz tdivQ(Mpz n, Mpz d) {
        if (d.toBigInteger().signum() == 0) {
            throw new ArithmeticException("division by zero");
        }
        h.__gmpz_tdiv_q(struct, n.struct, d.struct);
        return this;
    }

    /** this = gcd(a, b) */
    public Mpz gcd(Mpz a, Mpz b) {
        h.__gmpz_gcd(struct, a.struct, b.struct);
        return this;
    }

    /** this = base^exp mod m (m odd or exp non-negative, as GMP requires) */
    public Mpz powm(Mpz base, Mpz exp, Mpz m) {
        h.__gmpz_powm(struct, base.struct, exp.struct, m.struct);
        return this;
    }

    public long bitLength() {
        return toBigInteger().signum() == 0 ? 0 : h.__gmpz_sizeinbase(struct, 2);
    }

    public int compareTo(Mpz other) {
        return Integer.signum(h.__gmpz_cmp(struct, other.struct));
    }

    @Override
    public void close() {
        h.__gmpz_clear(struct);
        arena.close();
    }
}
