package dotbench.compare;

import dotbench.report.ResultFile;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Whether two result files can be compared figure by figure: same suite, same CPU (model name,
 * family numbers where both files record them, instruction-set flags), same variant set, same
 * libdot ISA. A difference in any of these moves the numbers by itself, so a
 * ratio across it would be read as a regression (or an improvement) that the code did not cause.
 */
public record Compatibility(List<String> reasons) {
    public Compatibility {
        reasons = List.copyOf(reasons);
    }

    public boolean meaningful() {
        return reasons.isEmpty();
    }

    public static Compatibility of(ResultFile base, ResultFile next) {
        List<String> reasons = new ArrayList<>();
        if (!Objects.equals(base.suite(), next.suite())) {
            reasons.add("different suites: " + base.suite() + " vs " + next.suite());
        }
        if (!base.cpuModel().equals(next.cpuModel())) {
            reasons.add("different CPU models: '" + base.cpuModel() + "' vs '" + next.cpuModel() + "'");
        }
        Optional<String> baseSig = base.cpuSignature(), nextSig = next.cpuSignature();
        if (baseSig.isPresent() && nextSig.isPresent() && !baseSig.equals(nextSig)) {
            reasons.add("different CPUs: " + baseSig.get() + " vs " + nextSig.get());
        }
        Set<String> baseIsaFlags = isaFlags(base), nextIsaFlags = isaFlags(next);
        if (!base.cpuFlags().isEmpty() && !next.cpuFlags().isEmpty() && !baseIsaFlags.equals(nextIsaFlags)) {
            reasons.add("different instruction-set flags: only in BASE " + only(baseIsaFlags, nextIsaFlags)
                    + ", only in NEW " + only(nextIsaFlags, baseIsaFlags));
        }
        if (!base.variantNames().stream()
                .sorted()
                .toList()
                .equals(next.variantNames().stream().sorted().toList())) {
            reasons.add("different variant sets: " + base.variantNames() + " vs " + next.variantNames());
        }
        String baseIsa = base.libdotIsa().orElse("unrecorded");
        String nextIsa = next.libdotIsa().orElse("unrecorded");
        if (!baseIsa.equals(nextIsa)) {
            reasons.add("libdot ran different ISAs: " + baseIsa + " vs " + nextIsa);
        }
        return new Compatibility(reasons);
    }

    /**
     * The /proc/cpuinfo flags that name instruction-set extensions (the libraries pick code paths
     * by them): files with the same model name but other extensions ran on another CPU generation
     * or behind another hypervisor mask. Other flags (kernel features, bugs) are left out.
     */
    static Set<String> isaFlags(ResultFile f) {
        Set<String> out = new TreeSet<>();
        for (String flag : f.cpuFlags()) {
            if (ISA_FLAG.matcher(flag).lookingAt()) {
                out.add(flag);
            }
        }
        return out;
    }

    private static final Pattern ISA_FLAG = Pattern.compile(
            "(avx|sse|ssse|bmi|adx|sha|vaes|vpclmul|gfni|aes|pclmul|movbe|fma|f16c|amx|popcnt|lzcnt|abm)");

    private static String only(Set<String> a, Set<String> b) {
        List<String> d = a.stream().filter(x -> !b.contains(x)).toList();
        return d.isEmpty() ? "none" : String.join(" ", d);
    }
}
