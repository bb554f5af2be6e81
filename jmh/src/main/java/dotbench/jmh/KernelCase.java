package dotbench.jmh;

import dotbench.bindings.Dot;
import dotbench.bindings.DotKernels;
import dotbench.bindings.LibraryKind;
import dotbench.bindings.LibraryVariant;
import dotbench.bindings.LimbCodec;
import dotbench.bindings.VariantCatalog;
import dotbench.bindings.VariantSpec;
import dotbench.bindings.helper.KernelLoops;
import dotbench.bindings.helper.NttLoops;
import dotbench.bindings.openssl.Bignum;
import dotbench.bindings.openssl.LibCrypto;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * One timed case, "IMPL:OP:LIMBS" (e.g. "gmp/dot-noasm:add_n:64"): the library variant loaded on
 * its own, the kernel's address, deterministic operands (the same for every implementation of a
 * size), the answer it must give, and the native loop that calls it.
 */
final class KernelCase implements AutoCloseable {
    private static final long SEED = 0xD07BE4C4L;
    /** The harness's NTT helper (harness/src/main/c/ntt_loop.h), which `make java` builds. */
    static final String NTT_HELPER = "build/harness/libdotbench_ntt.so";

    final String id;
    final Op op;
    final int limbs;
    private final Arena arena = Arena.ofShared();
    private final LibraryVariant variant;
    private final KernelLoops loop;
    private final MemorySegment kernel;
    private final MemorySegment rp;
    private final MemorySegment up;
    private final MemorySegment vp;
    private final BigInteger a;
    private final BigInteger b;
    private final BigInteger expected;
    private final OpenSslNumbers bn;

    private KernelCase(String id, Op op, int limbs, LibraryVariant variant, KernelLoops loop, MemorySegment kernel) {
        this.id = id;
        this.op = op;
        this.limbs = limbs;
        this.variant = variant;
        this.loop = loop;
        this.kernel = kernel;
        SplittableRandom random = new SplittableRandom(SEED + limbs);
        long[] x = new long[limbs];
        long[] y = new long[limbs];
        for (int i = 0; i < limbs; i++) {
            x[i] = random.nextLong();
            y[i] = random.nextLong();
        }
        if (op == Op.BN_USUB) {
            // BN_usub needs a >= b
            x[limbs - 1] |= Long.MIN_VALUE;
            y[limbs - 1] &= Long.MAX_VALUE;
        }
        this.a = LimbCodec.fromLimbs(x);
        this.b = LimbCodec.fromLimbs(y);
        this.expected = op.expected(a, b, limbs);
        this.up = place(arena, Operand.U, limbs);
        this.vp = place(arena, Operand.V, limbs);
        this.rp = place(arena, Operand.R, op.resultLimbs(limbs));
        MemorySegment.copy(x, 0, up, ValueLayout.JAVA_LONG, 0, limbs);
        MemorySegment.copy(y, 0, vp, ValueLayout.JAVA_LONG, 0, limbs);
        this.bn = op == Op.BN_UADD || op == Op.BN_USUB ? new OpenSslNumbers(variant, x, y) : null;
    }

    /**
     * Where each operand lies: on pages of its own, at its own offset from the page start, 1 KiB or
     * more from the others modulo 4 KiB and on a 64-byte line, as in bench_addsub's tables
     * (dot/bench/addsub/bench_addsub.h). Three allocations one after the other land wherever the
     * allocator puts them: at 512 limbs rp sat 32 bytes past up modulo 4 KiB, where a vector load
     * can wait for the previous call's store to another page (4K aliasing; the measurement log,
     * results/MEASUREMENTS.md, "Zen 4 again", has what that does to AVX-512 kernels).
     */
    enum Operand {
        U(0),
        V(1024),
        R(2048);

        static final long PAGE = 4096;
        final long pageOffset;

        Operand(long pageOffset) {
            this.pageOffset = pageOffset;
        }
    }

    static MemorySegment place(Arena arena, Operand role, int limbs) {
        long bytes = (long) limbs * Long.BYTES;
        long span = (role.pageOffset + bytes + Operand.PAGE - 1) / Operand.PAGE * Operand.PAGE;
        return arena.allocate(span, Operand.PAGE).asSlice(role.pageOffset, bytes);
    }

    /** The operands' addresses, rp, up, vp. */
    long[] operandAddresses() {
        return new long[] {rp.address(), up.address(), vp.address()};
    }

    static KernelCase open(Path root, String id) {
        String[] parts = id.split(":");
        if (parts.length != 3) {
            throw new IllegalArgumentException("a case is IMPL:OP:LIMBS, got '" + id + "'");
        }
        String impl = parts[0];
        Op op = Op.of(parts[1]);
        int limbs = Integer.parseInt(parts[2]);
        if (op.fixedFourLimbs() && limbs != 4) {
            throw new IllegalArgumentException(id + ": " + op.label + " takes 4 limbs");
        }
        VariantCatalog catalog = VariantCatalog.scan(root);
        String family = impl.substring(0, impl.indexOf('/'));
        String name = impl.substring(impl.indexOf('/') + 1);
        LibraryVariant v = switch (family) {
            case "gmp" -> LibraryVariant.open(find(catalog, LibraryKind.GMP, name));
            case "openssl" -> LibraryVariant.open(find(catalog, LibraryKind.OPENSSL, name));
            case "libdot", "baseline", "ntt" -> LibraryVariant.open(catalog.dot());
            default -> throw new IllegalArgumentException("unknown implementation family in '" + impl + "'");
        };
        try {
            MemorySegment fn = switch (family) {
                case "gmp" ->
                    v.symbol(gmpSymbol(op))
                            .orElseThrow(() -> new IllegalStateException(impl + " lacks " + gmpSymbol(op)));
                case "openssl" ->
                    v.symbol(op == Op.BN_UADD ? "BN_uadd" : "BN_usub").orElseThrow();
                case "libdot" -> dotKernel(Dot.of(v), name, op);
                case "ntt" -> nttKernel(root, name, op);
                default -> baseline(Dot.of(v), v, name, op);
            };
            return new KernelCase(id, op, limbs, v, KernelLoop.load(root, Arena.ofAuto()), fn);
        } catch (RuntimeException e) {
            v.close();
            throw e;
        }
    }

    private static VariantSpec find(VariantCatalog c, LibraryKind kind, String name) {
        VariantSpec s = c.find(kind, name)
                .orElseThrow(() -> new IllegalArgumentException("no " + kind + " variant '" + name + "'"));
        if (!s.present()) {
            throw new IllegalStateException(s.library() + " is not built");
        }
        return s;
    }

    private static String gmpSymbol(Op op) {
        return switch (op) {
            case ADD_N -> "__gmpn_add_n";
            case SUB_N -> "__gmpn_sub_n";
            case MUL_N, MUL_4X4 -> "__gmpn_mul_n";
            case SQR_N, SQR_4X4 -> "__gmpn_sqr";
            default -> throw new IllegalArgumentException("GMP has no " + op.label + " in this suite");
        };
    }

    private static MemorySegment dotKernel(Dot dot, String isa, Op op) {
        if (!dot.isaSupported(isa)) {
            throw new IllegalStateException("libdot/" + isa + " cannot run on this CPU");
        }
        DotKernels k = dot.kernels(isa).orElseThrow(() -> new IllegalArgumentException("libdot has no variant " + isa));
        return switch (op) {
            case ADD_N -> k.addN();
            case SUB_N -> k.subN();
            case MUL_4X4 -> k.mul4x4();
            case SQR_4X4 -> k.sqr4x4();
            default -> throw new IllegalArgumentException("libdot has no " + op.label);
        };
    }

    /**
     * ntt/ifma, ntt/avx2, ntt/scalar: libdot's NTT product of that variant (the one dot_ntt_mul runs
     * when dot_isa() selects it), from the harness's NTT helper, as an mpn_mul_n / mpn_sqr kernel.
     */
    private static MemorySegment nttKernel(Path root, String variant, Op op) {
        Path helper = root.resolve(NTT_HELPER);
        if (!Files.isRegularFile(helper)) {
            throw new IllegalStateException(helper + " is missing: run `make java`");
        }
        NttLoops ntt = new NttLoops(SymbolLookup.libraryLookup(helper, Arena.ofAuto()));
        int shape = switch (op) {
            case MUL_N -> NttLoops.SHAPE_MUL_N;
            case SQR_N -> NttLoops.SHAPE_SQR;
            default -> throw new IllegalArgumentException("the NTT has no " + op.label);
        };
        return ntt.kernel(variant, shape)
                .orElseThrow(
                        () -> new IllegalStateException("ntt/" + variant + " is unknown or cannot run on this CPU"));
    }

    /** baseline/adc, baseline/ren-avx2, baseline/ksa-avx512, baseline/gk-ifma ... (dot_baselines.h). */
    private static MemorySegment baseline(Dot dot, LibraryVariant v, String name, Op op) {
        String isa = name.contains("-") ? name.substring(name.indexOf('-') + 1) : null;
        if (isa != null && !dot.isaSupported(isa)) {
            throw new IllegalStateException("baseline/" + name + " needs " + isa + ", which this CPU lacks");
        }
        String algorithm = isa == null ? name : name.substring(0, name.indexOf('-'));
        String symbol = switch (op) {
            case ADD_N, SUB_N -> "dot_baseline_" + algorithm + "_" + op.label + (isa == null ? "" : "_" + isa);
            case MUL_4X4 -> "dot_baseline_" + algorithm + "_mul_4x4";
            default -> throw new IllegalArgumentException("no baseline " + name + " for " + op.label);
        };
        return v.symbol(symbol).orElseThrow(() -> new IllegalArgumentException("libdot exports no " + symbol));
    }

    /** Calls the kernel {@code reps} times in the native loop; returns what the loop returns. */
    long run(long reps) {
        try {
            return switch (op) {
                case ADD_N, SUB_N -> loop.addsub(kernel, rp, up, vp, limbs, reps);
                case MUL_N -> loop.mulN(kernel, rp, up, vp, limbs, reps);
                case SQR_N -> loop.sqrN(kernel, rp, up, limbs, reps);
                case MUL_4X4 ->
                    variant.spec().kind() == LibraryKind.GMP
                            ? loop.mulN(kernel, rp, up, vp, 4, reps)
                            : loop.mul4(kernel, rp, up, vp, reps);
                case SQR_4X4 ->
                    variant.spec().kind() == LibraryKind.GMP
                            ? loop.sqrN(kernel, rp, up, 4, reps)
                            : loop.sqr4(kernel, rp, up, reps);
                case BN_UADD, BN_USUB -> loop.bn3(kernel, bn.r, bn.a, bn.b, reps);
            };
        } catch (RuntimeException e) {
            throw new IllegalStateException(id + ": native loop failed", e);
        }
    }

    /** The loop's own cost per call: the same loop around an empty add/sub-shaped function. */
    long runEmpty(long reps) {
        try {
            return loop.addsub(loop.emptyKernel(), rp, up, vp, limbs, reps);
        } catch (RuntimeException e) {
            throw new IllegalStateException(id + ": native loop failed", e);
        }
    }

    /**
     * Runs the kernel once more and compares its output (and carry) with the BigInteger answer:
     * a wrong answer throws, which fails the benchmark instead of posting its time.
     */
    void check() {
        long ret = run(1);
        BigInteger got = bn != null ? bn.result() : LimbCodec.fromLimbs(rp.toArray(ValueLayout.JAVA_LONG));
        if (bn != null && ret != 0) {
            throw new IllegalStateException(id + ": " + op.label + " returned failure");
        }
        boolean returnsCarry = op == Op.ADD_N || op == Op.SUB_N;
        if (!got.equals(expected) || returnsCarry && ret != op.expectedReturn(a, b, limbs)) {
            throw new IllegalStateException(id + ": WRONG ANSWER (result " + (got.equals(expected) ? "ok" : "differs")
                    + ", return " + ret + " expected " + op.expectedReturn(a, b, limbs) + ")");
        }
    }

    @Override
    public void close() {
        if (bn != null) {
            bn.close();
        }
        arena.close();
        variant.close();
    }

    /** Three BIGNUMs (r, a, b) owned by one libcrypto variant, for BN_uadd / BN_usub. */
    private static final class OpenSslNumbers implements AutoCloseable {
        final MemorySegment r;
        final MemorySegment a;
        final MemorySegment b;
        private final Bignum result;
        private final Bignum left;
        private final Bignum right;
        private final int limbs;

        OpenSslNumbers(LibraryVariant v, long[] x, long[] y) {
            LibCrypto lib = LibCrypto.of(v);
            this.limbs = x.length + 1;
            this.left = lib.newBignum(LimbCodec.fromLimbs(x));
            this.right = lib.newBignum(LimbCodec.fromLimbs(y));
            this.result = lib.newBignum(BigInteger.ZERO);
            this.a = left.address();
            this.b = right.address();
            this.r = result.address();
        }

        BigInteger result() {
            return result.toBigInteger(limbs);
        }

        @Override
        public void close() {
            left.close();
            right.close();
            result.close();
        }
    }
}
