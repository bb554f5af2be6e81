package dotbench.bindings.internal;

import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.invoke.VarHandle;

/**
 * {@code typedef struct { int _mp_alloc; int _mp_size; mp_limb_t *_mp_d; } __mpz_struct;}
 * from gmp.h; {@code mpz_t} is an array of one. Checked against the C compiler's offsetof and
 * sizeof by MpzLayoutTest.
 */
public final class __mpz_struct {
    private __mpz_struct() {
    }

    private static final GroupLayout $LAYOUT = MemoryLayout.structLayout(
            gmp_h.C_INT.withName("_mp_alloc"),
            gmp_h.C_INT.withName("_mp_size"),
            gmp_h.C_POINTER.withName("_mp_d")).withName("__mpz_struct");

    public static GroupLayout layout() {
        return $LAYOUT;
    }

    private static final VarHandle _mp_alloc$VH = $LAYOUT.varHandle(MemoryLayout.PathElement.groupElement("_mp_alloc"));
    private static final VarHandle _mp_size$VH = $LAYOUT.varHandle(MemoryLayout.PathElement.groupElement("_mp_size"));
    private static final VarHandle _mp_d$VH = $LAYOUT.varHandle(MemoryLayout.PathElement.groupElement("_mp_d"));

    public static long _mp_alloc$offset() {
        return $LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("_mp_alloc"));
    }

    public static long _mp_size$offset() {
        return $LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("_mp_size"));
    }

    public static long _mp_d$offset() {
        return $LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("_mp_d"));
    }

    public static int _mp_alloc(MemorySegment struct) {
        return (int) _mp_alloc$VH.get(struct, 0L);
    }

    public static int _mp_size(MemorySegment struct) {
        return (int) _mp_size$VH.get(struct, 0L);
    }

    public static void _mp_size(MemorySegment struct, int fieldValue) {
        _mp_size$VH.set(struct, 0L, fieldValue);
    }

    public static MemorySegment _mp_d(MemorySegment struct) {
        return (MemorySegment) _mp_d$VH.get(struct, 0L);
    }

    public static long sizeof() {
        return $LAYOUT.byteSize();
    }

    public static MemorySegment allocate(SegmentAllocator allocator) {
        return allocator.allocate($LAYOUT);
    }

    /** A segment of the struct's size at {@code address} (e.g. an mpz_ptr returned by C). */
    public static MemorySegment reinterpret(MemorySegment address) {
        return address.reinterpret($LAYOUT.byteSize());
    }
}
