package dotbench.bindings.helper;

import dotbench.bindings.generated.ntt.dotbench_mul_loop_empty_fn;
import dotbench.bindings.generated.ntt.dotbench_mul_loop_fn;
import dotbench.bindings.generated.ntt.dotbench_mul_timing;
import dotbench.bindings.generated.ntt.dotbench_ntt_kernel_fn;
import dotbench.bindings.generated.ntt.dotbench_ntt_runs_fn;
import dotbench.bindings.generated.ntt.dotbench_ntt_variants_fn;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * libdotbench_ntt.so (harness/src/main/c/ntt_loop.h): libdot's NTT variants by name, as kernels
 * of GMP's shapes, and the timed loop the NTT suite calls them in.
 */
public final class NttLoops {
    /** mpn_mul's shape: (rp, up, un, vp, vn) -> the top limb. */
    public static final int SHAPE_MUL = 0;
    /** mpn_sqr's shape: (rp, up, n). */
    public static final int SHAPE_SQR = 1;
    /** mpn_mul_n's shape: (rp, up, vp, n). */
    public static final int SHAPE_MUL_N = 2;

    private final MemorySegment variants;
    private final MemorySegment runs;
    private final MemorySegment kernel;
    private final MemorySegment loop;
    private final MemorySegment loopEmpty;

    public NttLoops(SymbolLookup lookup) {
        this.variants = find(lookup, "dotbench_ntt_variants");
        this.runs = find(lookup, "dotbench_ntt_runs");
        this.kernel = find(lookup, "dotbench_ntt_kernel");
        this.loop = find(lookup, "dotbench_mul_loop");
        this.loopEmpty = find(lookup, "dotbench_mul_loop_empty");
    }

    private static MemorySegment find(SymbolLookup lookup, String name) {
        return lookup.find(name)
                .orElseThrow(() -> new UnsatisfiedLinkError("libdotbench_ntt.so does not export " + name));
    }

    /** The NTT variants the library knows, runnable here or not. */
    public List<String> variants() {
        MemorySegment array = dotbench_ntt_variants_fn.invoke(variants).reinterpret(Long.MAX_VALUE);
        List<String> out = new ArrayList<>();
        for (long i = 0; ; i++) {
            MemorySegment s = array.getAtIndex(ValueLayout.ADDRESS, i);
            if (s.equals(MemorySegment.NULL)) {
                return List.copyOf(out);
            }
            out.add(s.reinterpret(Long.MAX_VALUE).getString(0));
        }
    }

    /** Whether this CPU runs the variant's transforms. */
    public boolean runs(String variant) {
        try (Arena a = Arena.ofConfined()) {
            return dotbench_ntt_runs_fn.invoke(runs, a.allocateFrom(variant)) != 0;
        }
    }

    /** The variant's kernel of {@code shape}; empty if it is unknown or cannot run here. */
    public Optional<MemorySegment> kernel(String variant, int shape) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment f = dotbench_ntt_kernel_fn.invoke(kernel, a.allocateFrom(variant), shape);
            return f.equals(MemorySegment.NULL) ? Optional.empty() : Optional.of(f);
        }
    }

    /** A dotbench_mul_timing for the loops to fill. */
    public static MemorySegment newTiming(SegmentAllocator allocator) {
        return dotbench_mul_timing.allocate(allocator);
    }

    public static long cpuNanos(MemorySegment timing) {
        return dotbench_mul_timing.cpu_ns(timing);
    }

    public static long wallNanos(MemorySegment timing) {
        return dotbench_mul_timing.wall_ns(timing);
    }

    /** {@code reps} calls of {@code fn} (of {@code shape}, MUL or SQR), timed into {@code out}. */
    public void loop(
            MemorySegment fn,
            int shape,
            MemorySegment rp,
            MemorySegment up,
            long un,
            MemorySegment vp,
            long vn,
            long reps,
            MemorySegment out) {
        dotbench_mul_loop_fn.invoke(loop, fn, shape, rp, up, un, vp, vn, reps, out);
    }

    /** The same loop around an empty function of the shape. */
    public void loopEmpty(
            int shape,
            MemorySegment rp,
            MemorySegment up,
            long un,
            MemorySegment vp,
            long vn,
            long reps,
            MemorySegment out) {
        dotbench_mul_loop_empty_fn.invoke(loopEmpty, shape, rp, up, un, vp, vn, reps, out);
    }
}
