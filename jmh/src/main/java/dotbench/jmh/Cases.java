package dotbench.jmh;

import dotbench.bindings.Dot;
import dotbench.bindings.LibraryKind;
import dotbench.bindings.LibraryVariant;
import dotbench.bindings.VariantCatalog;
import dotbench.bindings.VariantSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Every case this machine can run: each built GMP variant's mpn add/sub/mul/sqr, each built
 * OpenSSL variant's BN_uadd/BN_usub, each libdot variant the CPU runs and each prior-work
 * baseline, at the paper's twelve sizes plus odd limb counts (and 4 limbs for the 4x4 kernels).
 */
final class Cases {
    /** The paper's sizes, 512 to 32768 bits (Section 4), in 64-bit limbs. */
    static final List<Integer> PAPER_LIMBS = List.of(8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512);
    /** Sizes that are no multiple of any vector width: the masked tails of every kernel. */
    static final List<Integer> ODD_LIMBS = List.of(5, 13, 37);
    /** The NTT products' sizes: the paper sizes from where libdot's NTT nears GMP's asm. */
    static final List<Integer> NTT_LIMBS = List.of(64, 128, 256, 512);
    /** libdot's NTT variants timed, where this CPU runs them (ntt/scalar is the slow reference). */
    static final List<String> NTT_VARIANTS = List.of("ifma", "avx2");

    private Cases() {}

    static List<String> all(Path root) {
        List<Integer> sizes = new ArrayList<>(PAPER_LIMBS);
        sizes.addAll(ODD_LIMBS);
        List<String> out = new ArrayList<>();
        VariantCatalog catalog = VariantCatalog.scan(root);
        for (VariantSpec gmp : catalog.built(LibraryKind.GMP)) {
            String impl = "gmp/" + gmp.name();
            for (String op : List.of("add_n", "sub_n", "mul_n", "sqr_n")) {
                sizes.forEach(n -> out.add(impl + ":" + op + ":" + n));
            }
            out.add(impl + ":mul_4x4:4");
            out.add(impl + ":sqr_4x4:4");
        }
        for (VariantSpec ssl : catalog.built(LibraryKind.OPENSSL)) {
            for (String op : List.of("bn_uadd", "bn_usub")) {
                sizes.forEach(n -> out.add("openssl/" + ssl.name() + ":" + op + ":" + n));
            }
        }
        try (LibraryVariant v = LibraryVariant.open(catalog.dot())) {
            Dot dot = Dot.of(v);
            for (String isa : dot.isaNames()) {
                if (dot.isaSupported(isa)) {
                    for (String op : List.of("add_n", "sub_n")) {
                        sizes.forEach(n -> out.add("libdot/" + isa + ":" + op + ":" + n));
                    }
                    out.add("libdot/" + isa + ":mul_4x4:4");
                    out.add("libdot/" + isa + ":sqr_4x4:4");
                }
            }
            List<String> baselines = new ArrayList<>(List.of("adc"));
            for (String isa : List.of("avx2", "avx512")) {
                if (dot.isaSupported(isa)) {
                    baselines.add("ren-" + isa);
                    baselines.add("ksa-" + isa);
                }
            }
            for (String b : baselines) {
                for (String op : List.of("add_n", "sub_n")) {
                    sizes.forEach(n -> out.add("baseline/" + b + ":" + op + ":" + n));
                }
            }
            if (dot.isaSupported("ifma")) {
                out.add("baseline/gk-ifma:mul_4x4:4");
            }
            for (String ntt : NTT_VARIANTS) {
                if (dot.isaSupported(ntt)) {
                    for (String op : List.of("mul_n", "sqr_n")) {
                        NTT_LIMBS.forEach(n -> out.add("ntt/" + ntt + ":" + op + ":" + n));
                    }
                }
            }
        }
        return out;
    }

    /**
     * The A/B pairs the result file compares (baseline, candidate): stock vs patched per library
     * and pathway, each libdot variant vs the scalar add-with-carry chain, DoT vs the prior SIMD
     * work at the same width, and the IFMA 4x4 multiply vs GMP's.
     */
    static final List<List<String>> PAIRS = List.of(
            List.of("gmp/stock", "gmp/dot"),
            List.of("gmp/stock-noasm", "gmp/dot-noasm"),
            List.of("openssl/stock", "openssl/dot"),
            List.of("openssl/stock-noasm", "openssl/dot-noasm"),
            List.of("baseline/adc", "libdot/scalar"),
            List.of("baseline/adc", "libdot/sse"),
            List.of("baseline/adc", "libdot/avx2"),
            List.of("baseline/adc", "libdot/avx512"),
            List.of("baseline/ksa-avx2", "libdot/avx2"),
            List.of("baseline/ren-avx2", "libdot/avx2"),
            List.of("baseline/ksa-avx512", "libdot/avx512"),
            List.of("baseline/ren-avx512", "libdot/avx512"),
            List.of("baseline/gk-ifma", "libdot/ifma"),
            List.of("gmp/stock", "libdot/ifma"),
            List.of("gmp/stock-noasm", "libdot/ifma"),
            List.of("gmp/stock", "ntt/ifma"),
            List.of("gmp/stock", "ntt/avx2"));
}
