package dotbench.bindings;

import dotbench.bindings.internal.dot_h;
import dotbench.bindings.internal.dot_kernels;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The typed view of libdot: which ISA runs, the per-ISA kernel tables, and the dispatched kernels. */
public final class Dot {
    // address-first handles for calling a kernel taken from a table rather than by symbol
    private static final MethodHandle ADD_SUB_BY_ADDRESS = Linker.nativeLinker().downcallHandle(dot_h.dot_add_n$descriptor());
    private static final MethodHandle MUL_BY_ADDRESS = Linker.nativeLinker().downcallHandle(dot_h.dot_mul_4x4$descriptor());
    private static final MethodHandle SQR_BY_ADDRESS = Linker.nativeLinker().downcallHandle(dot_h.dot_sqr_4x4$descriptor());

    private final LibraryVariant variant;
    private final dot_h h;

    private Dot(LibraryVariant variant) {
        this.variant = variant;
        this.h = new dot_h(variant.lookup());
    }

    public static Dot of(LibraryVariant variant) {
        if (variant.spec().kind() != LibraryKind.DOT) {
            throw new IllegalArgumentException(variant + " is not libdot");
        }
        return new Dot(variant);
    }

    public LibraryVariant variant() {
        return variant;
    }

    /** The ISA variant the dot_* entry points run ("scalar", "sse", "avx2", ...). */
    public String isa() {
        return text(h.dot_isa());
    }

    public String version() {
        return text(h.dot_version());
    }

    /** Every ISA variant built into the library, best last. */
    public List<String> isaNames() {
        MemorySegment names = h.dot_isa_names().reinterpret(Long.MAX_VALUE);
        List<String> out = new ArrayList<>();
        for (long i = 0;; i++) {
            MemorySegment name = names.getAtIndex(ValueLayout.ADDRESS, i);
            if (name.equals(MemorySegment.NULL)) {
                return List.copyOf(out);
            }
            out.add(text(name));
        }
    }

    public boolean isaSupported(String isa) {
        try (Arena arena = Arena.ofConfined()) {
            return h.dot_isa_supported(arena.allocateFrom(isa)) != 0;
        }
    }

    /** The kernel table of an ISA variant, or empty when it is unknown or cannot run here. */
    public Optional<DotKernels> kernels(String isa) {
        MemorySegment table;
        try (Arena arena = Arena.ofConfined()) {
            table = h.dot_kernels_for(arena.allocateFrom(isa));
        }
        if (table.equals(MemorySegment.NULL)) {
            return Optional.empty();
        }
        return Optional.of(new DotKernels(text(dot_kernels.pointer(table, "name")),
                text(dot_kernels.pointer(table, "addsub_from")), text(dot_kernels.pointer(table, "mul_from")),
                dot_kernels.pointer(table, "add_n"), dot_kernels.pointer(table, "sub_n"),
                dot_kernels.pointer(table, "add_n_ct"), dot_kernels.pointer(table, "sub_n_ct"),
                dot_kernels.pointer(table, "mul_4x4"), dot_kernels.pointer(table, "sqr_4x4"),
                dot_kernels.pointer(table, "mul_5x5_r52")));
    }

    public long addN(Limbs r, Limbs a, Limbs b) {
        return h.dot_add_n(r.segment(), a.segment(), b.segment(), sameLength(r, a, b));
    }

    public long subN(Limbs r, Limbs a, Limbs b) {
        return h.dot_sub_n(r.segment(), a.segment(), b.segment(), sameLength(r, a, b));
    }

    public void mul4x4(Limbs r, Limbs a, Limbs b) {
        check4x4(r, a, b);
        h.dot_mul_4x4(r.segment(), a.segment(), b.segment());
    }

    public void sqr4x4(Limbs r, Limbs a) {
        check4x4(r, a, a);
        h.dot_sqr_4x4(r.segment(), a.segment());
    }

    /** Calls an add_n or sub_n kernel taken from a {@link DotKernels} table. */
    public static long callAddSub(MemorySegment kernel, Limbs r, Limbs a, Limbs b) {
        try {
            return (long) ADD_SUB_BY_ADDRESS.invokeExact(kernel, r.segment(), a.segment(), b.segment(), sameLength(r, a, b));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Calls a mul_4x4 kernel taken from a {@link DotKernels} table. */
    public static void callMul4x4(MemorySegment kernel, Limbs r, Limbs a, Limbs b) {
        check4x4(r, a, b);
        try {
            MUL_BY_ADDRESS.invokeExact(kernel, r.segment(), a.segment(), b.segment());
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Calls a sqr_4x4 kernel taken from a {@link DotKernels} table. */
    public static void callSqr4x4(MemorySegment kernel, Limbs r, Limbs a) {
        check4x4(r, a, a);
        try {
            SQR_BY_ADDRESS.invokeExact(kernel, r.segment(), a.segment());
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    private static String text(MemorySegment cString) {
        return cString.equals(MemorySegment.NULL) ? "" : cString.reinterpret(Long.MAX_VALUE).getString(0);
    }

    private static long sameLength(Limbs r, Limbs a, Limbs b) {
        if (r.length() != a.length() || a.length() != b.length()) {
            throw new IllegalArgumentException("operands must have one length");
        }
        return a.length();
    }

    private static void check4x4(Limbs r, Limbs a, Limbs b) {
        if (r.length() != 8 || a.length() != 4 || b.length() != 4) {
            throw new IllegalArgumentException("4x4 kernels take two 4-limb inputs and an 8-limb result");
        }
    }

    private static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(t);
    }
}
