package dotbench.bindings.helper;

import dotbench.bindings.generated.kloop.dotbench_kloop_addsub_fn;
import dotbench.bindings.generated.kloop.dotbench_kloop_bn3_fn;
import dotbench.bindings.generated.kloop.dotbench_kloop_mul4_fn;
import dotbench.bindings.generated.kloop.dotbench_kloop_mul_n_fn;
import dotbench.bindings.generated.kloop.dotbench_kloop_sqr4_fn;
import dotbench.bindings.generated.kloop.dotbench_kloop_sqr_n_fn;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;

/**
 * The JMH suite's native loops, libdotbench_kloop.so (jmh/src/main/c/kernel_loop.h): each calls
 * the kernel it is handed {@code reps} times. Each loop is found in the given lookup and called
 * through jextract's descriptor of it.
 */
public final class KernelLoops {
    private final MemorySegment addsub;
    private final MemorySegment mulN;
    private final MemorySegment sqrN;
    private final MemorySegment mul4;
    private final MemorySegment sqr4;
    private final MemorySegment bn3;
    private final MemorySegment empty;

    public KernelLoops(SymbolLookup lookup) {
        this.addsub = find(lookup, "dotbench_kloop_addsub");
        this.mulN = find(lookup, "dotbench_kloop_mul_n");
        this.sqrN = find(lookup, "dotbench_kloop_sqr_n");
        this.mul4 = find(lookup, "dotbench_kloop_mul4");
        this.sqr4 = find(lookup, "dotbench_kloop_sqr4");
        this.bn3 = find(lookup, "dotbench_kloop_bn3");
        this.empty = find(lookup, "dotbench_kloop_empty");
    }

    private static MemorySegment find(SymbolLookup lookup, String name) {
        return lookup.find(name)
                .orElseThrow(() -> new UnsatisfiedLinkError("libdotbench_kloop.so does not export " + name));
    }

    /** An empty kernel of the add/sub shape, for {@link #addsub}: the loop's own cost. */
    public MemorySegment emptyKernel() {
        return empty;
    }

    /** {@code reps} calls of an add_n/sub_n-shaped kernel; the sum of its carries. */
    public long addsub(MemorySegment kernel, MemorySegment rp, MemorySegment up, MemorySegment vp, long n, long reps) {
        return dotbench_kloop_addsub_fn.invoke(addsub, kernel, rp, up, vp, n, reps);
    }

    /** {@code reps} calls of an mpn_mul_n-shaped kernel; rp[0] after the last. */
    public long mulN(MemorySegment kernel, MemorySegment rp, MemorySegment up, MemorySegment vp, long n, long reps) {
        return dotbench_kloop_mul_n_fn.invoke(mulN, kernel, rp, up, vp, n, reps);
    }

    /** {@code reps} calls of an mpn_sqr-shaped kernel; rp[0] after the last. */
    public long sqrN(MemorySegment kernel, MemorySegment rp, MemorySegment up, long n, long reps) {
        return dotbench_kloop_sqr_n_fn.invoke(sqrN, kernel, rp, up, n, reps);
    }

    /** {@code reps} calls of a dot_mul_4x4-shaped kernel; rp[0] after the last. */
    public long mul4(MemorySegment kernel, MemorySegment rp, MemorySegment up, MemorySegment vp, long reps) {
        return dotbench_kloop_mul4_fn.invoke(mul4, kernel, rp, up, vp, reps);
    }

    /** {@code reps} calls of a dot_sqr_4x4-shaped kernel; rp[0] after the last. */
    public long sqr4(MemorySegment kernel, MemorySegment rp, MemorySegment up, long reps) {
        return dotbench_kloop_sqr4_fn.invoke(sqr4, kernel, rp, up, reps);
    }

    /** {@code reps} calls of a BN_uadd-shaped kernel; how many of them failed. */
    public long bn3(MemorySegment kernel, MemorySegment r, MemorySegment a, MemorySegment b, long reps) {
        return dotbench_kloop_bn3_fn.invoke(bn3, kernel, r, a, b, reps);
    }
}
