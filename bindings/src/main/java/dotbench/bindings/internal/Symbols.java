package dotbench.bindings.internal;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

/** Symbol resolution shared by the header classes: a missing symbol is an error naming it. */
final class Symbols {
    private Symbols() {
    }

    static MemorySegment find(SymbolLookup lookup, String library, String symbol) {
        return lookup.find(symbol).orElseThrow(
                () -> new UnsatisfiedLinkError(library + " does not export " + symbol));
    }

    static MethodHandle downcall(SymbolLookup lookup, String library, String symbol, FunctionDescriptor descriptor) {
        return Linker.nativeLinker().downcallHandle(find(lookup, library, symbol), descriptor);
    }

    /** Wraps a Throwable from invokeExact: native calls here declare no checked exceptions. */
    static AssertionError rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new AssertionError("unexpected checked exception from a downcall", t);
    }
}
