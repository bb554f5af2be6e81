package dotbench.bindings;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;

/** An mpn-style array of n 64-bit limbs in native memory it owns; single-threaded. */
public final class Limbs implements AutoCloseable {
    private final Arena arena;
    private final MemorySegment segment;
    private final int length;

    private Limbs(int length) {
        if (length < 1) {
            throw new IllegalArgumentException("an mpn needs at least one limb, got " + length);
        }
        this.arena = Arena.ofConfined();
        this.segment = arena.allocate(ValueLayout.JAVA_LONG, length);
        this.length = length;
    }

    public static Limbs zeros(int length) {
        return new Limbs(length);
    }

    public static Limbs of(long... limbs) {
        Limbs out = new Limbs(limbs.length);
        MemorySegment.copy(limbs, 0, out.segment, ValueLayout.JAVA_LONG, 0, limbs.length);
        return out;
    }

    public static Limbs of(BigInteger value, int length) {
        return of(LimbCodec.toLimbs(value, length));
    }

    public int length() {
        return length;
    }

    public MemorySegment segment() {
        return segment;
    }

    public long[] toArray() {
        return segment.toArray(ValueLayout.JAVA_LONG);
    }

    public BigInteger toBigInteger() {
        return LimbCodec.fromLimbs(toArray());
    }

    @Override
    public void close() {
        arena.close();
    }
}
