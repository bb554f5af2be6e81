package dotbench.nativeloop;

import dotbench.bindings.Gmp;
import dotbench.bindings.helper.GmpbenchWork;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * libdotbench_native.so, the native loop helper: GMPbench's workloads and timed loops in C,
 * calling whichever GMP variant's functions it is handed. One per process is enough.
 */
public final class NativeHelper implements AutoCloseable {
    public static final String LIBRARY = "build/harness/libdotbench_native.so";

    private final Arena arena;
    private final GmpbenchWork h;
    private final List<String> gmpSymbols;

    private NativeHelper(Path library) {
        this.arena = Arena.ofShared();
        this.h = new GmpbenchWork(SymbolLookup.libraryLookup(library, arena));
        this.gmpSymbols = strings(h.dotbench_gmp_symbols());
    }

    /** Loads {@code root}/build/harness/libdotbench_native.so, which `make java` builds. */
    public static NativeHelper load(Path root) {
        Path library = root.resolve(LIBRARY);
        if (!Files.isRegularFile(library)) {
            throw new IllegalStateException(
                    library + " is missing: run `make java` (it builds the native loop helper)");
        }
        return new NativeHelper(library);
    }

    /** The test names the C side knows, in runbench order. */
    public List<String> tests() {
        return strings(h.dotbench_gmpbench_tests());
    }

    /** The GMP symbols each variant must provide to the workloads. */
    public List<String> gmpSymbols() {
        return gmpSymbols;
    }

    /** Sets up {@code test}'s operands inside {@code gmp}'s variant. */
    public GmpCase newCase(Gmp gmp, String test) {
        try (Arena scratch = Arena.ofConfined()) {
            MemorySegment fns = scratch.allocate(ValueLayout.ADDRESS, gmpSymbols.size());
            for (int i = 0; i < gmpSymbols.size(); i++) {
                String symbol = gmpSymbols.get(i);
                MemorySegment address = gmp.variant()
                        .symbol(symbol)
                        .orElseThrow(() -> new IllegalArgumentException(gmp.variant() + " does not export " + symbol));
                fns.setAtIndex(ValueLayout.ADDRESS, i, address);
            }
            MemorySegment c = h.dotbench_case_new(fns, scratch.allocateFrom(test));
            if (c.equals(MemorySegment.NULL)) {
                throw new IllegalArgumentException("the native helper does not know test " + test);
            }
            return new GmpCase(h, c, test, gmp);
        }
    }

    private static List<String> strings(MemorySegment nullTerminated) {
        MemorySegment array = nullTerminated.reinterpret(Long.MAX_VALUE);
        List<String> out = new ArrayList<>();
        for (long i = 0; ; i++) {
            MemorySegment s = array.getAtIndex(ValueLayout.ADDRESS, i);
            if (s.equals(MemorySegment.NULL)) {
                return List.copyOf(out);
            }
            out.add(s.reinterpret(Long.MAX_VALUE).getString(0));
        }
    }

    @Override
    public void close() {
        arena.close();
    }
}
