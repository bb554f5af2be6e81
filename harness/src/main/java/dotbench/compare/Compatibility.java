package dotbench.compare;

import dotbench.report.ResultFile;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Whether two result files can be compared figure by figure: same suite, same CPU model, same
 * variant set, same libdot ISA. A difference in any of these moves the numbers by itself, so a
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
}
