package dotbench.bindings.internal;

import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;

/**
 * {@code typedef struct dot_kernels { const char *name; <7 function pointers>; const char
 * *addsub_from; const char *mul_from; } dot_kernels;} from dot.h. Checked against the C compiler
 * by DotKernelsLayoutTest.
 */
public final class dot_kernels {
    private dot_kernels() {
    }

    private static final GroupLayout $LAYOUT = MemoryLayout.structLayout(
            dot_h.C_POINTER.withName("name"),
            dot_h.C_POINTER.withName("add_n"),
            dot_h.C_POINTER.withName("sub_n"),
            dot_h.C_POINTER.withName("add_n_ct"),
            dot_h.C_POINTER.withName("sub_n_ct"),
            dot_h.C_POINTER.withName("mul_4x4"),
            dot_h.C_POINTER.withName("sqr_4x4"),
            dot_h.C_POINTER.withName("mul_5x5_r52"),
            dot_h.C_POINTER.withName("addsub_from"),
            dot_h.C_POINTER.withName("mul_from")).withName("dot_kernels");

    public static GroupLayout layout() {
        return $LAYOUT;
    }

    public static long sizeof() {
        return $LAYOUT.byteSize();
    }

    /** Offset of the named field, as offsetof(dot_kernels, field). */
    public static long offsetOf(String field) {
        return $LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement(field));
    }

    /** The pointer stored in the named field of the struct at {@code struct}. */
    public static MemorySegment pointer(MemorySegment struct, String field) {
        return struct.reinterpret($LAYOUT.byteSize()).get(dot_h.C_POINTER, offsetOf(field));
    }
}
