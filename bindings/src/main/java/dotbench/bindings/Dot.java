package dotbench.bindings;

import dotbench.bindings.generated.dot.dot_add_n_fn;
import dotbench.bindings.generated.dot.dot_isa_fn;
import dotbench.bindings.generated.dot.dot_isa_names_fn;
import dotbench.bindings.generated.dot.dot_isa_supported_fn;
import dotbench.bindings.generated.dot.dot_kernels;
import dotbench.bindings.generated.dot.dot_kernels_for_fn;
import dotbench.bindings.generated.dot.dot_mul_4x4_fn;
import dotbench.bindings.generated.dot.dot_settings_fn;
import dotbench.bindings.generated.dot.dot_sqr_4x4_fn;
import dotbench.bindings.generated.dot.dot_sub_n_fn;
import dotbench.bindings.generated.dot.dot_version_fn;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The typed view of libdot: which ISA runs, the per-ISA kernel tables, and the dispatched kernels.
 * Each function is found in the loaded library's own lookup and called through jextract's
 * descriptor of it; a table's kernels through the descriptors of dot_kernels' fields.
 */
public final class Dot {
    private final LibraryVariant variant;
    private final MemorySegment isa;
    private final MemorySegment version;
    private final MemorySegment settings;
    private final MemorySegment isaNames;
    private final MemorySegment isaSupported;
    private final MemorySegment kernelsFor;
    private final MemorySegment addN;
    private final MemorySegment subN;
    private final MemorySegment mul4x4;
    private final MemorySegment sqr4x4;

    private Dot(LibraryVariant variant) {
        this.variant = variant;
        this.isa = variant.function("dot_isa");
        this.version = variant.function("dot_version");
        this.settings = variant.function("dot_settings");
        this.isaNames = variant.function("dot_isa_names");
        this.isaSupported = variant.function("dot_isa_supported");
        this.kernelsFor = variant.function("dot_kernels_for");
        this.addN = variant.function("dot_add_n");
        this.subN = variant.function("dot_sub_n");
        this.mul4x4 = variant.function("dot_mul_4x4");
        this.sqr4x4 = variant.function("dot_sqr_4x4");
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
        return text(dot_isa_fn.invoke(isa));
    }

    public String version() {
        return text(dot_version_fn.invoke(version));
    }

    /**
     * What the dispatched entry points run in this process: the ISA and the add/sub crossovers with
     * where they come from, e.g. "isa=ifma crossover=add_n:24,sub_n:24,add_n_ct:32,sub_n_ct:32
     * (zen4 table)".
     */
    public String settings() {
        return text(dot_settings_fn.invoke(settings));
    }

    /** Every ISA variant built into the library, best last. */
    public List<String> isaNames() {
        MemorySegment names = dot_isa_names_fn.invoke(isaNames).reinterpret(Long.MAX_VALUE);
        List<String> out = new ArrayList<>();
        for (long i = 0; ; i++) {
            MemorySegment name = names.getAtIndex(ValueLayout.ADDRESS, i);
            if (name.equals(MemorySegment.NULL)) {
                return List.copyOf(out);
            }
            out.add(text(name));
        }
    }

    public boolean isaSupported(String isa) {
        try (Arena arena = Arena.ofConfined()) {
            return dot_isa_supported_fn.invoke(isaSupported, arena.allocateFrom(isa)) != 0;
        }
    }

    /** The kernel table of an ISA variant, or empty when it is unknown or cannot run here. */
    public Optional<DotKernels> kernels(String isa) {
        MemorySegment table;
        try (Arena arena = Arena.ofConfined()) {
            table = dot_kernels_for_fn
                    .invoke(kernelsFor, arena.allocateFrom(isa))
                    .reinterpret(dot_kernels.sizeof());
        }
        if (table.equals(MemorySegment.NULL)) {
            return Optional.empty();
        }
        return Optional.of(new DotKernels(
                text(dot_kernels.name(table)),
                text(dot_kernels.addsub_from(table)),
                text(dot_kernels.mul_from(table)),
                dot_kernels.add_n(table),
                dot_kernels.sub_n(table),
                dot_kernels.add_n_ct(table),
                dot_kernels.sub_n_ct(table),
                dot_kernels.mul_4x4(table),
                dot_kernels.sqr_4x4(table),
                dot_kernels.mul_5x5_r52(table)));
    }

    public long addN(Limbs r, Limbs a, Limbs b) {
        return dot_add_n_fn.invoke(addN, r.segment(), a.segment(), b.segment(), sameLength(r, a, b));
    }

    public long subN(Limbs r, Limbs a, Limbs b) {
        return dot_sub_n_fn.invoke(subN, r.segment(), a.segment(), b.segment(), sameLength(r, a, b));
    }

    public void mul4x4(Limbs r, Limbs a, Limbs b) {
        check4x4(r, a, b);
        dot_mul_4x4_fn.invoke(mul4x4, r.segment(), a.segment(), b.segment());
    }

    public void sqr4x4(Limbs r, Limbs a) {
        check4x4(r, a, a);
        dot_sqr_4x4_fn.invoke(sqr4x4, r.segment(), a.segment());
    }

    /** Calls an add_n or sub_n kernel taken from a {@link DotKernels} table. */
    public static long callAddSub(MemorySegment kernel, Limbs r, Limbs a, Limbs b) {
        return dot_kernels.add_n.invoke(kernel, r.segment(), a.segment(), b.segment(), sameLength(r, a, b));
    }

    /** Calls a mul_4x4 kernel taken from a {@link DotKernels} table. */
    public static void callMul4x4(MemorySegment kernel, Limbs r, Limbs a, Limbs b) {
        check4x4(r, a, b);
        dot_kernels.mul_4x4.invoke(kernel, r.segment(), a.segment(), b.segment());
    }

    /** Calls a sqr_4x4 kernel taken from a {@link DotKernels} table. */
    public static void callSqr4x4(MemorySegment kernel, Limbs r, Limbs a) {
        check4x4(r, a, a);
        dot_kernels.sqr_4x4.invoke(kernel, r.segment(), a.segment());
    }

    private static String text(MemorySegment cString) {
        return cString.equals(MemorySegment.NULL)
                ? ""
                : cString.reinterpret(Long.MAX_VALUE).getString(0);
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
}
