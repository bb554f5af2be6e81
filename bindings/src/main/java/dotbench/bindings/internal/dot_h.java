package dotbench.bindings.internal;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * dot.h: libdot's public API (allowlist: bindings/jextract/dot.functions). {@code dot_limb_t}
 * and {@code size_t} are C_LONG on x86-64 Linux.
 */
public final class dot_h {
    public static final ValueLayout.OfInt C_INT = ValueLayout.JAVA_INT;
    public static final ValueLayout.OfLong C_LONG = ValueLayout.JAVA_LONG;
    public static final AddressLayout C_POINTER = ValueLayout.ADDRESS
            .withTargetLayout(MemoryLayout.sequenceLayout(Long.MAX_VALUE, ValueLayout.JAVA_BYTE));

    private static final String HEADER = "dot.h";
    private final SymbolLookup lookup;
    private final MethodHandle dot_add_n$MH;
    private final MethodHandle dot_sub_n$MH;
    private final MethodHandle dot_add_n_ct$MH;
    private final MethodHandle dot_sub_n_ct$MH;
    private final MethodHandle dot_mul_4x4$MH;
    private final MethodHandle dot_sqr_4x4$MH;
    private final MethodHandle dot_mul_5x5_r52$MH;
    private final MethodHandle dot_isa$MH;
    private final MethodHandle dot_isa_supported$MH;
    private final MethodHandle dot_kernels_for$MH;
    private final MethodHandle dot_isa_names$MH;
    private final MethodHandle dot_version$MH;

    /** Binds every function of the allowlist in {@code lookup}; a missing one is an error. */
    public dot_h(SymbolLookup lookup) {
        this.lookup = lookup;
        this.dot_add_n$MH = Symbols.downcall(lookup, HEADER, "dot_add_n", dot_add_n$descriptor());
        this.dot_sub_n$MH = Symbols.downcall(lookup, HEADER, "dot_sub_n", dot_sub_n$descriptor());
        this.dot_add_n_ct$MH = Symbols.downcall(lookup, HEADER, "dot_add_n_ct", dot_add_n_ct$descriptor());
        this.dot_sub_n_ct$MH = Symbols.downcall(lookup, HEADER, "dot_sub_n_ct", dot_sub_n_ct$descriptor());
        this.dot_mul_4x4$MH = Symbols.downcall(lookup, HEADER, "dot_mul_4x4", dot_mul_4x4$descriptor());
        this.dot_sqr_4x4$MH = Symbols.downcall(lookup, HEADER, "dot_sqr_4x4", dot_sqr_4x4$descriptor());
        this.dot_mul_5x5_r52$MH = Symbols.downcall(lookup, HEADER, "dot_mul_5x5_r52", dot_mul_5x5_r52$descriptor());
        this.dot_isa$MH = Symbols.downcall(lookup, HEADER, "dot_isa", dot_isa$descriptor());
        this.dot_isa_supported$MH = Symbols.downcall(lookup, HEADER, "dot_isa_supported", dot_isa_supported$descriptor());
        this.dot_kernels_for$MH = Symbols.downcall(lookup, HEADER, "dot_kernels_for", dot_kernels_for$descriptor());
        this.dot_isa_names$MH = Symbols.downcall(lookup, HEADER, "dot_isa_names", dot_isa_names$descriptor());
        this.dot_version$MH = Symbols.downcall(lookup, HEADER, "dot_version", dot_version$descriptor());
    }

    private static final class dot_add_n {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_LONG, C_POINTER, C_POINTER, C_POINTER, C_LONG);
    }

    /** {@snippet lang=c : dot_limb_t dot_add_n(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp, size_t n); } */
    public static FunctionDescriptor dot_add_n$descriptor() {
        return dot_add_n.DESC;
    }

    public MemorySegment dot_add_n$address() {
        return Symbols.find(lookup, HEADER, "dot_add_n");
    }

    public long dot_add_n(MemorySegment rp, MemorySegment up, MemorySegment vp, long n) {
        try {
            return (long) dot_add_n$MH.invokeExact(rp, up, vp, n);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class dot_sub_n {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_LONG, C_POINTER, C_POINTER, C_POINTER, C_LONG);
    }

    /** {@snippet lang=c : dot_limb_t dot_sub_n(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp, size_t n); } */
    public static FunctionDescriptor dot_sub_n$descriptor() {
        return dot_sub_n.DESC;
    }

    public MemorySegment dot_sub_n$address() {
        return Symbols.find(lookup, HEADER, "dot_sub_n");
    }

    public long dot_sub_n(MemorySegment rp, MemorySegment up, MemorySegment vp, long n) {
        try {
            return (long) dot_sub_n$MH.invokeExact(rp, up, vp, n);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class dot_add_n_ct {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_LONG, C_POINTER, C_POINTER, C_POINTER, C_LONG);
    }

    /** {@snippet lang=c : dot_limb_t dot_add_n_ct(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp, size_t n); } */
    public static FunctionDescriptor dot_add_n_ct$descriptor() {
        return dot_add_n_ct.DESC;
    }

    public MemorySegment dot_add_n_ct$address() {
        return Symbols.find(lookup, HEADER, "dot_add_n_ct");
    }

    public long dot_add_n_ct(MemorySegment rp, MemorySegment up, MemorySegment vp, long n) {
        try {
            return (long) dot_add_n_ct$MH.invokeExact(rp, up, vp, n);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class dot_sub_n_ct {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_LONG, C_POINTER, C_POINTER, C_POINTER, C_LONG);
    }

    /** {@snippet lang=c : dot_limb_t dot_sub_n_ct(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp, size_t n); } */
    public static FunctionDescriptor dot_sub_n_ct$descriptor() {
        return dot_sub_n_ct.DESC;
    }

    public MemorySegment dot_sub_n_ct$address() {
        return Symbols.find(lookup, HEADER, "dot_sub_n_ct");
    }

    public long dot_sub_n_ct(MemorySegment rp, MemorySegment up, MemorySegment vp, long n) {
        try {
            return (long) dot_sub_n_ct$MH.invokeExact(rp, up, vp, n);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class dot_mul_4x4 {
        static final FunctionDescriptor DESC = FunctionDescriptor.ofVoid(C_POINTER, C_POINTER, C_POINTER);
    }

    /** {@snippet lang=c : void dot_mul_4x4(dot_limb_t rp[8], const dot_limb_t up[4], const dot_limb_t vp[4]); } */
    public static FunctionDescriptor dot_mul_4x4$descriptor() {
        return dot_mul_4x4.DESC;
    }

    public MemorySegment dot_mul_4x4$address() {
        return Symbols.find(lookup, HEADER, "dot_mul_4x4");
    }

    public void dot_mul_4x4(MemorySegment rp, MemorySegment up, MemorySegment vp) {
        try {
            dot_mul_4x4$MH.invokeExact(rp, up, vp);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class dot_sqr_4x4 {
        static final FunctionDescriptor DESC = FunctionDescriptor.ofVoid(C_POINTER, C_POINTER);
    }

    /** {@snippet lang=c : void dot_sqr_4x4(dot_limb_t rp[8], const dot_limb_t up[4]); } */
    public static FunctionDescriptor dot_sqr_4x4$descriptor() {
        return dot_sqr_4x4.DESC;
    }

    public MemorySegment dot_sqr_4x4$address() {
        return Symbols.find(lookup, HEADER, "dot_sqr_4x4");
    }

    public void dot_sqr_4x4(MemorySegment rp, MemorySegment up) {
        try {
            dot_sqr_4x4$MH.invokeExact(rp, up);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class dot_mul_5x5_r52 {
        static final FunctionDescriptor DESC = FunctionDescriptor.ofVoid(C_POINTER, C_POINTER, C_POINTER);
    }

    /** {@snippet lang=c : void dot_mul_5x5_r52(dot_limb_t rp[10], const dot_limb_t up[5], const dot_limb_t vp[5]); } */
    public static FunctionDescriptor dot_mul_5x5_r52$descriptor() {
        return dot_mul_5x5_r52.DESC;
    }

    public MemorySegment dot_mul_5x5_r52$address() {
        return Symbols.find(lookup, HEADER, "dot_mul_5x5_r52");
    }

    public void dot_mul_5x5_r52(MemorySegment rp, MemorySegment up, MemorySegment vp) {
        try {
            dot_mul_5x5_r52$MH.invokeExact(rp, up, vp);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class dot_isa {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_POINTER);
    }

    /** {@snippet lang=c : const char *dot_isa(void); } */
    public static FunctionDescriptor dot_isa$descriptor() {
        return dot_isa.DESC;
    }

    public MemorySegment dot_isa$address() {
        return Symbols.find(lookup, HEADER, "dot_isa");
    }

    public MemorySegment dot_isa() {
        try {
            return (MemorySegment) dot_isa$MH.invokeExact();
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class dot_isa_supported {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER);
    }

    /** {@snippet lang=c : int dot_isa_supported(const char *name); } */
    public static FunctionDescriptor dot_isa_supported$descriptor() {
        return dot_isa_supported.DESC;
    }

    public MemorySegment dot_isa_supported$address() {
        return Symbols.find(lookup, HEADER, "dot_isa_supported");
    }

    public int dot_isa_supported(MemorySegment name) {
        try {
            return (int) dot_isa_supported$MH.invokeExact(name);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class dot_kernels_for {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_POINTER, C_POINTER);
    }

    /** {@snippet lang=c : const dot_kernels *dot_kernels_for(const char *name); } */
    public static FunctionDescriptor dot_kernels_for$descriptor() {
        return dot_kernels_for.DESC;
    }

    public MemorySegment dot_kernels_for$address() {
        return Symbols.find(lookup, HEADER, "dot_kernels_for");
    }

    public MemorySegment dot_kernels_for(MemorySegment name) {
        try {
            return (MemorySegment) dot_kernels_for$MH.invokeExact(name);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class dot_isa_names {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_POINTER);
    }

    /** {@snippet lang=c : const char *const *dot_isa_names(void); } */
    public static FunctionDescriptor dot_isa_names$descriptor() {
        return dot_isa_names.DESC;
    }

    public MemorySegment dot_isa_names$address() {
        return Symbols.find(lookup, HEADER, "dot_isa_names");
    }

    public MemorySegment dot_isa_names() {
        try {
            return (MemorySegment) dot_isa_names$MH.invokeExact();
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class dot_version {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_POINTER);
    }

    /** {@snippet lang=c : const char *dot_version(void); } */
    public static FunctionDescriptor dot_version$descriptor() {
        return dot_version.DESC;
    }

    public MemorySegment dot_version$address() {
        return Symbols.find(lookup, HEADER, "dot_version");
    }

    public MemorySegment dot_version() {
        try {
            return (MemorySegment) dot_version$MH.invokeExact();
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }
}
