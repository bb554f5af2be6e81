package dotbench.gmpbench;

import dotbench.bindings.Gmp;
import dotbench.bindings.Mpz;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.math.BigInteger;

/**
 * The pi workload's oracle: MPFR's own pi (mpfr_const_pi, not a Chudnovsky sum), as
 * floor(pi * 10^digits). MPFR comes with every gcc (cc1 links it), so it is there wherever the
 * native helper was built. The floor is certain, not a guess at the last digit: pi * 10^digits is
 * bounded below (rounded down throughout) and above (rounded up throughout), and the two bounds
 * must have the same floor, else this throws.
 */
final class MpfrPi {
    private static final int RNDU = 2; // mpfr_rnd_t: MPFR_RNDU
    private static final int RNDD = 3; // MPFR_RNDD
    private static final long MPFR_T_BYTES = 32; // prec, sign, exp, limb pointer

    private MpfrPi() {}

    /** floor(pi * 10^digits), its limbs held by {@code gmp} (the library MPFR itself links). */
    static BigInteger floorTimesPowerOfTen(Gmp gmp, long digits) throws Throwable {
        Linker linker = Linker.nativeLinker();
        try (Arena arena = Arena.ofConfined();
                Mpz low = gmp.newMpz();
                Mpz high = gmp.newMpz()) {
            SymbolLookup mpfr = SymbolLookup.libraryLookup("libmpfr.so.6", arena);
            MethodHandle init2 = handle(
                    linker, mpfr, "mpfr_init2", FunctionDescriptor.ofVoid(ValueLayout.ADDRESS, ValueLayout.JAVA_LONG));
            MethodHandle clear = handle(linker, mpfr, "mpfr_clear", FunctionDescriptor.ofVoid(ValueLayout.ADDRESS));
            MethodHandle constPi = handle(
                    linker,
                    mpfr,
                    "mpfr_const_pi",
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
            MethodHandle uiPowUi = handle(
                    linker,
                    mpfr,
                    "mpfr_ui_pow_ui",
                    FunctionDescriptor.of(
                            ValueLayout.JAVA_INT,
                            ValueLayout.ADDRESS,
                            ValueLayout.JAVA_LONG,
                            ValueLayout.JAVA_LONG,
                            ValueLayout.JAVA_INT));
            MethodHandle mul = handle(
                    linker,
                    mpfr,
                    "mpfr_mul",
                    FunctionDescriptor.of(
                            ValueLayout.JAVA_INT,
                            ValueLayout.ADDRESS,
                            ValueLayout.ADDRESS,
                            ValueLayout.ADDRESS,
                            ValueLayout.JAVA_INT));
            MethodHandle getZ = handle(
                    linker,
                    mpfr,
                    "mpfr_get_z",
                    FunctionDescriptor.of(
                            ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
            MethodHandle freeCache = handle(linker, mpfr, "mpfr_free_cache", FunctionDescriptor.ofVoid());

            long bits = (long) Math.ceil(digits * Math.log(10) / Math.log(2)) + 128;
            MemorySegment pi = arena.allocate(MPFR_T_BYTES, 8);
            MemorySegment scale = arena.allocate(MPFR_T_BYTES, 8);
            init2.invokeExact(pi, bits);
            init2.invokeExact(scale, bits);
            try {
                // 10^digits is exact at this precision; the ternary values are not needed
                uiPowUi.invoke(scale, 10L, digits, RNDD);
                constPi.invoke(pi, RNDD);
                mul.invoke(pi, pi, scale, RNDD);
                getZ.invoke(low.segment(), pi, RNDD);
                uiPowUi.invoke(scale, 10L, digits, RNDU);
                constPi.invoke(pi, RNDU);
                mul.invoke(pi, pi, scale, RNDU);
                getZ.invoke(high.segment(), pi, RNDD);
            } finally {
                clear.invokeExact(pi);
                clear.invokeExact(scale);
                freeCache.invokeExact();
            }
            BigInteger floor = low.toBigInteger();
            if (!floor.equals(high.toBigInteger())) {
                throw new IllegalStateException("MPFR's bounds on pi * 10^" + digits + " straddle an integer");
            }
            return floor;
        }
    }

    /**
     * The index of the first decimal digit where a and b differ (0: the leading 3), or -1 when they
     * are equal.
     */
    static int firstDifference(BigInteger a, BigInteger b) {
        if (a.equals(b)) {
            return -1;
        }
        String x = a.toString();
        String y = b.toString();
        int i = 0;
        while (i < x.length() && i < y.length() && x.charAt(i) == y.charAt(i)) {
            i++;
        }
        return i;
    }

    private static MethodHandle handle(Linker linker, SymbolLookup lookup, String name, FunctionDescriptor fd) {
        return linker.downcallHandle(lookup.find(name).orElseThrow(), fd);
    }
}
