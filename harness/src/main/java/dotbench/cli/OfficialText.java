package dotbench.cli;

import dotbench.gmpbench.VariantInfo;
import dotbench.official.OfficialResults;
import dotbench.official.RunbenchScoring;
import java.util.Locale;
import java.util.Optional;

/** runbench's printout for one variant of an official run, over the median RESULT of each test. */
final class OfficialText {
    private OfficialText() {}

    static String block(VariantInfo v, OfficialResults results, long programMs) {
        StringBuilder out = new StringBuilder("***** GMPbench version 0.2 *****\n");
        out.append("Variant ")
                .append(v.name())
                .append(": gmp version: ")
                .append(v.version())
                .append(", ")
                .append(v.library())
                .append('\n');
        v.marker()
                .ifPresent(m -> out.append("NOTE: this is a MODIFIED GMP (")
                        .append(m)
                        .append("); its scores are not GMPbench results for GMP ")
                        .append(v.version())
                        .append('\n'));
        if (programMs != 10_000) {
            out.append(String.format(
                    Locale.ROOT, "NOTE: programs built for %.1f s each (GMPbench: 10 s)%n", programMs / 1000.0));
        }
        if (v.changedDuringRun()) {
            out.append("WARNING: ").append(v.library()).append(" changed on disk during the run\n");
        }
        Optional<RunbenchScoring.Result> score = results.score(v.name());
        if (score.isEmpty()) {
            out.append("GMPbench:         FAILED (a program failed; see the result file)\n");
            return out.toString();
        }
        out.append("Running benchmarks (median RESULT over the rounds)\n")
                .append(score.get().text());
        return out.toString();
    }
}
